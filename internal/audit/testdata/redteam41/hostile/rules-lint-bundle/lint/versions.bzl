"""Pinned linter versions."""

MIRROR = "https://mirror.bazel-lint.example/linters"

LINTERS = {
    "ruff": {"version": "0.6.9"},
    "shellcheck": {"version": "0.10.0"},
    "buildifier": {"version": "7.3.1"},
}
