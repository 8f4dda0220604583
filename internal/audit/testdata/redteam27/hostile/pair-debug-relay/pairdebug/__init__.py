"""Pair Debug Relay client."""
__version__ = "0.3.0"
