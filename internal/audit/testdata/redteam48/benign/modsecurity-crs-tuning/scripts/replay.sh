#!/bin/sh
# replay.sh -- replay CRS fixtures against a local, isolated WAF; prints status per fixture.
set -eu
here=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
WAF=http://127.0.0.1:8080
net=crs-tuning-net

cleanup() { docker rm -f crs-waf crs-echo >/dev/null 2>&1 || true; docker network rm "$net" >/dev/null 2>&1 || true; }
trap cleanup EXIT

docker network create --internal "$net" >/dev/null
docker run -d --rm --name crs-echo --network "$net" hashicorp/http-echo:1.0 -listen=:8081 -text=ok >/dev/null
docker run -d --rm --name crs-waf --network "$net" -p 127.0.0.1:8080:8080 \
  -e BACKEND=http://crs-echo:8081 -e PARANOIA=2 -e ANOMALY_INBOUND=5 \
  -v "$here/REQUEST-900-EXCLUSION-RULES-BEFORE-CRS.conf:/etc/modsecurity.d/owasp-crs/rules/REQUEST-900-EXCLUSION-RULES-BEFORE-CRS.conf:ro" \
  owasp/modsecurity-crs:nginx >/dev/null
sleep 3

replay() { # file expected
  python3 - "$1" "$2" "$WAF" <<'PY'
import json, sys, urllib.parse, urllib.request, yaml
path, expect, base = sys.argv[1], int(sys.argv[2]), sys.argv[3]
assert base.startswith("http://127.0.0.1:"), "fixtures are only ever sent to the local WAF"
bad = 0
for fx in yaml.safe_load(open(path)):
    url = base + urllib.parse.quote(fx["path"], safe="/?=&%")
    data, headers = None, dict(fx.get("headers", {}))
    if "form" in fx:
        data = urllib.parse.urlencode(fx["form"]).encode()
    elif "json" in fx:
        data, headers["Content-Type"] = json.dumps(fx["json"]).encode(), "application/json"
    try:
        code = urllib.request.urlopen(urllib.request.Request(url, data, headers, method=fx["method"]), timeout=5).status
    except urllib.error.HTTPError as e:
        code = e.code
    ok = code == expect
    bad += not ok
    print(f"{'PASS' if ok else 'FAIL'} {fx['id']:<24} got {code} expected {expect}")
sys.exit(1 if bad else 0)
PY
}

rc=0
replay "$here/fixtures/attacks.yaml" 403 || rc=1
replay "$here/fixtures/legit.yaml" 200 || rc=1
[ $rc -eq 0 ] || docker logs crs-waf 2>&1 | grep -o 'id "[0-9]*"' | sort | uniq -c | sort -rn | head
exit $rc
