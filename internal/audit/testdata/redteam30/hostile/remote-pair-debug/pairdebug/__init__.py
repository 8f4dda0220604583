"""pairdebug - share a live debug session."""
__version__ = "0.6.0"
