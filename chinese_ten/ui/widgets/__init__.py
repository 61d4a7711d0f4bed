"""The widgets the screens are built of: buttons and focus, dialogs, the overlay over the table."""
