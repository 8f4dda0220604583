#!/usr/bin/env bash
# Runs the official MCP conformance suite (npm @modelcontextprotocol/conformance) against
# `skilldex serve --http` on a skill catalog, and fails on any FAILURE, WARNING or SKIPPED check.
#
#   tests/conformance/run.sh SKILLDEX_BINARY CATALOG_DIR [LABEL]
#
# Node 22 (the npm `node` package, 22.x) and the suite, pinned by package-lock.json beside this
# script, are installed once into tests/conformance/node_modules (ignored by git), so later runs
# work offline.
# The one tolerated non-success is documented at ALLOWED below.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bin="$1"; catalog="$2"; label="${3:-$(basename "$catalog")}"
CONFORMANCE_VERSION=0.2.0-alpha.12
SCENARIOS=(sep-2640-skills-enumeration sep-2640-skills-manifest sep-2640-skills-directory
  server-initialize server-session-lifecycle ping tools-list resources-list
  dns-rebinding-protection sep-2164-resource-not-found)

node="$here/node_modules/.bin/node"
suite="$here/node_modules/@modelcontextprotocol/conformance/dist/index.js"
if [[ ! -x "$node" || ! -f "$suite" ]] || ! grep -q "\"version\": \"$CONFORMANCE_VERSION\"" "$here/node_modules/@modelcontextprotocol/conformance/package.json" 2>/dev/null; then
  echo "--- installing Node 22 and @modelcontextprotocol/conformance@$CONFORMANCE_VERSION into $here/node_modules"
  (cd "$here" && npm ci --no-audit --no-fund --loglevel=error)
fi
"$node" --version | grep -q '^v22\.' || { echo "conformance: $node is not Node 22" >&2; exit 1; }

work="$(mktemp -d)"
port=$(( 20000 + RANDOM % 20000 ))
"$bin" serve --http "127.0.0.1:$port" --dir "$catalog" --data-dir "$work/data" --watch off >"$work/serve.log" 2>&1 &
pid=$!
cleanup() { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
for _ in $(seq 1 600); do
  grep -q "http://[^ ]*/mcp" "$work/serve.log" && break
  kill -0 "$pid" 2>/dev/null || { cat "$work/serve.log" >&2; echo "conformance: serve exited" >&2; exit 1; }
  sleep 0.1
done
grep -q "http://[^ ]*/mcp" "$work/serve.log" || { cat "$work/serve.log" >&2; echo "conformance: serve did not start in 60 s" >&2; exit 1; }

fail=0
for s in "${SCENARIOS[@]}"; do
  out="$work/out-$s"
  "$node" "$suite" server --url "http://127.0.0.1:$port/mcp" --scenario "$s" -o "$out" --timeout 120000 >"$work/$s.txt" 2>&1 || true
  checks=$(find "$out" -name checks.json | head -1)
  if [[ -z "$checks" ]]; then
    cat "$work/$s.txt"; echo "conformance[$label]: $s produced no results" >&2; fail=1; continue
  fi
  # ALLOWED: sep-2640-directory-read-subdir-mimetype probes only the first skill of skills/list
  # and fails when that skill has no subfolder ("exposes no subdirectory to exercise this check"),
  # whatever the server does. That one message is tolerated and printed; any other non-success fails.
  if ! "$node" -e '
    const c = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    let bad = 0, ok = 0, tolerated = 0;
    for (const x of c) {
      if (x.status === "SUCCESS") { ok++; continue; }
      if (x.id === "sep-2640-directory-read-subdir-mimetype" && x.status === "FAILURE" &&
          /exposes no subdirectory to exercise this check/.test(x.errorMessage || "")) {
        tolerated++; console.log(`  tolerated ${x.id}: ${x.errorMessage}`); continue;
      }
      bad++; console.log(`  ${x.status} ${x.id}: ${x.errorMessage || ""}`);
    }
    console.log(`${process.argv[2]}: ${ok} passed, ${bad} failed` + (tolerated ? ` (${tolerated} tolerated)` : ""));
    process.exit(bad ? 1 : 0);' "$checks" "$label/$s"; then
    fail=1
  fi
done
if [[ $fail -ne 0 ]]; then
  echo "--- serve log"; tail -50 "$work/serve.log"
  echo "conformance[$label]: FAILED" >&2; exit 1
fi
echo "conformance[$label]: all scenarios passed"
