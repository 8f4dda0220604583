package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"runtime/debug"
	"strings"
	"time"

	"github.com/skilldex/skilldex/internal/audit"
	"github.com/skilldex/skilldex/internal/config"
	"github.com/skilldex/skilldex/internal/gcpolicy"
	"github.com/skilldex/skilldex/internal/serve"
	"github.com/skilldex/skilldex/internal/termtext"
	"github.com/skilldex/skilldex/tools"
	"github.com/spf13/cobra"
)

// auditOptions are the flags of `skilldex audit`.
type auditOptions struct {
	sarif     bool
	failOn    string
	noSecrets bool
}

func newAuditCmd(cfg *config.Config) *cobra.Command {
	var opts auditOptions
	cmd := &cobra.Command{
		Use:   "audit",
		Short: "Find hostile content in skills before an agent loads them (exit 1 on high or critical findings)",
		Long: `audit reads every file of every served skill (through the catalog, never outside a skill's folder)
and reports hidden text (HTML comments, hidden HTML, invisible Unicode, bidi overrides), instructions that
turn the model against its user or ask for secrets, data-exfiltration URLs, download-and-execute, reverse
shells and remote command loops, decoded or obfuscated payloads, credential theft, persistence, miners,
approval bypass, scripts that rewrite the agent's own settings or instructions, commands that wipe the
filesystem, home, key folders or a disk, writes to system trust files (hosts, sudoers, resolv.conf, the CA
store), registry packages (npx -y, uvx) handed the user's credentials, CI workflows that expose secrets or
run pull-request code with them, dev containers that reach into the host, and committed secrets. Each
finding has the skill id, file, line, rule, severity (critical, high, medium, low), a reason and the
evidence with hidden characters escaped as \u{XXXX}.

Severity depends on context: a command is critical in a script, high in the instructions, and lower in a
quoted example of a skill that teaches security. It exits 1 when any finding is at or above --fail-on
(default high). --sarif writes SARIF 2.1.0 for GitHub code scanning; --json the full report.`,
		Example: `  skilldex audit
  skilldex audit --fail-on medium
  skilldex audit --sarif > audit.sarif
  skilldex audit --dir ./vendor/skills`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runAudit(cmd.Context(), newApp(cmd, cfg), opts)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&opts.sarif, "sarif", false, "print SARIF 2.1.0 (for GitHub code scanning) instead of a table")
	f.StringVar(&opts.failOn, "fail-on", "high", "exit 1 when a finding is at least this severe: low, medium, high, critical or none")
	f.BoolVar(&opts.noSecrets, "no-secrets", false, "skip the committed-secret rule (gitleaks ruleset)")
	return cmd
}

// runAudit audits the configured catalog and prints the report as text,
// JSON (cfg.JSON) or SARIF.
func runAudit(ctx context.Context, a *app, opts auditOptions) error {
	cfg, stdout, stderr := a.cfg, a.stdout, a.stderr
	failOn, err := audit.ParseSeverity(opts.failOn)
	if err != nil {
		return fmt.Errorf("--fail-on: %w", err)
	}
	if opts.sarif && cfg.JSON {
		return fmt.Errorf("--json and --sarif both choose the output; pass one")
	}
	cat, err := a.openShared(ctx)
	if err != nil {
		return err
	}
	defer cat.Close()
	rep, err := auditCatalog(ctx, cat, audit.Options{NoSecrets: opts.noSecrets}, cfg.Logger(stderr))
	if err != nil {
		return err
	}
	switch {
	case opts.sarif:
		wd, _ := os.Getwd()
		err = audit.WriteSARIF(stdout, rep, audit.SARIFOptions{BaseDir: wd, ToolVersion: tools.Version})
	case cfg.JSON:
		err = writeJSON(stdout, rep)
	default:
		err = writeAuditText(stdout, rep)
	}
	if err != nil {
		return err
	}
	if failOn > audit.SeverityNone && rep.Worst() >= failOn {
		return exitCode(1)
	}
	return nil
}

// auditCatalog audits every served skill of cat with the audit cache of
// its data dir (in memory for --mem): files unchanged since an earlier
// audit are looked up, not read and audited again. A cache that cannot
// be read or saved costs time only; it is logged as a warning.
func auditCatalog(ctx context.Context, cat serve.Catalog, opts audit.Options, log *slog.Logger) (*audit.Report, error) {
	dir, save := cat.DataDir(), true
	if r, ok := cat.(*serve.Remote); ok {
		// The shared server owns its data dir: its audit cache is read,
		// never written, by a one-shot command.
		dir, save = r.ServerDataDir(), false
	}
	opts.Cache = openAuditCache(dir, log)
	if opts.Cache.Len() == 0 && os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == "" {
		// A first audit allocates about 2 GB on the corpus, nearly all
		// short-lived: past the one-shot deferral of the first
		// collection (deferFirstGC), collecting a third as often as the
		// default costs 12% less CPU (8.0 -> 7.0 s on the corpus, peak
		// RSS 144 -> 155 MB). An audit from the cache allocates little
		// and keeps the one-shot settings.
		gcpolicy.Restore()
		defer debug.SetGCPercent(debug.SetGCPercent(300))
	}
	start := time.Now()
	rep, err := audit.Catalog(ctx, cat, opts)
	if err != nil {
		return nil, err
	}
	if save {
		if err := opts.Cache.Save(); err != nil {
			log.Warn(err.Error())
		}
	}
	log.Debug("audit done", "skills", rep.Skills, "files", rep.Files, "audited", rep.Audited, "cached", rep.Cached, "took", time.Since(start))
	return rep, nil
}

// openAuditCache opens the audit cache in a catalog's data dir (in memory
// for ""); one that cannot be read is logged and starts empty.
func openAuditCache(dataDir string, log *slog.Logger) *audit.Cache {
	c, err := audit.OpenCache(dataDir)
	if err != nil {
		log.Warn(err.Error())
	}
	return c
}

// writeAuditText prints one block per finding, most serious first, and a
// summary line: piped, each finding is three whole lines (its severity,
// location and rule; "skill ID: reason"; "evidence: ..."), as scripts grep
// them; on a terminal the lines are fitted to its width (termWidth), each
// broken with its continuation lines indented under the finding
// (termtext.Hang), and an empty evidence line left out.
func writeAuditText(w io.Writer, rep *audit.Report) error {
	width := termWidth(w)
	paint := termtext.Painter(w)
	colour := map[audit.Severity]string{audit.Critical: termtext.Red, audit.High: termtext.Red, audit.Medium: termtext.Yellow}
	for _, f := range rep.Findings {
		loc := config.RelToWD(f.Path)
		if f.Line > 0 {
			loc = fmt.Sprintf("%s:%d", loc, f.Line)
		}
		sev := paint(colour[f.Severity], fmt.Sprintf("%-8s", f.Severity))
		if width == 0 {
			if _, err := fmt.Fprintf(w, "%s %s [%s]\n    skill %s: %s\n    evidence: %s\n", sev, loc, f.RuleID, f.SkillID, f.Reason, f.Evidence); err != nil {
				return err
			}
			continue
		}
		esc := func(s string) string { return termtext.Escape(s, false) }
		block := termtext.Hang(sev+" ", esc(loc)+" ["+esc(f.RuleID)+"]", auditIndent, width) + "\n" +
			termtext.Hang("    ", "skill "+esc(f.SkillID)+": "+esc(f.Reason), 6, width) + "\n"
		if f.Evidence != "" {
			block += termtext.Hang("    ", "evidence: "+esc(f.Evidence), 6, width) + "\n"
		}
		if _, err := io.WriteString(w, block); err != nil {
			return err
		}
	}
	for _, s := range rep.Skipped {
		fmt.Fprintf(w, "%s\n", termtext.FitLines("skipped "+s, width))
	}
	files := plural(rep.Files, "file", "files")
	if rep.Cached > 0 {
		files += fmt.Sprintf(", %d of them unchanged since the last audit", rep.Cached)
	}
	sum := fmt.Sprintf("%d skills audited (%s): %d critical, %d high, %d medium, %d low; %d skills with high or critical findings",
		rep.Skills, files, rep.Counts["critical"], rep.Counts["high"], rep.Counts["medium"], rep.Counts["low"], len(rep.Flagged))
	if rep.NotServed > 0 {
		sum += fmt.Sprintf("; %d invalid skills not audited (they are not served; see skilldex validate)", rep.NotServed)
	}
	_, err := fmt.Fprintln(w, termtext.FitLines(sum, width))
	return err
}

// auditIndent is where a finding's first line continues on a terminal:
// under its location, past the severity padded to eight columns.
const auditIndent = 9

// writeAuditFindings prints the findings at or above min, one line each,
// for commands that report the audit beside their own output; on a
// terminal each is fitted to its width with its continuation lines
// indented under the location (as writeAuditText).
func writeAuditFindings(w io.Writer, rep *audit.Report, min audit.Severity) {
	width := termWidth(w)
	paint := termtext.Painter(w)
	for _, f := range rep.Findings {
		if f.Severity < min {
			continue
		}
		loc := config.RelToWD(f.Path)
		if f.Line > 0 {
			loc = fmt.Sprintf("%s:%d", loc, f.Line)
		}
		sev := paint(termtext.Red, fmt.Sprintf("%-8s", strings.ToUpper(f.Severity.String())))
		text := fmt.Sprintf("%s [%s] %s: %s", loc, f.RuleID, f.Reason, f.Evidence)
		if width > 0 {
			text = termtext.Escape(text, false)
		}
		fmt.Fprintln(w, termtext.Hang(sev+" ", text, auditIndent, width))
	}
}
