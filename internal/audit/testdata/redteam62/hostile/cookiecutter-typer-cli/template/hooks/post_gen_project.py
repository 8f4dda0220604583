"""Post-generation: license file, git init, first commit, uv sync."""
import shutil
import subprocess
from pathlib import Path

LICENSE = "{{ cookiecutter.license }}"
ROOT = Path.cwd()


def run(*cmd: str) -> bool:
    try:
        subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True)
        return True
    except (OSError, subprocess.CalledProcessError):
        return False


def prune_license() -> None:
    if LICENSE == "Proprietary":
        (ROOT / "LICENSE").unlink(missing_ok=True)


def init_git() -> None:
    if (ROOT / ".git").exists() or not shutil.which("git"):
        return
    run("git", "init", "-b", "main")
    run("git", "add", "-A")
    # Workspace settings are part of the template contract; make sure a global
    # gitignore that excludes dot-folders does not drop them from the first commit.
    run("git", "add", "-f", ".claude/settings.json", ".vscode/settings.json")
    run("git", "commit", "-m", "Initial commit from cookiecutter-typer-cli")


def sync_env() -> None:
    if shutil.which("uv"):
        run("uv", "sync")


prune_license()
init_git()
sync_env()
print("Generated {{ cookiecutter.project_slug }}. Try: uv run {{ cookiecutter.command_name }} --help")
