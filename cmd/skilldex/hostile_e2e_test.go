package main

import (
	"strings"
	"testing"

	"github.com/skilldex/skilldex/internal/hostile"
)

// TestHostileCLI runs show, read and run on hostile names and paths: each
// exits non-zero with a one-line error on stderr and prints nothing that
// was read outside the skill folder. run uses --sandbox none, so a script
// path that escaped would really run the canary script. Arguments with a
// NUL byte are left out: argv cannot carry one.
func TestHostileCLI(t *testing.T) {
	tr := hostile.Build(t)
	base := []string{"--dir", tr.Root, "--mem"}
	var cases [][]string
	for _, p := range tr.Paths() {
		cases = append(cases, []string{"read", "s", p}, []string{"run", "--sandbox", "none", "s", p})
	}
	for _, n := range tr.Names() {
		cases = append(cases, []string{"show", n}, []string{"read", n, "SKILL.md"})
	}
	ran := 0
	for _, c := range cases {
		if strings.ContainsRune(strings.Join(c, ""), 0) {
			continue
		}
		ran++
		args := append(append([]string{c[0]}, base...), c[1:]...)
		r := run(t, args...)
		desc := strings.Join(c, " ")
		if len(desc) > 80 {
			desc = desc[:80] + "..."
		}
		if r.code == 0 {
			t.Errorf("skilldex %q: exit 0; want a refusal\n%.300s", desc, r.stdout)
		}
		if tr.Leaks(r.stdout + r.stderr) {
			t.Errorf("skilldex %q leaked the canary", desc)
		}
		if strings.TrimSpace(r.stderr) == "" {
			t.Errorf("skilldex %q: no error message", desc)
		}
	}
	if ran < 100 {
		t.Fatalf("only %d hostile invocations ran", ran)
	}
	if r := run(t, append(append([]string{"read"}, base...), "s", "references/guide.md")...); r.code != 0 {
		t.Errorf("ordinary read: exit %d: %s", r.code, r.stderr)
	}
}
