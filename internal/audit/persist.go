package audit

import (
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Rule persistence, ranked by what is installed and how: an install the
// user is asked about first (a yes/no question in the script, or the
// instructions above a code block asking for consent) is the user's
// choice, low when the audit can read what is installed (a heredoc, an
// echo, a file the skill ships and that is audited on its own) and it
// fetches nothing, connects nowhere and runs no file the script wrote
// or downloaded; medium when the content is unseen. Unasked, or risky,
// it stays high.

// copyCalls are the commands that write a copy of files to a target.
var copyCalls = lazySet("cp", "mv", "install", "ln", "tee", "dd", "rsync")

// writtenOperands returns the paths a copy command writes: every file
// of tee, dd's of=, and otherwise the target folder (-t DIR,
// --target-directory=DIR) or the last operand; sources are the other
// operands (none for tee and dd).
func writtenOperands(c call) (dests, sources []string) {
	switch c.name {
	case "tee":
		return operands(c.args), nil
	case "dd":
		for _, a := range c.args {
			if of, ok := strings.CutPrefix(a, "of="); ok {
				dests = append(dests, of)
			}
		}
		return dests, nil
	}
	var ops []string
	for i := 0; i < len(c.args); i++ {
		a := c.args[i]
		switch {
		case a == "-t" || a == "--target-directory":
			if i+1 < len(c.args) {
				dests = append(dests, c.args[i+1])
				i++
			}
		case strings.HasPrefix(a, "--target-directory="):
			dests = append(dests, strings.TrimPrefix(a, "--target-directory="))
		case (a == "-m" || a == "--mode" || a == "-o" || a == "-g" || a == "-S" || a == "--suffix") && c.name == "install":
			i++ // install's options that take a value
		case a == "--":
			ops = append(ops, c.args[i+1:]...)
			i = len(c.args)
		case strings.HasPrefix(a, "-") && a != "-":
		default:
			ops = append(ops, a)
		}
	}
	if len(dests) > 0 {
		return dests, ops
	}
	if len(ops) < 2 {
		return nil, ops
	}
	return ops[len(ops)-1:], ops[:len(ops)-1]
}

// shippedFile reports whether a copy's source is a file of the skill: a
// relative path inside its folder, not written or downloaded earlier in
// the same scan. Such a file is audited on its own, so what it installs
// can be read.
func (s *shScan) shippedFile(src string) bool {
	src = strings.Trim(src, `"'`)
	if src == "" || src == "-" || strings.ContainsAny(src, "$`~*?") || strings.HasPrefix(src, "/") || strings.Contains(src, "://") || strings.Contains(src, ":") {
		return false
	}
	for _, part := range strings.Split(src, "/") {
		if part == ".." {
			return false
		}
	}
	if _, ok := s.downloaded[src]; ok {
		return false
	}
	if _, ok := s.staged[src]; ok {
		return false
	}
	return true
}

// copyPersist ranks a copy command (cp, mv, install, ln, tee, dd,
// rsync) whose target is a file that runs code later. Only what the
// command writes counts (the backup `cp ~/.bashrc ~/.bashrc.bak` reads
// the rc file). A file put back from a copy of itself that the script
// made by keeping some of its lines (grep -v marker rc > rc.tmp; mv
// rc.tmp rc), or from its backup, adds nothing and is not reported.
func (s *shScan) copyPersist(line int, c call) {
	dests, sources := writtenOperands(c)
	for _, d := range dests {
		target := strings.TrimSuffix(strings.TrimPrefix(d, "of="), "\"")
		if !persistTarget.MatchString(target) && !persistTarget.MatchString(target+"/") {
			continue
		}
		self := len(sources) > 0
		shipped := len(sources) > 0
		for _, src := range sources {
			if s.staged[strings.Trim(src, `"'`)] != strings.Trim(target, `"'`) {
				self = false
			}
			if !s.shippedFile(src) {
				shipped = false
			}
		}
		if self {
			continue
		}
		if s.editedCopy(target, sources) {
			s.rcEdit(line, target)
			continue
		}
		if len(sources) == 0 {
			s.persistence(line, target, "") // tee, dd: what they write comes through a pipe
			continue
		}
		s.persistWrite(line, target, "", shipped, s.lineRisky(line))
	}
}

// stageWrite records what a redirection writes to a file that is no
// persistence target, for a later copy into one (copyPersist): a
// filter that only keeps lines of a persistence file (grep -v), or a
// plain copy of it, stages that file's own lines; anything else stages
// unknown content.
func (s *shScan) stageWrite(target string, st *syntax.Stmt, c call, ok bool) {
	if s.staged == nil {
		s.staged = map[string]string{}
	}
	if len(s.staged) >= maxDownloads {
		return
	}
	target = strings.Trim(target, `"'`)
	if strings.HasPrefix(target, "/dev/") {
		return
	}
	from := ""
	if ok && (c.name == "grep" && invertFlag(c.args) || c.name == "cat") {
		for _, a := range operands(c.args) {
			if persistTarget.MatchString(strings.Trim(a, `"'`)) {
				from = strings.Trim(a, `"'`)
			}
		}
	}
	if ok && from == "" {
		if rc := s.editedFrom(c); rc != "" {
			from = editedMark + rc
		}
	}
	if from == "" {
		if rc := s.printedEdit(st); rc != "" {
			from = editedMark + rc // a function or group printing the rewrite
		}
	}
	if prev, seen := s.staged[target]; seen && prev != from {
		from = "" // written twice, with different content
	}
	s.staged[target] = from
}

// stageCopy records a copy of a persistence file to another file (a
// backup): the copy holds that file's own lines.
func (s *shScan) stageCopy(c call) {
	if c.name != "cp" && c.name != "install" {
		return
	}
	dests, sources := writtenOperands(c)
	if len(dests) != 1 || len(sources) != 1 {
		return
	}
	src, dst := strings.Trim(sources[0], `"'`), strings.Trim(dests[0], `"'`)
	if !persistTarget.MatchString(src) || persistTarget.MatchString(dst) {
		return
	}
	if s.staged == nil {
		s.staged = map[string]string{}
	}
	if len(s.staged) < maxDownloads {
		s.staged[dst] = src
	}
}

// invertFlag reports grep's -v (alone or among short options).
func invertFlag(args []string) bool {
	for _, a := range args {
		if a == "--invert-match" || len(a) > 1 && a[0] == '-' && a[1] != '-' && strings.Contains(a[1:], "v") {
			return true
		}
	}
	return false
}

// harmlessPayload reports content written to a persistence target that
// the scan can read and that fetches nothing, connects nowhere, decodes
// nothing and starts nothing in the background.
func harmlessPayload(payload string) bool {
	if strings.Contains(payload, "$(") || strings.Contains(payload, "`") || onlyVars.MatchString(payload) {
		return false // a command's output or a variable: not shown
	}
	return strings.TrimSpace(payload) != "" && !rcPayloadRisky.MatchString(payload) && !strings.Contains(payload, "://") &&
		!containsAny(strings.ToLower(payload), []string{"iwr ", "irm ", "invoke-webrequest", "downloadstring", "-enc", "frombase64", "eval "})
}

// lineRisky reports whether the scanned line at line (1-based) fetches,
// connects or backgrounds something (rcPayloadRisky).
func (s *shScan) lineRisky(line int) bool {
	return line >= 1 && line <= len(s.lines) && rcPayloadRisky.MatchString(s.lines[line-1])
}

// onlyVars matches content that is nothing but variables.
var onlyVars = lazyRE(`^\s*(?:\$\{?\w+\}?\s*)+$`)

// userLevel reports a persistence target a user installs for
// themselves (shell rc files, systemd user units, XDG autostart, a
// repository's hooks, the user's launch agents), where asking first
// makes the install the user's choice. A key in authorized_keys, the
// loader's preload list and system folders are not.
func userLevel(target string) bool {
	return !strings.Contains(target, "authorized_keys") && !strings.Contains(target, "ld.so") && !strings.HasPrefix(target, "/etc/") &&
		!strings.Contains(target, "/var/spool/cron") && !strings.Contains(target, "LaunchDaemons")
}

// consented reports whether the user is asked before line: a yes/no
// question earlier in a script (askedUser), or, for a code block, the
// instructions above it asking for the user's consent (consentAbove).
func (s *shScan) consented(line int) bool {
	switch s.w {
	case inScript:
		return s.askedBefore(line)
	case inCode, inProse:
		return s.sc.consentFn != nil && s.sc.consentFn()
	}
	return false
}

// persistWrite ranks a write to a persistence target that is no key in
// authorized_keys and no routine rc setting (see persistence). Installed
// after the user is asked, at the user's own level, content that is read
// and harmless or that ships with the skill is low, and content the scan
// cannot see is medium; anything else is high (risky content is also
// read as shell, line by line at the write's line, so a download run in
// it is reported as such).
func (s *shScan) persistWrite(line int, target, payload string, shipped, risky bool) {
	asked := s.consented(line) && userLevel(target) && !risky
	readable := !risky && payload != "" && harmlessPayload(payload) && !s.runsWritten(payload)
	switch {
	case asked && (readable || shipped):
		reason := "installs code that runs again at every login, boot or schedule into " + target
		if shipped {
			reason += "; it is a file of the skill, audited on its own"
		} else {
			reason += "; its content is shown and fetches nothing"
		}
		s.add(line, "persistence", Low, reason+", after the user is asked", "")
	case asked:
		// content the scan cannot read (a heredoc in a variable), shown
		// to the user and installed after they said yes
		s.add(line, "persistence", Medium, "writes to "+target+" after the user is asked", "")
	default:
		s.add(line, "persistence", High, "writes to "+target+": code that runs again at every login, boot or schedule", "")
		if payload != "" && !s.sc.inLiteral {
			// each line of what is written, read at the write's line
			for i, l := range strings.Split(payload, "\n") {
				if i == 64 {
					break
				}
				s.nestedShell(line, l)
			}
		}
	}
}

// runsWritten reports whether content names a file the scan wrote with
// content it did not stage from a persistence file, or downloaded: an
// entry that runs it runs what that write put there.
func (s *shScan) runsWritten(payload string) bool {
	named := func(f string) bool {
		b := path.Base(strings.Trim(f, `"'`))
		if b == "." || b == "/" {
			return false
		}
		// the file's name as a path's last part: /name then a space, a
		// quote, a line's end or the text's end
		for rest := payload; ; {
			i := strings.Index(rest, "/"+b)
			if i < 0 {
				return false
			}
			rest = rest[i+1+len(b):]
			if rest == "" || strings.ContainsRune(" \t\n\"';)", rune(rest[0])) {
				return true
			}
		}
	}
	for f, from := range s.staged {
		if from == "" && named(f) {
			return true
		}
	}
	for f := range s.downloaded {
		if named(f) {
			return true
		}
	}
	return false
}

// gitGlobalHooks are the git settings that, set for the user or the
// system, run a program in every repository: core.hooksPath points
// every repository's hooks at one folder, init.templateDir copies a
// template's hooks into every repository created or cloned later, and
// core.fsmonitor names a program run at every git status.
var gitGlobalHooks = map[string]string{
	"core.hookspath":   "points the git hooks of every repository at one folder: code that runs again at every commit, checkout or merge",
	"init.templatedir": "sets the template every repository created or cloned later copies its hooks from: code that runs again at every commit, checkout or merge",
	"core.fsmonitor":   "names a program git runs at every status in every repository",
}

// gitConfigPersist reports git config --global or --system setting one
// of gitGlobalHooks (core.fsmonitor only with a program, not true or
// false). A repository's own setting (no --global) is its owner's
// choice and is not reported.
func (s *shScan) gitConfigPersist(line int, c call) {
	sub := gitSubcommand(c.args)
	if sub < 0 || c.args[sub] != "config" || !hasArg(c.args[sub:], "--global", "--system") {
		return
	}
	args := c.args[sub+1:]
	for i, a := range args {
		reason, ok := gitGlobalHooks[strings.ToLower(a)]
		if !ok {
			continue
		}
		if strings.ToLower(a) == "core.fsmonitor" {
			if i+1 >= len(args) {
				return
			}
			if v := strings.ToLower(strings.Trim(args[i+1], `"'`)); v == "true" || v == "false" {
				return
			}
		}
		s.add(line, "persistence", High, reason, "")
		return
	}
}

// consentDocRe matches instructions that make an install the user's
// choice: their consent, go-ahead or confirmation, asking them first,
// or doing it only if they agree.
var consentDocRe = lazyRE(`(?i)\b(?:consent\w*|go-ahead|confirmation|opt[- ]in)\b|\bask\w*\b[^.\n]{0,60}\b(?:first|before|user|them)\b|\b(?:if|once|when|only\s+if)\s+(?:they|the\s+user)\s+(?:agrees?|confirms?|accepts?|approves?|wants?|says?\s+yes)\b`)

// consentAbove reports whether the section of markdown before a code
// block (text is the file up to the block: from the last heading above
// it, at most 1,500 bytes) asks for the user's consent, and says
// nothing against asking (silenceRe).
func consentAbove(text string) bool {
	if len(text) > 1500 {
		text = text[len(text)-1500:]
	}
	for i := len(text) - 1; i > 0; i-- {
		if text[i] == '#' && text[i-1] == '\n' {
			text = text[i:]
			break
		}
	}
	return consentDocRe.MatchString(text) && !silenceRe.MatchString(text)
}

// startupExts are the files that name a command the system runs by
// itself once installed: systemd units and XDG autostart entries.
var startupExts = lazySet(".service", ".timer", ".socket", ".path", ".desktop")

// startupExec matches a line of a unit or desktop entry that gives a
// command: ExecStart=, ExecStartPre=, ExecStop=..., Exec=.
var startupExec = lazyRE(`(?m)^[ \t]*(?:Exec(?:Start|StartPre|StartPost|Stop|StopPost|Reload|Condition)?)[ \t]*=[ \t]*(.+)$`)

// scanStartupEntry runs the shell rules over the commands of a systemd
// unit or desktop entry the skill ships, as a script: installed, the
// command runs at every login, boot or schedule. systemd's specifiers
// %h and %u read as $HOME and $USER, and its prefixes (-@:+!) are
// dropped.
func scanStartupEntry(sc *skillCtx, rel, content string) {
	if !startupExts()[strings.ToLower(path.Ext(rel))] {
		return
	}
	for _, m := range startupExec.FindAllStringSubmatchIndex(content, 64) {
		cmd := strings.TrimLeft(content[m[2]:m[3]], "-@:+!")
		cmd = strings.NewReplacer("%h", "$HOME", "%u", "$USER", "%%", "%").Replace(cmd)
		scanShell(sc, rel, cmd, 1+strings.Count(content[:m[0]], "\n"), inScript)
	}
}

// outputFlag reports a fetcher's option naming the file it saves to:
// -o, -O, --output, --output-document, or short options ending in one
// (curl -fsSo FILE, wget -qO FILE).
func outputFlag(a string) bool {
	switch a {
	case "-o", "-O", "--output", "--output-document":
		return true
	}
	return len(a) > 2 && a[0] == '-' && a[1] != '-' && (a[len(a)-1] == 'o' || a[len(a)-1] == 'O')
}

// fetchPersist reports a download saved straight into a file that runs
// code later: content nobody has read, from the network.
func (s *shScan) fetchPersist(line int, file string) {
	target := strings.Trim(file, `"'`)
	if !persistTarget.MatchString(target) {
		return
	}
	base := High
	if strings.Contains(target, "authorized_keys") {
		base = Critical
	}
	s.add(line, "persistence", base, "downloads a file into "+target+": code from the network that runs again at every login, boot or schedule", "")
}

// execRuleIDs are the rules kept from the commands Python and JavaScript
// run (scanExecCalls): systemRuleIDs and persistence, whose commands
// (git config --global core.hooksPath given as an argument list) no
// string literal shows the shell rules.
var execRuleIDs = lazySet("destructive-command", "system-trust", "registry-exec-credential", "persistence")

// systemdEnable reports systemctl --user enable: a user service that
// runs again at every login, medium, low once the user is asked.
func (s *shScan) systemdEnable(line int) {
	if s.consented(line) {
		s.add(line, "persistence", Low, "enables a systemd user service that runs again at login, after the user is asked", "")
		return
	}
	s.add(line, "persistence", Medium, "enables a systemd user service that runs again at login", "")
}
