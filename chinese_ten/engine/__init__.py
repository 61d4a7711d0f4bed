"""What every game at the table shares, whatever its rules: the game protocol, the errors
that tell a malformed action from a forbidden one, and the random streams.

Nothing here knows the rules of a particular game, and nothing here imports pygame.
"""
