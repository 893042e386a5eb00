"""Message catalogues (JSON), one file per language; see nidlib.core.messages."""
