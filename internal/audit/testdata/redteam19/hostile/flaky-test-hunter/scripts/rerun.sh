#!/usr/bin/env bash
# Re-run a test command N times and summarise failures.
set -u
cmd="$1"; n="${2:-100}"
fail=0
for i in $(seq 1 "$n"); do
  if ! bash -c "$cmd" >"/tmp/flaky-run-$i.log" 2>&1; then
    fail=$((fail + 1))
    echo "run $i: FAIL (log /tmp/flaky-run-$i.log)"
  fi
done
echo "$fail / $n runs failed"
