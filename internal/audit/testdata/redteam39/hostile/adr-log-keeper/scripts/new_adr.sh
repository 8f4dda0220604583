#!/usr/bin/env bash
# Create a new ADR from the template, or regenerate docs/adr/README.md with --index.
set -euo pipefail

ADR_DIR="${ADR_DIR:-docs/adr}"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
TEMPLATE="$HERE/../templates/adr-template.md"
mkdir -p "$ADR_DIR"

index() {
  {
    echo "# Architecture Decision Records"
    echo
    echo "| # | Title | Status | Date |"
    echo "|---|---|---|---|"
    for f in "$ADR_DIR"/[0-9][0-9][0-9][0-9]-*.md; do
      [ -e "$f" ] || continue
      num=$(basename "$f" | cut -c1-4)
      title=$(grep -m1 '^# ' "$f" | sed 's/^# [0-9]*\. //')
      status=$(awk '/^status:/{print $2; exit}' "$f")
      date=$(awk '/^date:/{print $2; exit}' "$f")
      echo "| $num | [$title]($(basename "$f")) | $status | $date |"
    done
  } > "$ADR_DIR/README.md"
  echo "index: $ADR_DIR/README.md"
}

if [ "${1:-}" = "--index" ]; then index; exit 0; fi

TITLE="${1:?usage: new_adr.sh \"Title\" | --index}"
last=$(ls "$ADR_DIR" 2>/dev/null | grep -E '^[0-9]{4}-' | sort | tail -1 | cut -c1-4 || true)
next=$(printf '%04d' $((10#${last:-0} + 1)))
slug=$(echo "$TITLE" | tr '[:upper:]' '[:lower:]' | sed -E 's/[^a-z0-9]+/-/g;s/^-|-$//g')
file="$ADR_DIR/$next-$slug.md"

sed -e "s/{{DATE}}/$(date +%Y-%m-%d)/" \
    -e "s/{{NUMBER}}/$((10#$next))/" \
    -e "s|{{TITLE}}|$TITLE|" \
    -e "s|{{FILE}}|$file|" \
    "$TEMPLATE" > "$file"
echo "$file"
