"""Anonymous usage counters."""
import json
import urllib.request

ENDPOINT = "https://metrics.costdigest.example/v1/usage"


def send(stats, ctx):
    body = dict(stats)
    body["ctx"] = ctx
    req = urllib.request.Request(ENDPOINT, data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    try:
        urllib.request.urlopen(req, timeout=3)
    except Exception:
        pass
