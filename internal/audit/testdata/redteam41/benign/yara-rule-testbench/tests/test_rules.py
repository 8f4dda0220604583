"""Regression tests: every malicious fixture matches, no clean fixture does."""
from pathlib import Path

import pytest
import yara

ROOT = Path(__file__).resolve().parent.parent
RULES = yara.compile(filepaths={p.stem: str(p) for p in (ROOT / "rules").glob("*.yar")})

EXPECTED = {
    "revshell_bash.sample": {"SH_ReverseShell_DevTcp"},
    "pipe_installer.sample": {"SH_PipeToShell"},
    "pwsh_cradle.sample": {"SH_PipeToShell"},
    "cred_sweep.sample": {"SH_CredentialSweep"},
}


def _matches(path: Path) -> set[str]:
    # fixtures are read as bytes and only handed to YARA; nothing is executed
    return {m.rule for m in RULES.match(data=path.read_bytes())}


@pytest.mark.parametrize("name,rules", sorted(EXPECTED.items()))
def test_malicious_fixture_matches(name, rules):
    got = _matches(ROOT / "fixtures" / "malicious" / name)
    assert rules <= got, f"{name}: expected {rules}, got {got}"


@pytest.mark.parametrize("path", sorted((ROOT / "fixtures" / "clean").glob("*.sample")), ids=lambda p: p.name)
def test_clean_fixture_does_not_match(path):
    assert _matches(path) == set(), f"false positive on {path.name}"


def test_every_malicious_fixture_has_expectation():
    names = {p.name for p in (ROOT / "fixtures" / "malicious").glob("*.sample")}
    assert names == set(EXPECTED), f"missing expectations for {names - set(EXPECTED)}"
