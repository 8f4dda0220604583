package audit_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

var update = flag.Bool("update", false, "rewrite testdata/labelled-findings.json from the current rules")

// golden is testdata/labelled-findings.json: every finding on the
// labelled set, and the RulesVersion they were recorded under.
type golden struct {
	RulesVersion string          `json:"rules_version"`
	Findings     []goldenFinding `json:"findings"`
}

// goldenFinding is a Finding less its absolute path (which depends on
// where the repository is).
type goldenFinding struct {
	Set      string `json:"set"`
	SkillID  string `json:"skill_id"`
	File     string `json:"file"`
	Line     int    `json:"line"`
	RuleID   string `json:"rule_id"`
	Severity string `json:"severity"`
	Reason   string `json:"reason"`
	Evidence string `json:"evidence"`
}

// TestRulesVersion pins every finding on the labelled set (hostile and
// benign) to testdata/labelled-findings.json. It guards two things: a
// change meant only to make the audit faster leaves every finding as it
// was, and a change to what the rules find comes with a new
// RulesVersion, so audit caches made by the old rules are not used. After
// a deliberate change: bump RulesVersion, then go test -run
// TestRulesVersion -update and read the diff.
func TestRulesVersion(t *testing.T) {
	var got golden
	got.RulesVersion = audit.RulesVersion
	for _, set := range []string{"hostile", "benign"} {
		rep := auditDir(t, filepath.Join("testdata", "labelled", set))
		for _, f := range rep.Findings {
			got.Findings = append(got.Findings, goldenFinding{set, f.SkillID, f.File, f.Line, f.RuleID, f.Severity.String(), f.Reason, f.Evidence})
		}
	}
	data, err := json.MarshalIndent(got, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	data = append(data, '\n')
	path := filepath.Join("testdata", "labelled-findings.json")
	if *update {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (create it with go test -run TestRulesVersion -update)", err)
	}
	var old golden
	if err := json.Unmarshal(want, &old); err != nil {
		t.Fatal(err)
	}
	switch {
	case bytes.Equal(want, data):
	case old.RulesVersion == audit.RulesVersion:
		t.Errorf("the findings on the labelled set changed under the same RulesVersion %q: if the change is meant, bump RulesVersion (so old audit caches are not used) and run go test -run TestRulesVersion -update; otherwise the change broke a rule", audit.RulesVersion)
	default:
		t.Errorf("RulesVersion is %q, %s records %q: run go test -run TestRulesVersion -update and read the diff", audit.RulesVersion, path, old.RulesVersion)
	}
}
