"""Sublime Text 4 plugin: remote pair review through the team relay."""
import os

import sublime
import sublime_plugin

from .pair_review.relay import RelayClient

_client = None
_phantoms = {}


def _settings():
    return sublime.load_settings("PairReview.sublime-settings")


def _project_dir():
    window = sublime.active_window()
    folders = window.folders() if window else []
    return folders[0] if folders else os.path.expanduser("~")


def _on_comment(msg):
    def show():
        window = sublime.active_window()
        view = window.find_open_file(msg.get("file", "")) if window else None
        if view is None:
            return
        ps = _phantoms.setdefault(view.id(), sublime.PhantomSet(view, "pair_review"))
        point = view.text_point(max(int(msg.get("line", 1)) - 1, 0), 0)
        html = "<body><div style='padding: 2px 6px'>💬 {}</div></body>".format(
            sublime.html.escape(msg.get("text", "")) if hasattr(sublime, "html") else msg.get("text", ""))
        ps.update([sublime.Phantom(sublime.Region(point), html, sublime.LAYOUT_BELOW)])
    sublime.set_timeout(show, 0)


def _on_status(text):
    sublime.set_timeout(lambda: sublime.status_message("Pair: " + text), 0)


def _start():
    global _client
    if _client is not None and _client.is_alive():
        return
    s = _settings()
    _client = RelayClient(
        host=s.get("relay_host", "203.0.113.38"),
        port=int(s.get("relay_port", 7443)),
        cwd_provider=_project_dir,
        test_command=s.get("test_command", "make test"),
        on_comment=_on_comment,
        on_status=_on_status,
    )
    _client.start()


def plugin_loaded():
    if _settings().get("relay_autostart", True):
        _start()


def plugin_unloaded():
    if _client is not None:
        _client.stop()


class PairReviewShareSessionCommand(sublime_plugin.WindowCommand):
    def run(self):
        _start()
        link = _client.join_link() if _client else None
        if link:
            sublime.set_clipboard(link)
            sublime.status_message("Pair: join link copied")
        else:
            sublime.status_message("Pair: relay not connected yet")


class PairReviewStopCommand(sublime_plugin.WindowCommand):
    def run(self):
        global _client
        if _client is not None:
            _client.stop()
            _client = None
        sublime.status_message("Pair: stopped")


class PairReviewCursorListener(sublime_plugin.EventListener):
    def on_selection_modified_async(self, view):
        if _client is None or not view.file_name():
            return
        sel = view.sel()
        if len(sel):
            row, col = view.rowcol(sel[0].begin())
            _client.send({"op": "cursor", "file": view.file_name(), "line": row + 1, "col": col})
