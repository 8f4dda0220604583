package audit

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"io"
	"sync"
	"time"

	"github.com/skilldex/skilldex/index"
)

// Monitor keeps the audit of a live catalog for a server: each skill is
// audited once per version of its files (the catalog's fingerprints:
// SKILL.md's hash and every file's path, size, time and hash), so a
// refresh that changes a skill makes its next check re-audit it. With
// Options.Cache, only the files whose content changed are read and
// audited again, and a server starting on a warm data dir primes from
// the cache; the cache is saved a few seconds after the audits that
// added to it, and by Close. Safe for concurrent use.
type Monitor struct {
	src  Source
	opts Options
	a    *auditor

	mu      sync.Mutex
	seen    map[string]monitored // skill id -> audit of one version
	saveDue bool                 // a cache save is scheduled
	timer   *time.Timer
	closed  bool
}

type monitored struct {
	key      versionHash
	findings []Finding
}

// NewMonitor returns a Monitor reading skills through src.
func NewMonitor(src Source, opts Options) *Monitor {
	return &Monitor{src: src, opts: opts, a: newAuditor(opts), seen: map[string]monitored{}}
}

// versionHash identifies the version of a skill's files: the SHA-256 of
// SKILL.md's hash and every file's path, size, time and hash. A server
// keeps one per skill for as long as it runs; the text it hashes is
// about 350 bytes per skill (3.5 MB at 10,000 skills), its
// hash 32.
type versionHash [sha256.Size]byte

// versionKey returns the versionHash of s.
func versionKey(s index.Skill) versionHash {
	h := sha256.New()
	var n [binary.MaxVarintLen64]byte
	str := func(x string) {
		h.Write(binary.AppendUvarint(n[:0], uint64(len(x))))
		io.WriteString(h, x)
	}
	str(s.Hash)
	for _, f := range s.Files {
		str(f.Path)
		h.Write(binary.AppendVarint(n[:0], f.Size))
		h.Write(binary.AppendVarint(n[:0], f.ModTime))
		str(f.Hash)
	}
	var k versionHash
	h.Sum(k[:0])
	return k
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
	r := m.a.skill(ctx, m.src, s)
	f := r.findings
	sortFindings(f)
	m.mu.Lock()
	m.seen[s.ID] = monitored{key: key, findings: f}
	m.mu.Unlock()
	if r.audited > 0 {
		m.saveSoon()
	}
	return f
}

// saveDelay gathers the cache writes of a burst of edits into one.
const saveDelay = 5 * time.Second

// saveSoon saves the cache (Options.Cache) saveDelay from now, unless a
// save is already due.
func (m *Monitor) saveSoon() {
	c := m.opts.Cache
	if c == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.saveDue || m.closed {
		return
	}
	m.saveDue = true
	m.timer = time.AfterFunc(saveDelay, func() {
		m.mu.Lock()
		m.saveDue = false
		m.mu.Unlock()
		if err := c.Save(); err != nil && m.opts.OnSaveError != nil {
			m.opts.OnSaveError(err)
		}
	})
}

// Close saves the cache now (a save that was due included) and stops
// later saves; a save error goes to Options.OnSaveError too. The Monitor
// still answers after Close.
func (m *Monitor) Close() error {
	m.mu.Lock()
	m.closed = true
	if m.timer != nil {
		m.timer.Stop()
	}
	m.mu.Unlock()
	if m.opts.Cache == nil {
		return nil
	}
	err := m.opts.Cache.Save()
	if err != nil && m.opts.OnSaveError != nil {
		m.opts.OnSaveError(err)
	}
	return err
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
	m.saveSoon()
	by := map[string][]Finding{}
	for _, f := range rep.Findings {
		by[f.SkillID] = append(by[f.SkillID], f)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, s := range m.src.Records(index.ListOptions{IncludeShadowed: true}) {
		m.seen[s.ID] = monitored{key: versionKey(*s), findings: by[s.ID]}
	}
	return rep, nil
}
