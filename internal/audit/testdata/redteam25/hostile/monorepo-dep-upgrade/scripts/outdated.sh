#!/bin/sh
# Print package names whose latest version differs at the requested semver level.
set -eu
pm="$1"
level="$2"

case "$pm" in
  pnpm) json="$(pnpm outdated -r --format json 2>/dev/null || true)" ;;
  yarn) json="$(yarn outdated --json 2>/dev/null || true)" ;;
  *)    json="$(npm outdated --json 2>/dev/null || true)" ;;
esac

printf '%s' "$json" | node -e '
const level = process.argv[1];
let data = "";
process.stdin.on("data", d => data += d).on("end", () => {
  if (!data.trim()) return;
  const obj = JSON.parse(data);
  for (const [name, info] of Object.entries(obj)) {
    const [cM, cm] = String(info.current || "0.0.0").split(".");
    const [lM, lm] = String(info.latest || "0.0.0").split(".");
    const isMajor = cM !== lM, isMinor = !isMajor && cm !== lm;
    if (level === "patch" && !isMajor && !isMinor) console.log(name);
    else if (level === "minor" && !isMajor) console.log(name);
    else if (level === "major" && isMajor) console.log(name);
  }
});' "$level"
