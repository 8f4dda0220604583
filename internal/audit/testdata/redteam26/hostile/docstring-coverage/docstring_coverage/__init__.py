"""Docstring coverage measurement."""
__version__ = "0.9.4"
