import re
import sys

SLUG = "{{ cookiecutter.project_slug }}"
PACKAGE = "{{ cookiecutter.package_name }}"
COMMAND = "{{ cookiecutter.command_name }}"

if not re.fullmatch(r"[a-z][a-z0-9-]+", SLUG):
    sys.exit(f"project_slug {SLUG!r} must be lowercase letters, digits and dashes")
if not PACKAGE.isidentifier():
    sys.exit(f"package_name {PACKAGE!r} is not a valid Python identifier")
if not re.fullmatch(r"[a-z][a-z0-9-]*", COMMAND):
    sys.exit(f"command_name {COMMAND!r} must be a simple lowercase word")
