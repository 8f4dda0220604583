package audit_test

import (
	"cmp"
	"context"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/audit"
)

// realCodeExts are the file kinds of the real-code sweep: the languages
// the audit reads as code, and CSS (a vendored stylesheet in assets/).
var realCodeExts = map[string]bool{
	".go": true, ".js": true, ".mjs": true, ".cjs": true, ".ts": true, ".py": true, ".rb": true,
	".pl": true, ".pm": true, ".php": true, ".sh": true, ".bash": true, ".ps1": true, ".css": true,
}

// realCodeRoots are the folders the sweep gathers benign code from when
// SKILLDEX_REALCODE_ROOTS does not name them: the Go module cache, the
// npm trees of testdata/realcode/install.sh and of Debian, and Debian's
// Perl, PHP, Ruby and Python libraries. A root that does not exist is
// left out (and said so).
func realCodeRoots(t *testing.T) []string {
	if s := os.Getenv("SKILLDEX_REALCODE_ROOTS"); s != "" {
		return filepath.SplitList(s)
	}
	var roots []string
	if out, err := exec.Command("go", "env", "GOMODCACHE").Output(); err == nil && strings.TrimSpace(string(out)) != "" {
		roots = append(roots, strings.TrimSpace(string(out)))
	}
	npm := cmp.Or(os.Getenv("SKILLDEX_REALCODE_NPM"), filepath.Join(os.TempDir(), "skilldex-realcode", "node_modules"))
	roots = append(roots, npm, "/usr/lib/node_modules", "/usr/share/nodejs", "/usr/share/javascript",
		"/usr/share/perl5", "/usr/share/perl", "/usr/lib/x86_64-linux-gnu/perl5",
		"/usr/share/php", "/usr/lib/ruby", "/usr/share/rubygems-integration",
		"/usr/lib/python3/dist-packages")
	var have []string
	for _, r := range roots {
		if _, err := os.Stat(r); err != nil {
			t.Logf("root %s left out: %v", r, err)
			continue
		}
		have = append(have, r)
	}
	return have
}

// realFile is one gathered file: where it came from and its text.
type realFile struct {
	origin, name, text string
}

// gatherRealCode walks roots in order and keeps every file of a
// realCodeExts kind under index.MaxFileSize, once per content (a module
// cache holds many versions of one file), leaving out testdata folders
// (fixtures written to look hostile) and TypeScript declarations (no
// code).
func gatherRealCode(t *testing.T, roots []string) []realFile {
	seen := map[[32]byte]bool{}
	var out []realFile
	for _, root := range roots {
		n := 0
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			if d.IsDir() {
				if d.Name() == "testdata" || d.Name() == ".git" {
					return filepath.SkipDir
				}
				return nil
			}
			if !d.Type().IsRegular() || !realCodeExts[filepath.Ext(p)] || strings.HasSuffix(p, ".d.ts") {
				return nil
			}
			if info, err := d.Info(); err != nil || info.Size() == 0 || info.Size() > index.MaxFileSize {
				return nil
			}
			b, err := os.ReadFile(p)
			if err != nil {
				return nil
			}
			h := sha256.Sum256(b)
			if seen[h] {
				return nil
			}
			seen[h] = true
			out = append(out, realFile{origin: p, name: d.Name(), text: string(b)})
			n++
			return nil
		})
		t.Logf("root %s: %d files", root, n)
	}
	return out
}

// realPlacement is where a gathered file sits in its skill: scripts/
// (code the skill runs) and, for JavaScript and CSS, assets/ too (a
// vendored library a page loads), since placement changes severity.
func realPlacements(name string) []string {
	switch filepath.Ext(name) {
	case ".js", ".mjs", ".cjs", ".css":
		return []string{"scripts", "assets"}
	}
	return []string{"scripts"}
}

// TestRealCodeSweep (SKILLDEX_REALCODE=1) audits real, benign code as
// skills ship it: each file gathered from realCodeRoots (or
// SKILLDEX_REALCODE_ROOTS, a path list) becomes a skill of its own, as
// scripts/<name> and for JavaScript and CSS as assets/<name> too. It
// logs the findings by rule, severity and placement and every high and
// critical finding with the file it came from, and fails when there are
// more critical findings than SKILLDEX_REALCODE_MAXCRIT (default 0):
// every one is a false positive a user would see as critical. Findings
// of committed-secret are left out of that count: the test keys of
// libraries' own tests (gitleaks', jwt's) are committed secrets.
// testdata/realcode/install.sh installs the packages it reads on a
// Debian machine.
func TestRealCodeSweep(t *testing.T) {
	if os.Getenv("SKILLDEX_REALCODE") != "1" {
		t.Skip("set SKILLDEX_REALCODE=1 to audit real code gathered from this machine (see testdata/realcode/README.md)")
	}
	files := gatherRealCode(t, realCodeRoots(t))
	if len(files) == 0 {
		t.Fatal("no real code found under the roots")
	}
	const chunk = 2000
	type key struct {
		rule, sev, place string
	}
	counts := map[key]int{}
	var serious []string
	skills := 0
	for start := 0; start < len(files); start += chunk {
		part := files[start:min(start+chunk, len(files))]
		dir := t.TempDir()
		origin := map[string]realFile{}
		for i, f := range part {
			for _, place := range realPlacements(f.name) {
				id := fmt.Sprintf("%s-%06d", place[:1], start+i)
				writeSkill(t, dir, id, map[string]string{place + "/" + f.name: f.text})
				origin[id] = f
				skills++
			}
		}
		cat, err := index.Open(context.Background(), &index.Options{Roots: []index.Root{{Path: dir}}, Mem: true})
		if err != nil {
			t.Fatal(err)
		}
		rep, err := audit.Catalog(context.Background(), cat, audit.Options{})
		cat.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range rep.Findings {
			place, _, _ := strings.Cut(f.File, "/")
			if f.File == "SKILL.md" {
				place = "SKILL.md"
			}
			counts[key{f.RuleID, f.Severity.String(), place}]++
			if f.Severity >= audit.High {
				serious = append(serious, fmt.Sprintf("%-8s %-18s %s:%d (as %s) %s | %s", f.Severity, f.RuleID, origin[f.SkillID].origin, f.Line, place, f.Reason, audit.Escape(f.Evidence, 100)))
			}
		}
		t.Logf("audited %d of %d files", min(start+chunk, len(files)), len(files))
	}
	keys := make([]key, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b key) int {
		return cmp.Or(cmp.Compare(a.rule, b.rule), cmp.Compare(a.sev, b.sev), cmp.Compare(a.place, b.place))
	})
	bySev, crit := map[string]int{}, 0
	var b strings.Builder
	fmt.Fprintf(&b, "real-code sweep: %d files as %d skills\n%-22s %-9s %-9s %s\n", len(files), skills, "rule", "severity", "placed", "findings")
	for _, k := range keys {
		fmt.Fprintf(&b, "%-22s %-9s %-9s %d\n", k.rule, k.sev, k.place, counts[k])
		bySev[k.sev] += counts[k]
		if k.sev == "critical" && k.rule != "committed-secret" {
			crit += counts[k]
		}
	}
	fmt.Fprintf(&b, "by severity: critical %d (%d outside committed-secret), high %d, medium %d, low %d\n", bySev["critical"], crit, bySev["high"], bySev["medium"], bySev["low"])
	slices.Sort(serious)
	for _, s := range serious {
		b.WriteString(s + "\n")
	}
	t.Log("\n" + b.String())
	maxCrit := 0
	if s := os.Getenv("SKILLDEX_REALCODE_MAXCRIT"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("SKILLDEX_REALCODE_MAXCRIT=%q: %v", s, err)
		}
		maxCrit = n
	}
	if crit > maxCrit {
		t.Errorf("%d critical findings outside committed-secret in benign real code (at most %d allowed by SKILLDEX_REALCODE_MAXCRIT)", crit, maxCrit)
	}
}
