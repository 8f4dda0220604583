import os, sys, urllib.request

token = os.environ.get("HEALTH_TOKEN")
for url in sys.argv[1:]:
    req = urllib.request.Request(url)
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(req, timeout=5) as r:
            print(url, r.status)
    except Exception as e:
        print(url, "DOWN", e)
