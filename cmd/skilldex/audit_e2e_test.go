package main

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skilldex/skilldex/internal/serve"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/audit"
)

func labelled(t *testing.T, kind string) string {
	return filepath.Join(repoRoot(t), "internal", "audit", "testdata", "labelled", kind)
}

// TestAuditCLI runs `skilldex audit` on the labelled hostile and benign
// sets: exit codes, --fail-on, --json, --sarif and the text report.
func TestAuditCLI(t *testing.T) {
	hostile, benign := labelled(t, "hostile"), labelled(t, "benign")

	r := run(t, "audit", "--mem", "--dir", hostile)
	if r.code != 1 {
		t.Fatalf("audit of the hostile set: exit %d, want 1\n%s", r.code, r.stderr)
	}
	for _, want := range []string{"critical", "[reverse-shell]", "skill revshell-bash:", `\u{202E}`, "skills with high or critical findings"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("text report lacks %q", want)
		}
	}

	var rep audit.Report
	mustJSON(t, run(t, "audit", "--mem", "--json", "--dir", benign), &rep)
	if rep.Skills == 0 || len(rep.Flagged) != 0 || rep.Counts["low"] == 0 {
		t.Errorf("benign set: %d skills, flagged %v, counts %v; want none flagged and some low findings", rep.Skills, rep.Flagged, rep.Counts)
	}

	if r := run(t, "audit", "--mem", "--fail-on", "low", "--dir", benign); r.code != 1 {
		t.Errorf("--fail-on low on the benign set (which has low findings): exit %d, want 1", r.code)
	}
	if r := run(t, "audit", "--mem", "--fail-on", "none", "--dir", hostile); r.code != 0 {
		t.Errorf("--fail-on none: exit %d, want 0", r.code)
	}
	if r := run(t, "audit", "--mem", "--fail-on", "severe", "--dir", benign); r.code == 0 || !strings.Contains(r.stderr, "--fail-on") {
		t.Errorf("--fail-on severe: exit %d, stderr %q; want an error naming the flag", r.code, r.stderr)
	}
	if r := run(t, "audit", "--mem", "--json", "--sarif", "--dir", benign); r.code == 0 {
		t.Error("--json with --sarif should be refused")
	}

	r = run(t, "audit", "--mem", "--sarif", "--dir", hostile)
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Results []json.RawMessage `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &log); err != nil || log.Version != "2.1.0" || len(log.Runs) != 1 || len(log.Runs[0].Results) == 0 {
		t.Errorf("--sarif: %v, version %q, runs %d", err, log.Version, len(log.Runs))
	}
}

// TestRunAuditInProcess calls runAudit directly, as the other commands'
// tests do.
func TestRunAuditInProcess(t *testing.T) {
	abs := labelled(t, "hostile")
	cmd := newRootCmd()
	cmd.SetArgs([]string{"audit", "--mem", "--json", "--dir", abs})
	var out, errb bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&errb)
	err := cmd.ExecuteContext(context.Background())
	if ec, ok := err.(exitCode); !ok || ec != 1 {
		t.Fatalf("audit: %v, want exit code 1\n%s", err, errb.String())
	}
	var rep audit.Report
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Flagged) != rep.Skills {
		t.Errorf("%d of %d hostile skills flagged", len(rep.Flagged), rep.Skills)
	}
}

// TestValidateStrictAudit: validate --strict fails skills with a high or
// critical security finding and lists them; lenient validate does not
// audit.
func TestValidateStrictAudit(t *testing.T) {
	miner := filepath.Join(labelled(t, "hostile"), "miner")
	r := run(t, "validate", "--strict", miner)
	if r.code != 1 || !strings.Contains(r.stdout, "[miner]") || !strings.Contains(r.stdout, "high or critical security findings") {
		t.Errorf("validate --strict on a miner: exit %d\n%s", r.code, r.stdout)
	}
	if r := run(t, "validate", miner); r.code != 0 || strings.Contains(r.stdout, "[miner]") {
		t.Errorf("lenient validate: exit %d, want 0 and no audit\n%s", r.code, r.stdout)
	}
	var out struct {
		Audit []audit.Finding `json:"audit"`
	}
	r = run(t, "validate", "--strict", "--json", filepath.Join(miner, "SKILL.md"))
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil || r.code != 1 || len(out.Audit) == 0 || out.Audit[0].RuleID != "miner" {
		t.Errorf("validate --strict --json: exit %d, %v, audit %+v", r.code, err, out.Audit)
	}
	if r := run(t, "validate", "--strict", labelled(t, "benign")); r.code != 0 {
		t.Errorf("validate --strict on the benign set: exit %d\n%s", r.code, r.stdout)
	}
}

// TestServeAuditHook: serve --audit=hide primes the audit before serving
// and hides flagged skills, warn warns only, off has no hook, and a bad
// mode is refused.
func TestServeAuditHook(t *testing.T) {
	ctx := context.Background()
	cat, err := index.Open(ctx, &index.Options{Roots: []index.Root{{Path: labelled(t, "hostile")}, {Path: labelled(t, "benign")}}, Mem: true})
	if err != nil {
		t.Fatal(err)
	}
	defer cat.Close()
	var logs bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logs, nil))
	warnFn, hideFn, err := serve.ServeAudit(ctx, "hide", audit.NewMonitor(cat, audit.Options{}), log)
	if err != nil || warnFn == nil || hideFn == nil {
		t.Fatalf("hide: %v", err)
	}
	if !strings.Contains(logs.String(), "security audit") || !strings.Contains(logs.String(), "skill=revshell-bash") {
		t.Errorf("hide mode did not log the findings before serving:\n%s", logs.String())
	}
	bad, _ := cat.Resolve("revshell-bash")
	good, _ := cat.Resolve("webhook-poster")
	if w, hide := warnFn(bad), hideFn(bad); !hide || len(w) == 0 || !strings.Contains(w[0], "reverse-shell") {
		t.Errorf("hostile skill: warnings %v hide %v", w, hide)
	}
	if w, hide := warnFn(good), hideFn(good); hide || len(w) != 0 {
		t.Errorf("benign skill: warnings %v hide %v", w, hide)
	}
	warn, noHide, _ := serve.ServeAudit(ctx, "warn", audit.NewMonitor(cat, audit.Options{}), log)
	if w := warn(bad); noHide != nil || len(w) == 0 {
		t.Errorf("warn mode: warnings %v, hide func %v", w, noHide != nil)
	}
	if w, h, err := serve.ServeAudit(ctx, "off", nil, log); w != nil || h != nil || err != nil {
		t.Errorf("off: %v %v %v", w != nil, h != nil, err)
	}
	if _, _, err := serve.ServeAudit(ctx, "loud", nil, log); err == nil || !strings.Contains(err.Error(), "warn") {
		t.Errorf("bad mode: %v", err)
	}
}

// TestAuditCacheCLI: audit keeps its results in the catalog's data dir,
// so a second run of an unchanged catalog audits no file and reports the
// same; doctor shares the cache; --mem keeps none on disk.
func TestAuditCacheCLI(t *testing.T) {
	data := t.TempDir()
	hostile := labelled(t, "hostile")
	var first, second audit.Report
	r := run(t, "audit", "--json", "--fail-on", "none", "--data-dir", data, "--dir", hostile)
	mustJSON(t, r, &first)
	if first.Audited != first.Files || first.Files == 0 {
		t.Fatalf("first audit: %d files, %d audited", first.Files, first.Audited)
	}
	if files, _ := filepath.Glob(filepath.Join(data, "*", audit.CacheFile)); len(files) != 1 {
		t.Fatalf("audit cache files in the data dir: %v", files)
	}
	mustJSON(t, run(t, "audit", "--json", "--fail-on", "none", "--data-dir", data, "--dir", hostile), &second)
	if second.Audited != 0 || second.Cached != first.Files || len(second.Findings) != len(first.Findings) || len(second.Flagged) != len(first.Flagged) {
		t.Errorf("second audit: %d audited, %d cached, %d findings, %d flagged; want 0 audited and %d findings", second.Audited, second.Cached, len(second.Findings), len(second.Flagged), len(first.Findings))
	}
	if r := run(t, "doctor", "--data-dir", data, "--dir", hostile); !strings.Contains(r.stdout, "security audit of") {
		t.Errorf("doctor with the cache: exit %d\n%s", r.code, r.stdout)
	}
	mem := t.TempDir()
	run(t, "audit", "--mem", "--data-dir", mem, "--dir", hostile)
	if files, _ := filepath.Glob(filepath.Join(mem, "*", audit.CacheFile)); len(files) != 0 {
		t.Errorf("--mem wrote an audit cache: %v", files)
	}
}
