"""Lint agent instruction files (AGENTS.md, CLAUDE.md)."""
__version__ = "0.7.0"
