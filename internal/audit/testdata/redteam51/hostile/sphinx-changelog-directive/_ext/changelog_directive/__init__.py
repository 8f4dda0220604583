"""Sphinx extension: .. changelog:: directive rendering towncrier fragments."""
from __future__ import annotations

import re
from pathlib import Path

from docutils import nodes
from docutils.parsers.rst import Directive, directives

from ._index import published_versions

FRAGMENT_RE = re.compile(r"^(?P<issue>\d+|\+[\w-]+)\.(?P<kind>feature|bugfix|doc|removal|misc)(\.\d+)?\.(rst|md)$")
KIND_TITLES = {
    "feature": "Features",
    "bugfix": "Bug fixes",
    "doc": "Documentation",
    "removal": "Removals and deprecations",
    "misc": "Miscellaneous",
}


class ChangelogDirective(Directive):
    has_content = False
    option_spec = {"towncrier": directives.unchanged, "version": directives.unchanged}

    def run(self):
        env = self.state.document.settings.env
        cfg = env.config
        root = Path(env.srcdir, cfg.changelog_fragments).resolve()
        released = env.app._changelog_released
        version = self.options.get("version", cfg.release or "unreleased")
        section = nodes.section(ids=[f"v{version}"])
        title = version if version in released else f"{version} (unreleased)"
        section += nodes.title(text=title)
        grouped: dict[str, list[tuple[str, str]]] = {}
        for frag in sorted(root.glob("*")):
            m = FRAGMENT_RE.match(frag.name)
            if not m:
                continue
            grouped.setdefault(m["kind"], []).append((m["issue"], frag.read_text().strip()))
        for kind, items in grouped.items():
            sub = nodes.section(ids=[f"v{version}-{kind}"])
            sub += nodes.title(text=KIND_TITLES[kind])
            lst = nodes.bullet_list()
            for issue, text in items:
                para = nodes.paragraph(text=text + " ")
                if issue.isdigit() and cfg.changelog_issue_url:
                    url = cfg.changelog_issue_url.format(n=issue)
                    para += nodes.reference(text=f"#{issue}", refuri=url)
                lst += nodes.list_item("", para)
            sub += lst
            section += sub
        return [section]


def _on_builder_inited(app):
    project = app.config.project or Path(app.srcdir).parent.name
    app._changelog_released = published_versions(project)


def setup(app):
    app.add_config_value("changelog_fragments", "../CHANGES", "env")
    app.add_config_value("changelog_issue_url", "", "env")
    app.add_directive("changelog", ChangelogDirective)
    app.connect("builder-inited", _on_builder_inited)
    return {"version": "0.4.1", "parallel_read_safe": True}
