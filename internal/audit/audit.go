// Package audit finds hostile content in skills before an agent loads them:
// text hidden from people but read by the model, instructions that turn the
// model against its user, and scripts that download and run code, open
// reverse shells, steal credentials, persist or mine. It reads every file of
// a skill through the catalog's reading API (so nothing outside a skill's
// folder is read, and links out are never followed) and reports findings
// with a rule id, a severity and escaped evidence. Rules (rules.go)
// gives each rule's rationale; CORPUS.md the false-positive review on the
// real corpus.
//
// Severity is ranked by context, not by phrase alone: the same command is
// critical in a script, high in the instructions an agent follows, and low
// in a quoted example of a skill that teaches defence.
//
// Speed: each file is parsed once (goldmark for markdown, mvdan.cc/sh for
// shell), the words every costly pattern needs are found in one pass per
// file (words.go), and the phrase patterns run only where a match can
// begin. A Cache keeps each file's findings by its SHA-256 and what
// ranks it, so an audit of an unchanged catalog reads no file. Figures
// and the profile are in CORPUS.md.
package audit

import (
	"bytes"
	"context"
	"fmt"
	"path"
	"runtime"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/index/skillmd"
)

// Severity ranks a finding. The zero value is SeverityNone, below every
// real severity.
type Severity int

// Severities from least to most serious. High and critical fail the audit
// command by default (see ParseSeverity and Report.Worst).
const (
	SeverityNone Severity = iota
	Low
	Medium
	High
	Critical
)

var severityNames = [...]string{"none", "low", "medium", "high", "critical"}

// String returns "low", "medium", "high" or "critical" ("none" for the
// zero value).
func (s Severity) String() string {
	if s < 0 || int(s) >= len(severityNames) {
		return fmt.Sprintf("severity(%d)", int(s))
	}
	return severityNames[s]
}

// MarshalText writes the severity's name.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a name as ParseSeverity does.
func (s *Severity) UnmarshalText(b []byte) error {
	v, err := ParseSeverity(string(b))
	*s = v
	return err
}

// ParseSeverity reads "low", "medium", "high" or "critical"
// (case-insensitive), or "none" (nothing fails). Errors name the choices.
func ParseSeverity(name string) (Severity, error) {
	for i, n := range severityNames {
		if strings.EqualFold(strings.TrimSpace(name), n) {
			return Severity(i), nil
		}
	}
	return SeverityNone, fmt.Errorf("unknown severity %q: use none, low, medium, high or critical", name)
}

// lower returns s dropped by n levels, never below Low.
func (s Severity) lower(n int) Severity {
	s -= Severity(n)
	if s < Low {
		return Low
	}
	return s
}

// Finding is one problem in one file of one skill.
type Finding struct {
	// SkillID is the catalog id of the skill (its folder relative to the
	// root); SkillName its frontmatter name.
	SkillID   string `json:"skill_id"`
	SkillName string `json:"skill_name"`
	// File is slash-separated, relative to the skill folder; Path the
	// absolute path on disk (for editors and SARIF).
	File string `json:"file"`
	Path string `json:"path"`
	// Line is 1-based (0 when the finding is about the whole file).
	Line     int      `json:"line"`
	RuleID   string   `json:"rule_id"`
	Severity Severity `json:"severity"`
	// Reason is one line saying what was found and why it matters here.
	Reason string `json:"reason"`
	// Evidence is the offending text with every invisible, control and
	// format character written as \u{XXXX} (see Escape), at most about
	// 160 characters.
	Evidence string `json:"evidence"`
}

// Source is the part of *index.Catalog the audit reads through: Records
// for the skills (read-only, not copied), Get for each one by id when it
// is audited, Load for
// SKILL.md, ReadFile for the other files. ReadFile
// refuses paths outside the skill folder and links out.
type Source interface {
	Records(index.ListOptions) []*index.Skill
	Get(id string) (index.Skill, bool)
	Load(ctx context.Context, ref string) (*index.Loaded, error)
	ReadFile(ctx context.Context, ref, rel string) (*index.File, error)
}

// Options tune an audit. The zero value audits every served skill,
// shadowed ones included, with every rule.
type Options struct {
	// Workers bounds the skills audited at once; 0 means GOMAXPROCS.
	Workers int
	// NoSecrets skips the committed-secret rule (the gitleaks ruleset),
	// the costliest one.
	NoSecrets bool
	// Cache, when set, holds the findings of files audited before: a file
	// whose content, skill context and rules are unchanged is looked up,
	// not read and audited again (see Cache).
	Cache *Cache
	// OnSaveError, when set, hears the errors of the cache saves a
	// Monitor makes in the background.
	OnSaveError func(error)
}

// Report is the outcome of auditing a catalog.
type Report struct {
	// Skills is how many skills were audited; Files how many of their
	// files were audited, now or (with Options.Cache) before: Audited
	// were read and audited by this run, Cached had their findings looked
	// up in the cache. Files = Audited + Cached.
	Skills  int `json:"skills"`
	Files   int `json:"files"`
	Audited int `json:"audited"`
	Cached  int `json:"cached"`
	// Findings sorted by severity (most serious first), then skill id,
	// file and line.
	Findings []Finding `json:"findings"`
	// Counts maps each severity name to its number of findings.
	Counts map[string]int `json:"counts"`
	// Flagged lists the ids of skills with at least one high or critical
	// finding, sorted.
	Flagged []string `json:"flagged"`
	// Skipped lists files that could not be audited (binary, over
	// index.MaxFileSize, unreadable) as "skill-id/file: why".
	Skipped []string `json:"skipped,omitempty"`
	// NotServed is how many skills failed validation and so were not
	// audited (they are never served to a model).
	NotServed int `json:"not_served"`
}

// Worst returns the highest severity in the report (SeverityNone when it
// has no findings).
func (r *Report) Worst() Severity {
	w := SeverityNone
	for _, f := range r.Findings {
		if f.Severity > w {
			w = f.Severity
		}
	}
	return w
}

// BySkill returns the worst severity of each skill with findings, by id.
func (r *Report) BySkill() map[string]Severity {
	m := map[string]Severity{}
	for _, f := range r.Findings {
		if f.Severity > m[f.SkillID] {
			m[f.SkillID] = f.Severity
		}
	}
	return m
}

// Catalog audits every served skill of src (shadowed included): SKILL.md
// and every other text file, each read through src. It stops early with
// ctx's error.
func Catalog(ctx context.Context, src Source, opts Options) (*Report, error) {
	// Only the served skills' ids are kept, and each skill is fetched
	// when its turn comes: a list of 10,000 skill copies held for the
	// whole audit was 4 MB of a server's memory for the first minute it
	// served (its first audit of the catalog).
	var ids []string
	rep := &Report{Counts: map[string]int{}}
	for _, s := range src.Records(index.ListOptions{IncludeShadowed: true, IncludeInvalid: true}) {
		if !s.Valid {
			rep.NotServed++
			continue
		}
		ids = append(ids, s.ID)
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	a := newAuditor(opts)
	results := make([]skillResult, len(ids))
	jobs := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				// A skill removed or made invalid since the list is
				// no longer served: nothing to audit.
				if s, ok := src.Get(ids[i]); ok && s.Valid {
					results[i] = a.skill(ctx, src, s)
					results[i].served = true
				}
			}
		}()
	}
feed:
	for i := range ids {
		select {
		case jobs <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for _, r := range results {
		if r.served {
			rep.Skills++
		}
		rep.Findings = append(rep.Findings, r.findings...)
		rep.Files += r.files
		rep.Audited += r.audited
		rep.Skipped = append(rep.Skipped, r.skipped...)
	}
	rep.Cached = rep.Files - rep.Audited
	if opts.Cache != nil {
		opts.Cache.prune()
	}
	rep.finish()
	return rep, nil
}

// finish sorts the findings and fills Counts and Flagged.
func (r *Report) finish() {
	sortFindings(r.Findings)
	if r.Findings == nil {
		r.Findings = []Finding{}
	}
	for _, s := range severityNames[1:] {
		r.Counts[s] = 0
	}
	flagged := map[string]bool{}
	for _, f := range r.Findings {
		r.Counts[f.Severity.String()]++
		if f.Severity >= High {
			flagged[f.SkillID] = true
		}
	}
	r.Flagged = []string{}
	for id := range flagged {
		r.Flagged = append(r.Flagged, id)
	}
	sort.Strings(r.Flagged)
	sort.Strings(r.Skipped)
}

func sortFindings(fs []Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if a.Severity != b.Severity {
			return a.Severity > b.Severity
		}
		if a.SkillID != b.SkillID {
			return a.SkillID < b.SkillID
		}
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.RuleID < b.RuleID
	})
}

// Skill audits one skill of src by id. Errors are those of src.Load.
func Skill(ctx context.Context, src Source, id string, opts Options) ([]Finding, error) {
	l, err := src.Load(ctx, id)
	if err != nil {
		return nil, err
	}
	f := newAuditor(opts).skill(ctx, src, l.Skill).findings
	sortFindings(f)
	return f, nil
}

// auditor holds what every skill's audit shares.
type auditor struct {
	opts Options
	// prefix starts every cache key (rules and options).
	prefix string
}

func newAuditor(opts Options) *auditor { return &auditor{opts: opts, prefix: keyPrefix(opts)} }

// skillResult is the audit of one skill.
type skillResult struct {
	findings []Finding
	// files were audited, now or before (cached); audited of them now.
	files, audited int
	// skipped lists the files that could not be read, as "id/file: why".
	skipped []string
	// served is false for a skill gone or no longer served when its
	// turn came (Catalog): it was not audited.
	served bool
}

// skill audits one skill: SKILL.md first, then every other auditable
// file in the catalog's order. Each file is read from disk (through
// index.ReadFromDisk: inside the skill folder, links out refused), as a
// script would be run, and its findings are looked up in the cache by
// the SHA-256 of those bytes: a file replaced with one of the same size
// and time (as tar x leaves it) is never answered from the findings of
// the file it replaced, even while the catalog still holds the old
// file's fingerprint. A file that cannot be read is a not-audited
// finding.
func (a *auditor) skill(ctx context.Context, src Source, s index.Skill) skillResult {
	var r skillResult
	sk, skillText, files, baseDir, err := skillSource(ctx, src, s)
	if err != nil {
		r.skipped = []string{Printable(fmt.Sprintf("%s/%s: %v", s.ID, s.SkillFile, err))}
		r.findings = a.fill([]Finding{notAuditedFinding(s.SkillFile, err)}, s, s.Dir)
		return r
	}
	var sc *skillCtx // made on the first file not in the cache
	texts := map[string]string{}
	skey := skillKey(a.prefix, sk.Name, sk.Description, sha256Hex(skillText))
	file := func(rel, content string) {
		texts[rel] = content
		key := fileKey(skey, rel, sha256Hex(content))
		comp, compRel := companionOf(ctx, src, sk, rel, content, files)
		if compRel != "" {
			key = fileKey(key, compRel, sha256Hex(comp))
		}
		linked := linkedOf(ctx, src, sk, rel, content, files)
		for _, l := range linked {
			key = fileKey(key, l.rel, sha256Hex(l.text))
			if l.goPkg != "" {
				// the import path the program reaches it by (a go.mod's module)
				key = fileKey(key, l.goPkg, "")
			}
		}
		ciActions := ciActionsOf(ctx, src, sk, rel, content, files)
		for _, l := range ciActions {
			key = fileKey(key, l.rel, sha256Hex(l.text))
		}
		staged := stagedOf(ctx, src, sk, rel, content, files)
		for _, l := range staged {
			key = fileKey(key, l.rel, sha256Hex(l.text))
		}
		readers := readersOf(ctx, src, sk, rel, content, files)
		for _, l := range readers {
			key = fileKey(key, l.rel, sha256Hex(l.text))
		}
		partials := append(templatePartialsOf(ctx, src, sk, rel, content, files), jsonnetImportsOf(ctx, src, sk, rel, content, files)...)
		for _, l := range partials {
			key = fileKey(key, l.rel, sha256Hex(l.text))
		}
		hclModule := hclModuleOf(ctx, src, sk, rel, content, files)
		for _, l := range hclModule {
			key = fileKey(key, l.rel, sha256Hex(l.text))
		}
		if a.opts.Cache != nil {
			if f, ok := a.opts.Cache.get(key); ok {
				r.findings = append(r.findings, f...)
				r.files++
				return
			}
		}
		if sc == nil {
			body := bodyOf(skillText)
			sc = &skillCtx{ctx: ctx, skill: sk, defence: teachesDefence(sk, body)}
			sc.topic = strings.ToLower(urlRe.ReplaceAllString(sk.Name+" "+sk.Description+" "+body, " "))
			sc.instructions = body
		}
		sc.findings = sc.findings[:0]
		sc.companion, sc.companionRel = comp, compRel
		sc.linked = linked
		sc.ciActions = ciActions
		sc.staged = staged
		sc.readers = readers
		sc.partials = partials
		sc.hclModule = hclModule
		sc.file(a, rel, content)
		f := dedupe(sc.findings)
		if a.opts.Cache != nil && ctx.Err() == nil {
			a.opts.Cache.put(key, f)
		}
		r.findings = append(r.findings, f...)
		r.files++
		r.audited++
	}
	file(sk.SkillFile, skillText)
	for _, rel := range files {
		if ctx.Err() != nil {
			break
		}
		if !auditable(rel) {
			continue
		}
		content, err := readForAudit(ctx, src, sk, rel)
		if err != nil {
			r.skipped = append(r.skipped, Printable(fmt.Sprintf("%s/%s: %v", s.ID, rel, err)))
			r.findings = append(r.findings, notAuditedFinding(rel, err))
			continue
		}
		file(rel, content)
	}
	raiseInspectedKeyReads(r.findings, texts)
	raiseGitFilterSends(r.findings, texts)
	raiseGoInspectedKeyReads(r.findings, texts)
	raisePyInspectedKeyReads(r.findings, texts)
	raisePerlInspectedKeyReads(r.findings, texts)
	fixturesAsData(texts).cap(r.findings)
	r.findings = a.fill(r.findings, sk, baseDir)
	return r
}

// skillSource returns what auditing s starts from: its record, SKILL.md
// as on disk, its other files and its folder. A skill whose SKILL.md
// cannot be read from disk (a catalog not built from a folder) is
// loaded through src.
func skillSource(ctx context.Context, src Source, s index.Skill) (index.Skill, string, []string, string, error) {
	if s.Dir != "" || s.RealDir != "" {
		if data, err := index.ReadFromDisk(s, s.SkillFile); err == nil && isText(data) {
			files := make([]string, 0, len(s.Files))
			for _, f := range s.Files {
				if f.Path != s.SkillFile {
					files = append(files, f.Path)
				}
			}
			return s, string(data), files, s.Dir, nil
		}
	}
	l, err := src.Load(ctx, s.ID)
	if err != nil {
		return s, "", nil, "", err
	}
	return l.Skill, l.Content, l.Files, l.BaseDir, nil
}

// bodyOf returns SKILL.md without its frontmatter (as the catalog
// splits it).
func bodyOf(content string) string {
	if _, body, _, ok := skillmd.SplitFrontmatter([]byte(content)); ok {
		return string(body)
	}
	return content
}

// readForAudit returns a file of s as it is on disk, which is what a
// script run from the skill executes; a skill with no folder on disk
// (a catalog not built from one) is read through src. Errors say why
// the file cannot be audited: too large, binary, a link out, unreadable.
func readForAudit(ctx context.Context, src Source, s index.Skill, rel string) (string, error) {
	data, err := index.ReadFromDisk(s, rel)
	if err == nil {
		if !isText(data) {
			return "", fmt.Errorf("%s is binary (not UTF-8 text), so no rule can read it", rel)
		}
		return string(data), nil
	}
	if s.Dir != "" || s.RealDir != "" {
		return "", err
	}
	f, ferr := src.ReadFile(ctx, s.ID, rel)
	if ferr != nil {
		return "", ferr
	}
	return f.Content, nil
}

// isText reports whether data is UTF-8 text without NUL bytes (what the
// catalog serves as text).
func isText(data []byte) bool {
	return bytes.IndexByte(data, 0) < 0 && utf8.Valid(data)
}

// fill sets the skill's id and name and each finding's absolute path,
// and keeps one finding per file, line and rule.
func (a *auditor) fill(fs []Finding, s index.Skill, baseDir string) []Finding {
	for i := range fs {
		f := &fs[i]
		f.SkillID, f.SkillName = Printable(s.ID), Printable(s.Name)
		f.Path = Printable(path.Join(strings.ReplaceAll(baseDir, "\\", "/"), f.File))
		f.File = Printable(f.File)
	}
	return dedupe(fs)
}

// auditable reports whether a file is worth reading: everything but
// obvious binary formats (which ReadFile would refuse anyway; skipping by
// extension saves the read).
func auditable(rel string) bool {
	switch strings.ToLower(path.Ext(rel)) {
	case ".png", ".jpg", ".jpeg", ".gif", ".webp", ".ico", ".pdf", ".zip", ".gz", ".tgz", ".bz2", ".xz",
		".woff", ".woff2", ".ttf", ".otf", ".eot", ".mp3", ".mp4", ".wav", ".mov", ".pyc", ".so", ".dylib",
		".dll", ".exe", ".jar", ".class", ".wasm", ".docx", ".xlsx", ".pptx", ".db", ".sqlite", ".bin":
		return false
	}
	return true
}

// dedupe keeps one finding per (file, line, rule), the most serious.
func dedupe(fs []Finding) []Finding {
	type key struct {
		file, rule string
		line       int
	}
	best := map[key]int{}
	var out []Finding
	for _, f := range fs {
		k := key{f.File, f.RuleID, f.Line}
		if i, ok := best[k]; ok {
			if f.Severity > out[i].Severity {
				out[i] = f
			}
			continue
		}
		best[k] = len(out)
		out = append(out, f)
	}
	return out
}
