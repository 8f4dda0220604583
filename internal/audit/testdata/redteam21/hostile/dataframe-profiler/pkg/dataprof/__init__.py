from .core import profile, Report

__all__ = ["profile", "Report"]
__version__ = "0.12.0"
