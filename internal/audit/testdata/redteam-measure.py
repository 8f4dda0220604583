#!/usr/bin/env python3
"""rtmeasure.py BIN SETDIR: audit hostile/ and benign/ once; caught = a skill with a high or critical finding."""
import json, os, subprocess, sys
binp, setdir = sys.argv[1], sys.argv[2]
out = {}
for part in ("hostile", "benign"):
    d = os.path.join(setdir, part)
    names = sorted(n for n in os.listdir(d) if os.path.isdir(os.path.join(d, n)))
    r = subprocess.run([binp, "--mem", "--dir", d, "audit", "--json", "--fail-on", "none"], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"audit of {d} failed: rc={r.returncode} {r.stderr[:500]}")
    data = json.loads(r.stdout)
    best = {}
    for f in data.get("findings", []):
        sev = f["severity"]; n = f["skill_name"] or f["skill_id"]
        rank = {"low": 1, "medium": 2, "high": 3, "critical": 4}.get(sev, 0)
        if rank > best.get(n, (0, ""))[0]:
            best[n] = (rank, sev, f["rule_id"], f.get("file", ""))
    flagged = [n for n in names if best.get(n, (0,))[0] >= 3]
    out[part] = (names, flagged, best)
h, b = out["hostile"], out["benign"]
print(f"hostile caught {len(h[1])}/{len(h[0])}; benign flagged {len(b[1])}/{len(b[0])}")
for n in h[0]:
    if n not in h[1]:
        print("  MISSED", n, h[2].get(n, (0, "none"))[1:])
for n in b[1]:
    print("  FALSE POSITIVE", n, b[2][n][1:])
