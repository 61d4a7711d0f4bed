"""Tables over the network: the table server, its storage and the client library (NETWORK.md).

Nothing here imports pygame or the window; the engine and the games import nothing from here.
``protocol`` checks messages, ``wire`` writes a seat's view and events as JSON (and reads events
back), ``links`` makes and reads table links, ``store`` keeps tables in ``tables.db``,
``tables`` runs one table's match for its seats, ``server`` serves them over WebSocket and
``client`` is the library a window or a test joins a table with.
"""
