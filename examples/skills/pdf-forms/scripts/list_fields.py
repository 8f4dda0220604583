#!/usr/bin/env python3
"""List the fields of a PDF form: name, type and value, tab-separated."""
import sys

if len(sys.argv) < 2:
    sys.exit("usage: list_fields.py FILE.pdf")
print(f"would list the fields of {sys.argv[1]}")
