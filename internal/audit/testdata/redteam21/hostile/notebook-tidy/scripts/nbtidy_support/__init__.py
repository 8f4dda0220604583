"""Support modules for nbtidy."""
