package audit

import "strings"

// A Ruby build file (a Rakefile, a .rake task file) runs its shell
// commands one call at a time: `sh "curl -fsSLo #{dir}/boot.sh #{url}"`
// then `sh "bash #{dir}/boot.sh"`. Each command alone is harmless to the
// shell rules; together they download a script and run it. So the
// commands a Ruby file runs are also read as one shell script, each at
// its own line, in the order of the source (a task's steps), with an
// interpolation of a name resolved as a path (so #{TOOLS} names the same
// folder in both), a command whose failure stops the task (rake's sh, a
// call followed by `|| abort`) given `|| exit 1`, and a Ruby check of a
// file's digest against a pinned one that stops the task on a mismatch
// written as the shell's (`echo "PIN  file" | sha256sum -c - || exit 1`),
// so the download-exec rule ranks the pair as it ranks a shell script's.

// rubyCmd is one command a Ruby file runs: its line, its text as shell,
// and whether a failure stops the file.
type rubyCmd struct {
	line  int
	text  string
	stops bool
}

// maxRubyCmds bounds the commands of one Ruby file read as a script.
const maxRubyCmds = 256

// rubyStopAfter matches what follows a call on its line when a failure
// stops the file (`system(...) || abort(...)`, `or raise`, exception: true).
var rubyStopAfter = lazyRE(`(?:\|\||\bor\b)[ \t]*(?:abort|raise|fail|exit!?)\b|\bexception:[ \t]*true\b`)

// rubyStopWord matches a call that stops the file.
var rubyStopWord = lazyRE(`(?:^|[^.\w])(?:abort|raise|fail|exit!?)\b`)

// rubyDef matches a method definition (its name).
var rubyDef = lazyRE(`(?m)^[ \t]*def[ \t]+(?:self\.)?([A-Za-z_]\w*[!?]?)`)

// rubyRunsCmd matches Ruby code that runs a command: the exec calls,
// rake's sh, backticks and %x.
var rubyRunsCmd = lazyRE("(?:^|[^.\\w:])(?:system|exec|spawn|sh)\\b|\\bOpen3\\.|\\bIO\\.popen|`|%x")

// rubyCallHead matches a line's code up to a call's first argument: the
// name of a command runner at the statement's start, with or without
// parentheses.
var rubyCallHead = lazyRE(`^[ \t]*([A-Za-z_]\w*[!?]?)[ \t]*\(?[ \t]*$`)

// rubyRunners returns the names of the calls that run their first
// argument as a command line: rake's sh, and the methods of the file
// whose body runs a command (a wrapper, def sh!(cmd) ... system(cmd)),
// each with whether a failure stops the file.
func (r *rubyScan) rubyRunners() map[string]bool {
	runners := map[string]bool{"sh": true} // rake's sh raises on failure
	defs := rubyDef.FindAllStringSubmatchIndex(r.code, 64)
	for k, m := range defs {
		name := r.code[m[2]:m[3]]
		if name == "sh" {
			continue
		}
		end := len(r.code)
		if k+1 < len(defs) {
			end = defs[k+1][0]
		}
		// the body: up to the next definition, at most 30 lines
		body := r.code[m[1]:end]
		if lines := strings.SplitN(body, "\n", 31); len(lines) > 30 {
			body = strings.Join(lines[:30], "\n")
		}
		if e := strings.Index(body, "\nend"); e >= 0 {
			body = body[:e]
		}
		if rubyRunsCmd.MatchString(body) {
			runners[name] = rubyStopWord.MatchString(body) || rubyStopAfter.MatchString(body)
		}
	}
	return runners
}

// addCmd records a command the file runs, from the call whose
// arguments start at off.
func (r *rubyScan) addCmd(off int, text string, stops bool) {
	if len(r.cmds) >= maxRubyCmds || strings.TrimSpace(text) == "" {
		return
	}
	if e := strings.IndexByte(r.code[off:], '\n'); e >= 0 && rubyStopAfter.MatchString(r.code[off:off+e]) {
		stops = true
	} else if e < 0 && rubyStopAfter.MatchString(r.code[off:]) {
		stops = true
	}
	r.cmds = append(r.cmds, rubyCmd{line: r.li.line(off), text: text, stops: stops})
}

// callCmds records the literal first arguments of the file's command
// runners (rubyRunners) and its backticks and %x commands.
func (r *rubyScan) callCmds() {
	runners := r.rubyRunners()
	for i, l := range r.lits {
		if l.heredoc || l.words {
			continue
		}
		if l.cmd {
			r.addCmd(l.start, r.render(i), false)
			continue
		}
		if r.used[i] {
			continue
		}
		// a runner's name starts the line, a short way before (so a
		// long line is not searched back once per literal)
		from := max(0, l.start-120)
		ls := strings.LastIndexByte(r.code[from:l.start], '\n')
		if ls < 0 && from > 0 {
			continue
		}
		m := rubyCallHead.FindStringSubmatch(r.code[from+ls+1 : l.start])
		if m == nil {
			continue
		}
		if stops, ok := runners[m[1]]; ok {
			r.addCmd(l.start, r.render(i), stops)
		}
	}
}

// render returns literal i's text as shell, each interpolation of a
// name or path expression resolved as a path (r.path), others $X.
func (r *rubyScan) render(i int) string {
	l := r.lits[i]
	body := l.body
	raw := r.src[l.start:l.end]
	interps := rubyInterpRe.FindAllString(raw, 16)
	if len(interps) == 0 || strings.Count(body, "$X")+strings.Count(body, "$HOME") != len(interps) {
		return body
	}
	var b strings.Builder
	k := 0
	for k < len(interps) {
		x, h := strings.Index(body, "$X"), strings.Index(body, "$HOME")
		at, n := x, 2
		if x < 0 || (h >= 0 && h < x) {
			at, n = h, 5
		}
		if at < 0 {
			break
		}
		b.WriteString(body[:at])
		v := body[at : at+n]
		if p := r.path(strings.TrimSpace(interps[k][2:len(interps[k])-1]), 0); rubyPlainPath.MatchString(p) {
			v = p
		}
		b.WriteString(v)
		body = body[at+n:]
		k++
	}
	b.WriteString(body)
	return b.String()
}

// rubyPlainPath is a resolved path safe to put in a command as one word.
var rubyPlainPath = lazyRE(`^(?:~|\$X)?[\w./+-]*(?:\$X[\w./+-]*)*$`)

// rubyDigestOf matches a Ruby digest of a file (group 1 or 2: the path
// expression): Digest::SHA256.file(p).hexdigest,
// Digest::SHA256.hexdigest(File.read(p)), OpenSSL's too.
var rubyDigestOf = lazyRE(`(?:OpenSSL::)?Digest::SHA(?:1|2|256|384|512)(?:\.new(?:\(\d*\))?)?\.(?:file\(\s*((?:[^()]|\([^()]*\))+?)\s*\)\.hexdigest|hexdigest\(\s*File\.(?:bin)?read\(\s*((?:[^()]|\([^()]*\))+?)\s*\)\s*\))(?:\.downcase)?`)

// rubyOperandStart matches what ends before a comparison's left
// operand: an if or unless.
var rubyOperandStart = lazyRE(`.*(?:\bunless\b|\bif\b)`)

// rubyOperandEnd matches what ends a comparison's right operand: or,
// ||, &&, then, ;.
var rubyOperandEnd = lazyRE(`\s(?:or|then)\b|\|\||&&|;`)

// rubyCompare splits a line at its comparison (== or !=) into the two
// operands and whether it is !=.
func rubyCompare(ln string) (left, right string, neg, ok bool) {
	i := strings.Index(ln, "==")
	j := strings.Index(ln, "!=")
	if i < 0 || (j >= 0 && j < i) {
		i, neg = j, true
	}
	if i < 0 {
		return "", "", false, false
	}
	left, right = ln[:i], ln[i+2:]
	if m := rubyOperandStart.FindStringIndex(left); m != nil {
		left = left[m[1]:]
	}
	if m := rubyOperandEnd.FindStringIndex(right); m != nil {
		right = right[:m[0]]
	}
	left = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(left), "("))
	right = strings.TrimSpace(right)
	if strings.Count(right, ")") > strings.Count(right, "(") {
		right = strings.TrimSpace(strings.TrimSuffix(right, ")"))
	}
	return left, right, neg, left != "" && right != ""
}

// hexPin is a pinned digest: 40 to 128 hex digits.
var hexPin = lazyRE(`^[0-9a-fA-F]{40,128}$`)

// rubyUnless and rubyIf match the modifiers of a check's stop.
var (
	rubyUnless = lazyRE(`\bunless\b`)
	rubyIf     = lazyRE(`\bif\b`)
)

// digestChecks returns, by line, the shell form of each Ruby check of
// a file's digest against a pinned one (a hex literal, or a name
// assigned one) that stops the file on a mismatch.
func (r *rubyScan) digestChecks() map[int]string {
	out := map[int]string{}
	lines := strings.Split(r.code, "\n")
	for n, ln := range lines {
		if !strings.Contains(ln, "==") && !strings.Contains(ln, "!=") {
			continue
		}
		lhs, rhs, neg, ok := rubyCompare(ln)
		if !ok {
			continue
		}
		stops := false
		switch {
		case rubyStopWord.MatchString(ln):
			// abort unless d == pin; raise if d != pin; d == pin or abort
			unless := rubyUnless.MatchString(ln)
			ifw := rubyIf.MatchString(ln)
			orw := rubyStopAfter.MatchString(ln)
			stops = (unless && !neg) || (ifw && neg) || (orw && !neg && !unless && !ifw)
		case n+1 < len(lines) && rubyStopWord.MatchString(lines[n+1]):
			// unless d == pin / abort ... / end
			t := strings.TrimSpace(ln)
			stops = strings.HasPrefix(t, "unless ") && !neg || strings.HasPrefix(t, "if ") && neg
		}
		if !stops {
			continue
		}
		file, pin := r.digestFile(lhs), r.pinOf(rhs)
		if file == "" {
			file, pin = r.digestFile(rhs), r.pinOf(lhs)
		}
		if file == "" || pin == "" || !rubyPlainPath.MatchString(file) {
			continue
		}
		out[n+1] = `echo "` + pin + "  " + file + `" | sha256sum -c - || exit 1`
	}
	return out
}

// digestFile returns the path whose digest an operand is (the digest
// itself, or a name assigned one), else "".
func (r *rubyScan) digestFile(op string) string {
	op = strings.TrimSpace(op)
	for range 3 {
		if m := rubyDigestOf.FindStringSubmatch(op); m != nil && m[0] == op {
			p := m[1]
			if p == "" {
				p = m[2]
			}
			if i, ok := r.litOf(strings.TrimSpace(p)); ok {
				return r.render(i) // as the commands' paths are
			}
			return r.path(p, 0)
		}
		v, ok := r.assigns[op]
		if !ok {
			return ""
		}
		op = strings.TrimSpace(v)
	}
	return ""
}

// rubyConfigValue matches a value read from a data file: NAME["k"],
// NAME.fetch("k"), NAME.dig("a", "b") (group 1 the name).
var rubyConfigValue = lazyRE(`^([A-Za-z_]\w*)(?:\[|\.fetch\(|\.dig\()`)

// rubyLoadsFile matches a data file the skill ships, loaded: YAML or
// JSON of a file read from disk (group 1 or 2 its path expression).
var rubyLoadsFile = lazyRE(`^(?:YAML|Psych)\.(?:safe_)?load_file\(\s*([^,]+?)\s*(?:,.*)?\)$|^(?:YAML|Psych|JSON)\.(?:safe_load|load|parse)\(\s*File\.read\(\s*([^,]+?)\s*\)\s*(?:,.*)?\)$`)

// pinOf returns the digest an operand pins (a hex literal, or a name
// assigned one), a placeholder pin for a value of a data file the skill
// ships (CFG["sha256"] with CFG = YAML.load_file("config/tools.yml"), as
// the shell's sums list the skill ships), else "".
func (r *rubyScan) pinOf(op string) string {
	op = strings.TrimSpace(op)
	for range 3 {
		if m := rubyConfigValue.FindStringSubmatch(op); m != nil {
			if v, ok := r.assigns[m[1]]; ok {
				if l := rubyLoadsFile.FindStringSubmatch(strings.TrimSpace(v)); l != nil && !strings.Contains(r.path(l[1]+l[2], 0), "://") {
					return strings.Repeat("0", 64)
				}
			}
			return ""
		}
		if i, ok := r.litOf(op); ok {
			if hexPin.MatchString(r.lits[i].body) {
				return strings.ToLower(r.lits[i].body)
			}
			return ""
		}
		v, ok := r.assigns[op]
		if !ok {
			return ""
		}
		op = strings.TrimSpace(v)
	}
	return ""
}

// taskScript reads the file's commands and digest checks as one shell
// script, each at its line (see the top of this file). Only the
// download-exec findings it adds are kept: the commands alone were
// read already.
func (r *rubyScan) taskScript() {
	if len(r.cmds) < 2 && !r.fetched {
		return
	}
	n := strings.Count(r.code, "\n") + 1
	lines := make([]string, n)
	for _, c := range r.cmds {
		if c.line < 1 || c.line > n || strings.Contains(c.text, "\n") {
			continue
		}
		t := c.text
		if c.stops && !strings.Contains(t, ";") {
			t += " || exit 1"
		}
		if lines[c.line-1] != "" {
			t = lines[c.line-1] + "; " + t
		}
		lines[c.line-1] = t
	}
	for ln, chk := range r.digestChecks() {
		if ln <= n && lines[ln-1] == "" {
			lines[ln-1] = chk
		}
	}
	before := len(r.sc.findings)
	scanShell(r.sc, r.rel, strings.Join(lines, "\n"), 1, inScript)
	kept := r.sc.findings[:before]
	src := strings.Split(r.src, "\n")
	for _, f := range r.sc.findings[before:] {
		if f.RuleID == "download-exec" {
			if f.Line >= 1 && f.Line <= len(src) {
				f.Evidence = Escape(strings.TrimSpace(src[f.Line-1]), 160) // the Ruby line, not its shell form
			}
			kept = append(kept, f)
		}
	}
	r.sc.findings = kept
}
