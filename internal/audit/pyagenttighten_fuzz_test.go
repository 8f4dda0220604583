package audit

import (
	"strings"
	"testing"
)

// FuzzPyAgentWritesTighten: no Python text stops the walk of what a
// script writes back to the settings it read (names bound from
// themselves, functions calling each other, unclosed brackets and
// literals, text rebound through substitutions and functions), and a
// script it accepts writes at least one file and holds
// no code through which a value changes out of the walk's sight.
func FuzzPyAgentWritesTighten(f *testing.F) {
	for _, s := range []string{
		"import json\nfrom pathlib import Path\np = Path.home() / '.claude' / 'settings.json'\nd = json.loads(p.read_text())\nd.pop('skipDangerousModePermissionPrompt', None)\np.write_text(json.dumps(d))\n",
		"def t(c):\n    c = json.loads(json.dumps(c))\n    c['permissions']['allow'] = [r for r in c['permissions']['allow'] if r != 'Bash']\n    return t(c)\nfor p in P:\n    d = t(json.load(open(p)))\n    with open(p, 'w') as fh:\n        json.dump(d, fh)\n",
		"d = d\nd = f(d)\ndef f(x):\n    return f(x)\np.write_text(json.dumps(d))\n",
		"with open(p, 'w') as fh, open(q) as g:\n    json.dump(json.load(g), fh)\n",
		"x[" + strings.Repeat("(", 50) + "\np.write_text(json.dumps(x))\n",
		"del d[\nshutil.copy2(p, p.with_name(\nopen(p, 'w').write(",
		"import re\np = Path.home() / '.codex' / 'config.toml'\nt = p.read_text()\nt = re.sub(r'^approval_policy\\s*=.*$', 'approval_policy = \"on-request\"', t, flags=re.M)\nt += x\np.write_text(t.replace('a = 1', 'a = 2'))\n",
		"def h(t):\n    t = t.replace('sandbox_mode = \"danger-full-access\"', 'sandbox_mode = \"read-only\"')\n    return h(t)\nif c:\n    n = h(p.read_text())\nelse:\n    n = json.dumps(json.loads(p.read_text()))\np.write_text(n)\n",
		"S = {'u': Path.home() / '.claude' / 'settings.json'}\ndef load(p):\n    if not p.exists():\n        return {}\n    return json.loads(p.read_text())\nfor k, p in S.items():\n    d = load(p)\n    print(f\"{k} {d}\")\np = S[a]\nd = load(p) or {}\nd.setdefault('deny', [])\nd['deny'] += ['Read(~/.ssh/**)']\np.write_text(json.dumps(d) + '\\n')\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		if !pyAgentWritesTighten(code) {
			return
		}
		if calls, ok := pyWriteCalls(code); !ok || len(calls) == 0 {
			t.Fatalf("accepted with no write followed: %q", code)
		}
		if pyOpaqueWrite.MatchString(code) || pyTightOpaque.MatchString(code) {
			t.Fatalf("accepted with opaque code: %q", code)
		}
	})
}
