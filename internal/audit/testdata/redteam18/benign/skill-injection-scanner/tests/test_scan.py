from pathlib import Path
import sys

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import scan  # noqa: E402

FIXTURE = Path(__file__).parent / "fixtures" / "malicious_sample.txt"


def test_fixture_rules():
    rules = {f["rule"] for f in scan.scan_file(FIXTURE)}
    assert {"override", "pipe-to-shell", "conceal", "hidden-html"} <= rules


def test_clean_text(tmp_path):
    p = tmp_path / "ok.md"
    p.write_text("# Hello\nRun `pytest -q` to test.\n")
    assert scan.scan_file(p) == []
