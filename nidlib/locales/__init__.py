"""Message catalogues (JSON), one file per language; see nidlib.messages."""
