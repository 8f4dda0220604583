package audit

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/skilldex/skilldex/index"
)

// Monitor keeps the audit of a live catalog for a server: each skill is
// audited once per version of its files (the catalog's fingerprints:
// SKILL.md's hash and every file's path, size, time and hash), so a
// refresh that changes a skill makes its next check re-audit it. Safe for
// concurrent use.
type Monitor struct {
	src  Source
	opts Options
	a    *auditor

	mu   sync.Mutex
	seen map[string]monitored // skill id -> audit of one version
}

type monitored struct {
	key      string
	findings []Finding
}

// NewMonitor returns a Monitor reading skills through src.
func NewMonitor(src Source, opts Options) *Monitor {
	return &Monitor{src: src, opts: opts, a: newAuditor(opts), seen: map[string]monitored{}}
}

// versionKey identifies the version of a skill's files.
func versionKey(s index.Skill) string {
	var b strings.Builder
	b.WriteString(s.Hash)
	for _, f := range s.Files {
		fmt.Fprintf(&b, "\x00%s\x00%d\x00%d\x00%s", f.Path, f.Size, f.ModTime, f.Hash)
	}
	return b.String()
}

// Skill returns the findings of s (most serious first), auditing it when
// this version of its files was not audited yet.
func (m *Monitor) Skill(ctx context.Context, s index.Skill) []Finding {
	key := versionKey(s)
	m.mu.Lock()
	e, ok := m.seen[s.ID]
	m.mu.Unlock()
	if ok && e.key == key {
		return e.findings
	}
	f, _, _ := m.a.skill(ctx, m.src, s)
	sortFindings(f)
	m.mu.Lock()
	m.seen[s.ID] = monitored{key: key, findings: f}
	m.mu.Unlock()
	return f
}

// Worst returns the most serious severity among s's findings.
func (m *Monitor) Worst(ctx context.Context, s index.Skill) Severity {
	if f := m.Skill(ctx, s); len(f) > 0 {
		return f[0].Severity
	}
	return SeverityNone
}

// Prime audits every served skill, workers at once (0: Options.Workers),
// and remembers the results, so the checks a server makes while
// answering are lookups. It returns the report of the whole catalog.
func (m *Monitor) Prime(ctx context.Context, workers int) (*Report, error) {
	opts := m.opts
	if workers > 0 {
		opts.Workers = workers
	}
	rep, err := Catalog(ctx, m.src, opts)
	if err != nil {
		return nil, err
	}
	by := map[string][]Finding{}
	for _, f := range rep.Findings {
		by[f.SkillID] = append(by[f.SkillID], f)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, s := range m.src.List(index.ListOptions{IncludeShadowed: true}) {
		m.seen[s.ID] = monitored{key: versionKey(s), findings: by[s.ID]}
	}
	return rep, nil
}
