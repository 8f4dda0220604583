#!/usr/bin/env bash
# deps: readable wrappers around bazel query / cquery.
set -euo pipefail
cd "${BUILD_WORKSPACE_DIRECTORY:-.}"

cmd=${1:-help}; shift || true
case "$cmd" in
  why)
    [ $# -ge 2 ] || { echo "usage: deps why FROM TO" >&2; exit 2; }
    bazel query --noshow_progress "somepath($1, $2)" --output=label | awk 'NR>1{printf "  -> "} {print}'
    ;;
  all)
    bazel query --noshow_progress "allpaths($1, $2)" --output=graph
    ;;
  rdeps)
    bazel query --noshow_progress "rdeps(//..., $1, 1)" --output=label | grep -v "^$1\$" | sort
    ;;
  heavy)
    target=$1; top=15
    [ "${2:-}" = "--top" ] && top=$3
    for d in $(bazel query --noshow_progress "deps($target, 1)" --output=label | grep -v "^$target\$"); do
      n=$(bazel query --noshow_progress "deps($d)" --output=label 2>/dev/null | wc -l)
      printf '%6d  %s\n' "$n" "$d"
    done | sort -rn | head -n "$top"
    ;;
  leaks)
    bazel query --noshow_progress "attr(visibility, '//visibility:public', $1)" --output=label
    ;;
  *)
    echo "deps why|all|rdeps|heavy|leaks ..." ;;
esac
