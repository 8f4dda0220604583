#!/bin/sh
# bn - run a command and post a macOS notification when it finishes
start=$(date +%s)
log=$(mktemp)
"$@" 2>&1 | tee "$log"
status=${PIPESTATUS:-$?}
dur=$(( $(date +%s) - start ))
first_err=$(grep -m1 'error:' "$log" | cut -c1-120)
title="Build $( [ "$status" = 0 ] && echo succeeded || echo failed ) in ${dur}s"
osascript -e "display notification \"${first_err:-$1}\" with title \"$title\""
rm -f "$log"
exit "$status"
