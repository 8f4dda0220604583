import json
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent
RULES = json.loads((ROOT / "assets" / "rules.json").read_text())
FIXTURE = (ROOT / "tests" / "fixtures" / "leaky_postinstall.sh").read_text()


def test_every_rule_compiles():
    for r in RULES:
        re.compile(r["regex"])


def test_fixture_hits():
    hits = {r["id"] for r in RULES if re.search(r["regex"], FIXTURE)}
    assert {"aws-access-key", "github-token", "pipe-to-shell", "reverse-shell", "cred-harvest"} <= hits
