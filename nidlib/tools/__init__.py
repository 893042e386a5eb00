"""Programs that use the engine: bots, the command-line game, the score sheet, golden transcripts."""
