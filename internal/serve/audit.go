package serve

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/audit"
)

// AuditMonitor returns the Monitor a server audits cat with, over the
// audit cache of its data dir (in memory when it has none): on a warm
// data dir the server's first audit is lookups. The caller closes it
// (saving the cache) before the catalog.
func AuditMonitor(cat *index.Catalog, log *slog.Logger) *audit.Monitor {
	c, err := audit.OpenCache(cat.DataDir())
	if err != nil {
		log.Warn(err.Error())
	}
	return audit.NewMonitor(cat, audit.Options{Cache: c, OnSaveError: func(err error) { log.Warn(err.Error()) }})
}

// CheckAuditMode accepts serve --audit's values: warn (the default,
// also ""), hide or off; an error names them.
func CheckAuditMode(mode string) error {
	switch mode {
	case "", "warn", "hide", "off":
		return nil
	}
	return fmt.Errorf("--audit %q: use warn (the default), hide or off", mode)
}

// ServeAudit returns tools.Options.Audit and AuditHide for serve
// --audit=mode over m's catalog (nil, nil for off; hide is nil but in
// hide mode). It primes the audit of every skill: in hide mode before
// returning, so no flagged skill is ever shown (the server starts later
// by the audit's time); in warn mode in the background, one worker. Findings
// at high or critical go to log; a loaded skill's findings from medium up
// are its warnings; in hide mode a skill with a high or critical finding
// is kept from the model like an author-hidden one. Each onReport gets
// the primed audit's report (serve --http's audit metrics).
func ServeAudit(ctx context.Context, mode string, m *audit.Monitor, log *slog.Logger, onReport ...func(*audit.Report)) (warn func(index.Skill) []string, hide func(index.Skill) bool, err error) {
	if err := CheckAuditMode(mode); err != nil {
		return nil, nil, err
	}
	if mode == "off" {
		return nil, nil, nil
	}
	prime := func() {
		workers := 0 // hide: the server waits for it
		if mode != "hide" {
			workers = 1 // warn: in the background, beside the answers
		}
		rep, err := m.Prime(ctx, workers)
		if err != nil {
			log.Warn("security audit stopped", "err", err)
			return
		}
		for _, f := range rep.Findings {
			if f.Severity >= audit.High {
				log.Warn("security audit: "+f.Reason, "skill", f.SkillID, "file", f.File, "line", f.Line, "rule", f.RuleID, "severity", f.Severity.String(), "evidence", f.Evidence)
			}
		}
		log.Info("security audit done", "skills", rep.Skills, "flagged", len(rep.Flagged), "mode", mode, "files", rep.Files, "audited", rep.Audited, "cached", rep.Cached)
		for _, f := range onReport {
			f(rep)
		}
	}
	warn = func(s index.Skill) []string {
		var warnings []string
		for _, f := range m.Skill(ctx, s) {
			if f.Severity >= audit.Medium {
				loc := f.File
				if f.Line > 0 {
					loc = fmt.Sprintf("%s:%d", f.File, f.Line)
				}
				warnings = append(warnings, fmt.Sprintf("security audit %s [%s] %s: %s (evidence: %s)", f.Severity, f.RuleID, loc, f.Reason, f.Evidence))
			}
		}
		return warnings
	}
	if mode != "hide" {
		go prime()
		return warn, nil, nil
	}
	prime()
	return warn, func(s index.Skill) bool { return m.Worst(ctx, s) >= audit.High }, nil
}
