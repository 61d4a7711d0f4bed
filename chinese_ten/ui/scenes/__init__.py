"""The screens of the window, registered by name."""
