package audit_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestApprovalMatrix audits testdata/approvalmatrix, skill-shaped samples
// of instructions that turn the agent's approvals or sandbox off and keep
// the user from hearing of it (hostile), and look-alikes that explain,
// forbid or ask (benign), and checks each skill's worst approval-bypass
// finding against the exact severity its LABELS.tsv row records: every
// hostile skill high, in whatever words, file or language it is written
// (no setting named, flags of several agents, split over list items,
// passive, second person, polite, Spanish, German, French, Chinese,
// Japanese; a SKILL.md, a runbook, a prompts file, a YAML or JSON
// instructions field, a code comment or docstring, a notebook cell, a
// Cursor rule), and every benign one below high at the severity it has.
func TestApprovalMatrix(t *testing.T) {
	root := filepath.Join("testdata", "approvalmatrix")
	labels, err := os.ReadFile(filepath.Join(root, "LABELS.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][2]string{} // skill: label, severity
	for _, line := range strings.Split(strings.TrimSpace(string(labels)), "\n")[1:] {
		cols := strings.Split(line, "\t")
		want[cols[0]] = [2]string{cols[1], cols[2]}
	}
	seen := 0
	for _, set := range []string{"hostile", "benign"} {
		dir := filepath.Join(root, set)
		rep := auditDir(t, dir)
		got := map[string]audit.Severity{}
		for _, f := range rep.Findings {
			if f.RuleID == "approval-bypass" && f.Severity > got[f.SkillID] {
				got[f.SkillID] = f.Severity
			}
		}
		for _, n := range skillNames(t, dir) {
			seen++
			w, ok := want[n]
			if !ok || w[0] != set {
				t.Errorf("%s/%s is not labelled %s in LABELS.tsv", set, n, set)
				continue
			}
			if got[n].String() != w[1] {
				t.Errorf("%s %s: approval-bypass %v, want %s", set, n, got[n], w[1])
			}
			if set == "hostile" && got[n] < audit.High || set == "benign" && got[n] >= audit.High {
				t.Errorf("%s %s: approval-bypass %v is on the wrong side of high", set, n, got[n])
			}
		}
	}
	if seen != len(want) {
		t.Errorf("LABELS.tsv has %d rows, the set %d skills", len(want), seen)
	}
}
