package audit

import (
	"context"
	"fmt"
	"path"
	"strings"
)

// Budgets bound the work one file can cost, so no input is worse than
// linear: a hostile file that would take the audit past a budget is
// audited as far as the budget goes and reported as not fully audited
// (rule not-audited), and the rest of the catalog is audited as usual.
// Markdown is held to skillmd.MarkdownBudget, as everywhere a skill's
// markdown is parsed. The budgets are counted in bytes, nesting levels
// and syntax-tree nodes,
// never in wall-clock time, so the same file gives the same report on
// any machine.
const (
	// MaxShellNesting is the deepest nesting of parentheses and braces
	// (subshells, command and process substitutions, groups, arithmetic)
	// a shell text may have for the shell parser to read it. Real
	// scripts nest a handful of levels; mvdan.cc/sh parses recursively,
	// and 200,000 nested $( took a gigabyte of stack.
	MaxShellNesting = 200
	// MaxShellNodes is how many syntax-tree nodes the shell rules visit
	// in one text (a file, a code block or a string literal) before
	// they stop. A 1 MiB script has well under this many.
	MaxShellNodes = 2_000_000
)

// maxShellNodes is MaxShellNodes, lowered by tests to reach it with a
// small script.
var maxShellNodes = MaxShellNodes

// ctxEvery is how many syntax-tree nodes a walk visits between checks of
// its context.
const ctxEvery = 1024

// stopCancelled is walkBudget.stopped when the context ended the walk:
// the whole audit is abandoned then, so it is no finding.
const stopCancelled = "the audit was cancelled"

// shellNesting returns the deepest nesting of '(' and '{' in code,
// counted over bytes (quotes are not followed, so a string full of
// parentheses counts too: only ever an overestimate, and only past
// MaxShellNesting does it matter).
func shellNesting(code string) int {
	depth, deepest := 0, 0
	for i := 0; i < len(code); i++ {
		switch code[i] {
		case '(', '{':
			depth++
			if depth > deepest {
				deepest = depth
			}
		case ')', '}':
			if depth > 0 {
				depth--
			}
		}
	}
	return deepest
}

// isScriptPath reports whether a file of a skill is one an agent would
// run: under scripts/ or bin/, or with an extension of a language the
// audit reads as code.
func isScriptPath(rel string) bool {
	if strings.HasPrefix(rel, "scripts/") || strings.HasPrefix(rel, "bin/") || strings.Contains(rel, "/scripts/") {
		return true
	}
	switch strings.ToLower(path.Ext(rel)) {
	case ".sh", ".bash", ".zsh", ".ksh", ".command", ".py", ".pyw", ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts",
		".ps1", ".psm1", ".bat", ".cmd", ".rb", ".pl", ".php", ".lua", ".fish", "":
		return true
	}
	return false
}

// notAudited reports a file, or part of one, the audit could not read
// or finish: what is not audited may hide anything, so it is a finding
// (high for a script, medium otherwise), never silence.
func (sc *skillCtx) notAudited(rel string, line int, why string) {
	sev := Medium
	if isScriptPath(rel) {
		sev = High
	}
	sc.add(rel, line, "not-audited", sev, "not fully audited: "+why, "")
}

// notAuditedFinding is notAudited for a file that could not be read at
// all (no skillCtx yet).
func notAuditedFinding(rel string, err error) Finding {
	sev := Medium
	if isScriptPath(rel) {
		sev = High
	}
	msg := err.Error()
	// errors wrapped by their own sentinel repeat it ("file is too
	// large: file is too large: ...")
	if head, rest, ok := strings.Cut(msg, ": "); ok && strings.HasPrefix(rest, head+": ") {
		msg = rest
	}
	return Finding{File: rel, RuleID: "not-audited", Severity: sev,
		Reason: Printable("not audited: " + msg + "; review the file by hand before the skill is used")}
}

// walkBudget tracks one text's shell walk: nodes visited, the context
// checked every ctxEvery nodes, and why it stopped early.
type walkBudget struct {
	ctx     context.Context
	nodes   int
	stopped string
}

// step counts a node; false once the budget is spent or the context
// is done.
func (b *walkBudget) step() bool {
	if b.stopped != "" {
		return false
	}
	b.nodes++
	if b.nodes > maxShellNodes {
		b.stopped = fmt.Sprintf("the shell code exceeds the size budget of %d syntax nodes", maxShellNodes)
		return false
	}
	if b.nodes%ctxEvery == 0 && b.ctx != nil && b.ctx.Err() != nil {
		b.stopped = stopCancelled
		return false
	}
	return true
}
