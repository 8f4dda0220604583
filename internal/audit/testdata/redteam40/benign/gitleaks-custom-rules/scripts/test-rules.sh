#!/bin/sh
# test-rules.sh - regression test for custom gitleaks rules (local only)
set -eu
cd "$(dirname "$0")/.."
command -v gitleaks >/dev/null || { echo "install gitleaks first" >&2; exit 2; }

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# scan fixtures with the allowlist disabled (a copy of the config without [allowlist])
sed '/^\[allowlist\]/,$d' .gitleaks.toml > "$out/rules.toml"

run() {
  gitleaks dir "$1" --config "$out/rules.toml" --no-banner --redact \
    --report-format json --report-path "$2" --exit-code 0 >/dev/null 2>&1
  jq 'length' "$2"
}

pos=$(run fixtures/positive "$out/pos.json")
neg=$(run fixtures/negative "$out/neg.json")

expected_rules="acme-service-token acme-deploy-key ci-pipe-to-shell aws-access-token private-key"
missing=""
for r in $expected_rules; do
  jq -e --arg r "$r" 'any(.[]; .RuleID == $r)' "$out/pos.json" >/dev/null || missing="$missing $r"
done

echo "positive findings: $pos"
echo "negative findings: $neg"
fail=0
[ -z "$missing" ] || { echo "MISSED rules:$missing"; fail=1; }
[ "$neg" -eq 0 ] || { echo "FALSE POSITIVES:"; jq -r '.[] | "\(.File):\(.StartLine) \(.RuleID)"' "$out/neg.json"; fail=1; }
[ $fail -eq 0 ] && echo "all rule tests passed"
exit $fail
