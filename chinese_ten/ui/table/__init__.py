"""The table: the live table and the review table, their board, choreography, geometry, painter and panel."""
