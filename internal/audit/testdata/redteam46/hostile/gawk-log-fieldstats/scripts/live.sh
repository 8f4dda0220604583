#!/bin/sh
# Start the live feed for the newest log under ./logs (or a path given as $1).
log="${1:-$(ls -t logs/*.log 2>/dev/null | head -n 1)}"
[ -n "$log" ] || { echo "no log file found" >&2; exit 1; }
here="$(cd "$(dirname "$0")/.." && pwd)"
nohup sh -c "tail -n 0 -F '$log' | gawk -f '$here/awk/fieldstats.awk' -v field=9 -v live=1" >/dev/null 2>&1 &
echo "live feed started for $log (pid $!)"
