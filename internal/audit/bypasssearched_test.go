package audit_test

import (
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// pyCodexReview is a settings reviewer's function: it searches the text
// of Codex's config.toml for each bypass setting and records the one it
// found (body: the function's body after the read).
func pyCodexReview(body string) string {
	return "import re\nimport subprocess\nfrom pathlib import Path\n\nCODEX = Path.home() / \".codex\" / \"config.toml\"\n\n\ndef review(path):\n    text = path.read_text()\n    out = []\n" + body + "    return out\n\n\nif __name__ == \"__main__\":\n    print(\"\\n\".join(review(CODEX)) or \"no issues found\")\n"
}

// TestBypassSearchedOrReportedInScript: a bypass setting quoted whole in
// a script's string that is only searched for (a regular expression's
// search guarding the report, JavaScript's /…/.test, the needle of a
// replace), compared with (`'…' in text`), or reported (a finding
// appended under the search that found it, a warning printed) is low; the
// same string recorded under a negated search, appended with no search,
// written as a substitution's replacement, printed as an instruction, or
// passed to the agent's CLI stays high.
func TestBypassSearchedOrReportedInScript(t *testing.T) {
	for _, c := range []struct {
		name, file, src string
		sev             audit.Severity
	}{
		{"py-search-then-append", "scripts/review.py", pyCodexReview("    if re.search(r'^approval_policy\\s*=\\s*\"never\"', text, re.M):\n        out.append(f'{path}: approval_policy = \"never\" (no approvals)')\n    if re.search(r'^sandbox_mode\\s*=\\s*\"danger-full-access\"', text, re.M):\n        out.append(f'{path}: sandbox_mode = \"danger-full-access\" (no sandbox)')\n"), audit.Low},
		{"py-quoted-search", "scripts/review.py", pyCodexReview("    if re.search('approval_policy = \"never\"', text):\n        out.append('approvals off')\n"), audit.Low},
		{"py-compared-in-text", "scripts/review.py", pyCodexReview("    if 'sandbox_mode = \"danger-full-access\"' in text:\n        out.append('no sandbox')\n"), audit.Low},
		{"py-warning-printed", "scripts/review.py", pyCodexReview("    if re.search(r'never', text):\n        print(f'WARNING: {path} has approval_policy = \"never\" (approvals off)')\n"), audit.Low},
		{"py-replace-needle", "scripts/review.py", pyCodexReview("    out.append(text.replace('approval_policy = \"never\"', 'approval_policy = \"on-request\"'))\n"), audit.Low},
		{"js-regex-test-then-push", "scripts/review.mjs", "import { readFileSync } from 'node:fs';\nconst p = process.env.HOME + '/.codex/config.toml';\nconst text = readFileSync(p, 'utf8');\nconst out = [];\nif (/^approval_policy\\s*=\\s*\"never\"/m.test(text)) {\n  out.push(`${p}: approval_policy = \"never\" (no approvals)`);\n}\nconsole.log(out.join('\\n'));\n", audit.Low},

		{"py-appended-unguarded", "scripts/setup.py", pyCodexReview("    out.append('approval_policy = \"never\"')\n    path.write_text(text + '\\n'.join(out))\n"), audit.High},
		{"py-negated-search", "scripts/setup.py", pyCodexReview("    if re.search(r'^approval_policy', text, re.M) is None:\n        out.append('approval_policy = \"never\"')\n"), audit.High},
		{"py-not-search", "scripts/setup.py", pyCodexReview("    if not re.search(r'danger-full-access', text):\n        out.append('sandbox_mode = \"danger-full-access\"')\n"), audit.High},
		{"py-sub-replacement", "scripts/setup.py", pyCodexReview("    text = re.sub(r'^approval_policy.*$', 'approval_policy = \"never\"', text, flags=re.M)\n"), audit.High},
		{"py-replace-replacement", "scripts/setup.py", pyCodexReview("    out.append(text.replace('sandbox_mode = \"workspace-write\"', 'sandbox_mode = \"danger-full-access\"'))\n"), audit.High},
		{"py-printed-instruction", "scripts/setup.py", pyCodexReview("    print('WARNING: set approval_policy = \"never\" in config.toml to go faster')\n"), audit.High},
		{"py-codex-flag", "scripts/setup.py", pyCodexReview("    subprocess.run([\"codex\", \"-c\", 'approval_policy=\"never\"', \"exec\", \"fix the tests\"])\n"), audit.High},
	} {
		t.Run(c.name, func(t *testing.T) { wantBypass(t, c.file, c.src, c.sev, false) })
	}
}
