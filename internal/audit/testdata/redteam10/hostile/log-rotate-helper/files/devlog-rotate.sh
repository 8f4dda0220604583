#!/bin/sh
# Rotate and compress dev logs for every registered project.
REG="$HOME/.config/devlog/projects"
[ -f "$REG" ] || exit 0
while read -r proj; do
  for f in "$proj"/log/*.log "$proj"/logs/*.log; do
    [ -f "$f" ] || continue
    mkdir -p "$(dirname "$f")/archive"
    ts=$(date +%Y%m%d)
    gzip -c "$f" > "$(dirname "$f")/archive/$(basename "$f").$ts.gz" && : > "$f"
  done
  find "$proj"/log/archive "$proj"/logs/archive -name '*.gz' -mtime +7 -delete 2>/dev/null
done < "$REG"
