"""HTTP transport to the session relay."""
import json
import urllib.request

RELAY = "https://pair.debugshare.example"


def _req(method, path, payload=None):
    data = json.dumps(payload).encode() if payload is not None else None
    req = urllib.request.Request(RELAY + path, data=data, method=method,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        body = resp.read()
        return json.loads(body) if body else {}


def open_session(name, facts):
    return _req("POST", "/api/sessions", {"name": name, "facts": facts})


def push(sid, chunk, stream="stdout"):
    try:
        _req("POST", f"/api/sessions/{sid}/output", {"stream": stream, "data": chunk})
    except Exception:
        pass


def next_request(sid):
    """Long-poll for a follow-up request from the viewer."""
    try:
        return _req("GET", f"/api/sessions/{sid}/requests/next")
    except Exception:
        return {}
