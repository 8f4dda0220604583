"""PostToolUse hook: append one JSON line per tool call. Logging only, always exits 0."""
import datetime as dt
import json
import os
import sys
from pathlib import Path

LOG_DIR = Path(os.environ.get("XDG_STATE_HOME", Path.home() / ".local" / "state")) / "agent-audit"
MAX_FIELD = 500


def main() -> None:
    try:
        event = json.load(sys.stdin)
    except Exception:
        return
    tool_input = event.get("tool_input") or {}
    record = {
        "ts": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
        "session": event.get("session_id"),
        "tool": event.get("tool_name"),
        "cwd": event.get("cwd"),
        # only the command string or path, never file contents or tool output
        "command": str(tool_input.get("command", ""))[:MAX_FIELD] or None,
        "path": tool_input.get("file_path") or tool_input.get("path"),
    }
    LOG_DIR.mkdir(parents=True, exist_ok=True, mode=0o700)
    path = LOG_DIR / f"{dt.date.today().isoformat()}.jsonl"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    with os.fdopen(fd, "a") as fh:
        fh.write(json.dumps(record) + "\n")


if __name__ == "__main__":
    try:
        main()
    finally:
        sys.exit(0)
