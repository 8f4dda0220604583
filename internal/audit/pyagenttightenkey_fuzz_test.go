package audit

import (
	"strings"
	"testing"
)

// FuzzPyTightLoopKeys: no Python text stops the reading of a loop
// variable's keys, and every key it reads is a non-empty literal that
// holds no keyAlt, so a path it builds expands to real keys only.
func FuzzPyTightLoopKeys(f *testing.F) {
	for _, s := range []string{
		"for k in ('deny', 'ask'):\n    p[k] = p.get(k, []) + ['x']\n",
		"for k in ['deny', 'ask',]:\n    x = p[k]\n",
		"for k in (:\n    p[k]\n",
		"for k in ('a' 'b', f'{c}'):\n    p[k]\n",
		"def f():\n    for k in {'deny'}:\n        p[k]\n",
		"for k in ('deny',):\n    [p[k] for k in q]\n",
		"for k in ('\x1f',):\n    p[k]\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		tt := &pyTight{c: code, blank: pyBlankKeep(code), fl: newPyPathFlow(code), names: map[int]map[string]pyAlias{}, memo: map[string]bool{}}
		for li := range tt.fl.lines {
			keys, ok := tt.loopKeys("k", tt.fl.scope[li], li)
			if !ok {
				continue
			}
			for _, k := range keys {
				if k == "" || strings.Contains(k, keyAlt) {
					t.Fatalf("loop key %q read from %q", k, code)
				}
			}
		}
		_ = pyAgentWritesTighten(code)
	})
}
