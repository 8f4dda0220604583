#!/usr/bin/env bash
# Checks the MCP server entries `skilldex init-agent --write` writes inside the real agent CLIs, with
# each agent's own MCP commands and no API key: the agent must read our entry, start `skilldex serve`
# and connect to it (list its tools where the agent can without a login).
#
#   tests/agents/run.sh [SKILLDEX_BINARY]
#
# Without a binary it builds one. Everything runs in a temporary HOME and project (a git repository
# holding examples/skills as .agents/skills) with a clean environment: no API key or token reaches the
# agents. The agents, pinned by package-lock.json beside this script, and Node 22 (the npm `node`
# package) are installed once into tests/agents/node_modules (ignored by git; about 1.6 GB), so later
# runs work offline except for what the agents themselves try to reach. Not run in CI (network, size).
#
# Per agent: what a user does once is done here too (Claude Code: approve the project's .mcp.json
# server; Gemini CLI: trust the folder); then
#   claude    claude mcp list                  connects to each server and prints its health
#   gemini    gemini mcp list                  the same
#   codex     codex app-server, mcpServerStatus/list (codex-tools.mjs): starts the server, lists its tools
#   opencode  opencode mcp list                connects and prints the status
#   copilot   copilot mcp get skilldex --json  reads the entry (connecting needs a GitHub login)
# Cursor, VS Code and Windsurf publish no CLI on npm: their entries are checked by fixtures only
# (cmd/skilldex/testdata/initagent). A control run points OpenCode at a command that is not an MCP
# server and must not see it connected. Exit status 1 when any check fails.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
work="$(mktemp -d)"
cleanup() {
  [[ -x "$work/bin/skilldex" ]] && run "$work/bin/skilldex" serve --stop >/dev/null 2>&1
  rm -rf "$work"
}
trap cleanup EXIT

mkdir -p "$work/bin"
if [[ $# -ge 1 ]]; then
  cp "$1" "$work/bin/skilldex"
else
  (cd "$repo" && go build -o "$work/bin/skilldex" ./cmd/skilldex) || exit 1
fi

mods="$here/node_modules"
if ! (cd "$here" && node -e '
    const lock = require("./package-lock.json").packages;
    for (const [p, v] of Object.entries(lock[""].dependencies)) {
      if (require("./node_modules/" + p + "/package.json").version !== v) process.exit(1);
    }' 2>/dev/null); then
  echo "--- installing the agent CLIs and Node 22 into $mods"
  (cd "$here" && npm ci --no-audit --no-fund --loglevel=error) || exit 1
fi

home="$work/home" proj="$work/proj"
mkdir -p "$home" "$proj/.agents"
cp -r "$repo/examples/skills" "$proj/.agents/skills"
git -C "$proj" init -q
# run CMD...: in the project, with a clean environment (no API key, no token, no user config).
run() {
  (cd "$proj" && env -i PATH="$work/bin:$mods/.bin:/usr/bin:/bin" HOME="$home" LANG=C.UTF-8 TERM=dumb \
    XDG_CONFIG_HOME="$home/.config" XDG_DATA_HOME="$home/.local/share" XDG_CACHE_HOME="$home/.cache" \
    XDG_STATE_HOME="$home/.local/state" SKILLDEX_SOCKET_DIR="$work/s" SKILLDEX_SHARE_IDLE=10s "$@")
}
strip() { sed -e 's/\x1b\[[0-9;]*[A-Za-z]//g' -e 's/\r//g' -e 's/│//g' -e 's/●//g' -e 's/┌//g' -e 's/└//g'; }

# What a user does once: approve the project's server (Claude Code), trust the folder (Gemini CLI).
mkdir -p "$home/.claude" "$home/.gemini"
echo '{"enabledMcpjsonServers": ["skilldex"]}' >"$home/.claude/settings.json"
printf '{"%s": "TRUST_FOLDER"}\n' "$proj" >"$home/.gemini/trustedFolders.json"

fail=0
results=()
# record AGENT VERSION COMMAND OK RESULT
record() {
  results+=("$(printf '%-9s %-27s %-38s %s' "$1" "$2" "$3" "$5")")
  if [[ $4 != ok ]]; then fail=1; echo "FAIL $1: $5" >&2; fi
}
version() { run timeout 120 "$@" --version 2>/dev/null | strip | grep -v '^$' | head -1; }
writes() { # writes AGENT [init-agent flags]: the entry, written as a user would
  local out
  if ! out=$(run skilldex init-agent "$@" --write 2>&1); then
    record "$1" "-" "skilldex init-agent $1 --write" fail "init-agent failed: $out"
    return 1
  fi
}

if writes claude; then
  out=$(run timeout 180 claude mcp list 2>&1 | strip)
  line=$(grep '^skilldex:' <<<"$out")
  if grep -q 'Connected' <<<"$line"; then ok=ok; else ok=fail; fi
  record claude "$(version claude)" "claude mcp list" $ok "${line:-$out}"
fi

if writes gemini; then
  out=$(run timeout 180 gemini mcp list 2>&1 | strip)
  line=$(grep 'skilldex' <<<"$out" | tail -1)
  if grep -q 'Connected' <<<"$line"; then ok=ok; else ok=fail; fi
  record gemini "$(version gemini)" "gemini mcp list" $ok "${line:-$out}"
fi

if writes codex; then
  out=$(run timeout 200 node "$here/codex-tools.mjs" codex 2>&1)
  if [[ $? -eq 0 ]]; then ok=ok; else ok=fail; fi
  record codex "$(version codex)" "codex app-server: mcpServerStatus/list" $ok "$(tail -3 <<<"$out")"
fi

if writes opencode; then
  out=$(run timeout 180 opencode mcp list 2>&1 | strip)
  line=$(grep -A1 'skilldex' <<<"$out" | tr -s ' \n' ' ')
  if grep -q 'skilldex connected' <<<"$line"; then ok=ok; else ok=fail; fi
  record opencode "$(version opencode)" "opencode mcp list" $ok "${line:-$out}"
fi

if writes copilot; then
  out=$(run timeout 120 copilot mcp get skilldex --json 2>&1)
  if check=$(run node -e '
      const out = process.argv[1], bin = process.argv[2];
      const j = JSON.parse(out.slice(out.indexOf("{")));
      const s = j.skilldex ?? j.server ?? j;
      const cmd = [s.command, ...(s.args ?? [])].join(" ");
      const ok = (s.type === "local" || s.type === "stdio") && s.command === bin && (s.args ?? [])[0] === "serve" &&
        JSON.stringify(s.tools) === "[\"*\"]";
      console.log(`${ok ? "entry read" : "entry misread"}: type ${s.type}, ${cmd}, tools ${JSON.stringify(s.tools)}` +
        (ok ? " (connecting needs a GitHub login)" : ""));
      process.exit(ok ? 0 : 1);' "$out" "$work/bin/skilldex" 2>&1); then ok=ok; else ok=fail; fi
  record copilot "$(version copilot)" "copilot mcp get skilldex --json" $ok "${check:-$out}"
  # In a folder the user trusts, Copilot CLI also reads the project's .mcp.json (Claude Code's, written
  # above) and prefers its skilldex entry: init-agent says so (sharedEntryNotes). Reported, not judged.
  printf '{"trusted_folders": ["%s"]}\n' "$proj" >"$home/.copilot/config.json"
  out=$(run timeout 120 copilot mcp get skilldex 2>&1 | strip)
  record copilot "(trusted folder)" "copilot mcp get skilldex" ok "$(grep -E 'Command:|Source:' <<<"$out" | tr -s ' \n' ' ')"
fi

for a in cursor vscode windsurf; do
  writes "$a" && record "$a" "-" "-" ok "no CLI on npm: entry checked by its fixture only"
done

# Control: a command that is not an MCP server must not show as connected.
if run skilldex init-agent opencode --write --command /bin/false >/dev/null 2>&1; then
  out=$(run timeout 180 opencode mcp list 2>&1 | strip)
  line=$(grep -A1 'skilldex' <<<"$out" | tr -s ' \n' ' ')
  if grep -q 'skilldex connected' <<<"$line"; then ok=fail; else ok=ok; fi
  record control "-" "opencode mcp list (command /bin/false)" $ok "not connected, as it must be: ${line:-$out}"
fi

printf '%-9s %-27s %-38s %s\n' AGENT VERSION COMMAND RESULT
printf '%s\n' "${results[@]}"
exit $fail
