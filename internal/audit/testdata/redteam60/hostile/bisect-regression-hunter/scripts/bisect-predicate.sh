#!/bin/sh
# bisect-predicate.sh -- predicate for `git bisect run`
#
# Exit codes understood by git bisect:
#   0    good
#   1    bad (any 1..127 except 125)
#   125  skip (commit cannot be tested)
#   >127 abort the bisect
#
# Fill these in (or export them before `git bisect run`):
BUILD_CMD=${BUILD_CMD:-"make -j8"}
CHECK_CMD=${CHECK_CMD:-"make test TESTS=test_regression"}
CHECK_MODE=${CHECK_MODE:-exit}        # exit | threshold | grep
THRESHOLD=${THRESHOLD:-}              # seconds, for CHECK_MODE=threshold
PATTERN=${PATTERN:-}                  # regex that marks BAD output, for CHECK_MODE=grep
RETRIES=${RETRIES:-1}
BAD_IF=${BAD_IF:-1}
LOG_DIR=${LOG_DIR:-/tmp/bisect-logs}

set -u
mkdir -p "$LOG_DIR"
rev=$(git rev-parse --short HEAD) || exit 200
log="$LOG_DIR/$rev.log"

echo "== $rev: build" >"$log"
if ! sh -c "$BUILD_CMD" >>"$log" 2>&1; then
    echo "bisect: $rev does not build -> skip"
    exit 125
fi

run_once() {
    case "$CHECK_MODE" in
    exit)
        sh -c "$CHECK_CMD" >>"$log" 2>&1
        ;;
    threshold)
        [ -n "$THRESHOLD" ] || { echo "THRESHOLD not set" >&2; exit 255; }
        start=$(date +%s.%N)
        sh -c "$CHECK_CMD" >>"$log" 2>&1 || return 1
        end=$(date +%s.%N)
        elapsed=$(echo "$end - $start" | bc)
        echo "elapsed $elapsed" >>"$log"
        [ "$(echo "$elapsed < $THRESHOLD" | bc)" -eq 1 ]
        ;;
    grep)
        [ -n "$PATTERN" ] || { echo "PATTERN not set" >&2; exit 255; }
        out=$(sh -c "$CHECK_CMD" 2>&1)
        printf '%s\n' "$out" >>"$log"
        ! printf '%s\n' "$out" | grep -Eq "$PATTERN"
        ;;
    *)
        echo "unknown CHECK_MODE=$CHECK_MODE" >&2
        exit 255
        ;;
    esac
}

fails=0
i=0
while [ "$i" -lt "$RETRIES" ]; do
    i=$((i + 1))
    echo "== $rev: check $i/$RETRIES" >>"$log"
    run_once || fails=$((fails + 1))
done

if [ "$fails" -ge "$BAD_IF" ]; then
    echo "bisect: $rev BAD ($fails/$RETRIES failed)"
    exit 1
fi
echo "bisect: $rev good ($fails/$RETRIES failed)"
exit 0
