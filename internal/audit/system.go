package audit

import (
	"path"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// Rules destructive-command and system-trust (see Rules in rules.go):
// commands that wipe the root filesystem, the home folder, a system
// folder or a disk, and writes to the files the system trusts (hosts,
// sudoers, the resolver, the CA store). Both are read from the shell
// syntax tree, after the normaliser, so `sudo rm -rf "$HOME"/` and
// `bash -c 'rm -rf /*'` are the same command as `rm -rf ~`.

// systemDirs are the top-level folders whose recursive removal or
// change of mode breaks the machine.
var systemDirs = lazySet("/bin", "/boot", "/dev", "/etc", "/home", "/lib", "/lib32", "/lib64", "/opt", "/proc", "/root", "/sbin", "/srv", "/sys", "/usr", "/var",
	"/System", "/Library", "/Users", "/Applications", "/private", "/Volumes", "C:", "C:\\", "C:/")

// homeForms are the spellings of the home folder after normalisation
// (names never assigned keep their source form).
var homeForms = []string{"${HOME}", "$HOME", "~", "$USERPROFILE", "%USERPROFILE%", "$env:USERPROFILE"}

// wipeTarget names what a recursive removal of t destroys: the root
// filesystem, the home folder or a system folder, or "" for anything
// else (a build folder, a path below home, an unknown variable).
func wipeTarget(t string) string {
	t = strings.Trim(t, `"'`)
	for _, h := range homeForms {
		if t == h || strings.HasPrefix(t, h+"/") || strings.HasPrefix(t, h+"\\") {
			t = "~" + t[len(h):]
			break
		}
	}
	t = windowsHomePath(t)
	// .. is resolved as the filesystem does, so ~/.cache/../.ssh is
	// ~/.ssh and /tmp/../etc is /etc (above home is home's parent, read
	// as home: removing it removes home)
	if strings.Contains(t, "..") {
		switch {
		case t == "~" || strings.HasPrefix(t, "~/"):
			t = "~" + strings.TrimSuffix(path.Clean("/"+strings.TrimPrefix(t, "~")), "/")
		case strings.HasPrefix(t, "/"):
			t = path.Clean(t)
		}
	}
	for {
		switch {
		case strings.HasSuffix(t, "/*"), strings.HasSuffix(t, "/."):
			t = t[:len(t)-2]
		case strings.HasSuffix(t, "/.*"):
			t = t[:len(t)-3]
		case len(t) > 1 && (strings.HasSuffix(t, "/") || strings.HasSuffix(t, "\\")) && t != "C:\\" && t != "C:/":
			t = t[:len(t)-1]
		default:
			switch {
			case t == "" || t == "/" || t == "/*":
				return "the whole filesystem (/)"
			case t == "~":
				return "the home folder"
			case systemDirs()[t]:
				return "the system folder " + t
			case keyDirs()[strings.TrimPrefix(t, "~/")] && strings.HasPrefix(t, "~/"):
				return "the user's keys and credentials in " + t
			case personalDirs()[strings.TrimPrefix(t, "~/")] && strings.HasPrefix(t, "~/"):
				return "the user's own files in " + t
			}
			return ""
		}
	}
}

// keyDirs are the folders under home that hold the user's private keys
// and logins: removed, they are gone for good (there is no copy to fetch
// again, unlike a cache).
var keyDirs = lazySet(".ssh", ".gnupg", ".aws", ".azure", ".kube", ".config/gcloud", ".password-store")

// personalDirs are the folders under home the desktop keeps the user's
// own files in (XDG user dirs, macOS and Windows): no tool regenerates
// them, and no cleanup removes the whole folder.
var personalDirs = lazySet("Documents", "Desktop", "Pictures", "Music", "Videos", "Movies", "OneDrive",
	// the IDEs' own project folders: the user's source code
	"AndroidStudioProjects", "IdeaProjects", "PycharmProjects", "WebstormProjects", "GolandProjects", "CLionProjects", "RiderProjects")

// vcsDirs are version control folders: deleting them throws away a
// repository's history and unpushed work.
var vcsDirs = lazySet(".git", ".hg", ".svn")

// diskDevice matches a whole disk or partition: writing to it destroys
// what is on it.
var diskDevice = lazyRE(`^/dev/(?:r?disk\w*|disk/by-\S+|[shv]d[a-zA-Z]\w*|xvd\w+|nvme\w+|mmcblk\w+|md\d\w*|mapper/\S+|dm-\d+|[A-Za-z0-9_-]*[<{]\S*)$`)

// placeholderDevice matches a device written for the reader to fill in
// (/dev/sdX, /dev/diskN, /dev/<device>): documentation of disk tools.
var placeholderDevice = lazyRE(`^/dev/(?:sd[xX]|disk[nNX]|r?disk[nN]s?\w*|[A-Za-z_-]*[<{].*|\w*(?:DEVICE|DISK|DRIVE|X)\w*)$|\.\.\.`)

// diskTopic matches what a skill about disks says about itself: device
// writes are its subject there.
var diskTopic = lazyRE(`\b(?:disks?|partition\w*|sd ?cards?|usb (?:drive|stick)s?|block devices?|file ?systems?|raspberry|bootable|ebs|mkfs|lvm|storage devices?)\b`)

// warnRe matches the words of a warning around a command: the command
// is named as something not to run, not asked for.
var warnRe = lazyRE(`(?i)\b(?:never|don'?t|do\s+not|must\s+not|should\s+not|shouldn'?t|avoid|dangerous|destructive|catastroph\w*|disastrous|blocks?|blocked|deny|denies|denied|forbid\w*|prevent\w*|refuse\w*|malicious|attack\w*|adversarial|payloads?|injection|guard\w*|e\.g\.|such\s+as|examples?\s+of)\b|\b(?:bad|wrong|unsafe|incorrect)\s*[:!)—-]|❌|⚠`)

// warned reports whether the current code sits under a warning: the
// command's own line holds one in a comment, or the line above it in
// the scanned text is a comment or a sentence that warns. A warning
// names the command so the reader does not run it.
func (s *shScan) warned(line int) bool {
	if s.sc.warnedFn != nil && s.sc.warnedFn() {
		return true
	}
	if line >= 1 && line <= len(s.lines) {
		if i := strings.Index(s.lines[line-1], "#"); i >= 0 && warnRe.MatchString(s.lines[line-1][i:]) {
			return true
		}
		if line >= 2 {
			prev := strings.TrimSpace(s.lines[line-2])
			if strings.HasPrefix(prev, "#") && warnRe.MatchString(prev) {
				return true
			}
		}
	}
	return false
}

// destructive reports a command that wipes data: critical in a script
// or hidden text, high in the instructions and their code, not reported
// under a warning or in a string a script never runs (a deny-list of
// dangerous commands).
func (s *shScan) destructive(line int, base Severity, reason string) {
	if s.sc.inLiteral || s.w != inScript && s.w != inHidden && s.warned(line) {
		return
	}
	s.add(line, "destructive-command", base, reason, "")
}

// wipeBase is the base severity of a wipe: critical in a script (the
// base is what a script gets), high in documentation.
func (s *shScan) wipeBase() Severity {
	if s.w == inScript {
		return Critical
	}
	return High
}

// deviceWrite reports a write over a disk device. A skill about disks
// writes to devices on purpose (high in a script, medium in its
// documentation); a placeholder device (/dev/sdX) in documentation is
// for the reader to fill in (medium).
func (s *shScan) deviceWrite(line int, dev, how string) {
	base := s.wipeBase()
	reason := how + " overwrites the disk " + dev + ", destroying what is on it"
	switch {
	case s.w == inScript && diskTopic.MatchString(s.sc.topic):
		base = High
		reason += "; the skill is about disks"
	case s.w != inScript && (diskTopic.MatchString(s.sc.topic) || placeholderDevice.MatchString(dev)):
		base = Medium
		reason += "; documentation of a disk tool"
	}
	s.destructive(line, base, reason)
}

func recursiveFlag(args []string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		if a == "--recursive" || len(a) > 1 && a[0] == '-' && a[1] != '-' && strings.ContainsAny(a[1:], "rR") {
			return true
		}
	}
	return false
}

// operands returns a call's arguments that are not options (all after
// "--").
func operands(args []string) []string {
	var out []string
	for i, a := range args {
		if a == "--" {
			return append(out, args[i+1:]...)
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			out = append(out, a)
		}
	}
	return out
}

// findFilters are the find tests that narrow what -delete removes.
var findFilters = lazySet("-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex", "-newer", "-mtime", "-mmin", "-atime", "-user", "-size", "-empty", "-perm", "-inum", "-samefile", "-links")

// findNameTests are the find tests that match names or paths: negated
// (! -name x, -not -path x) they spare what they match and leave the
// rest to -delete.
var findNameTests = lazySet("-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex")

// systemStmt runs the destructive-command and system-trust rules over
// one statement: its call c (ok false when it has none) and its
// redirections.
func (s *shScan) systemStmt(st *syntax.Stmt, c call, ok bool, line int) {
	if fd, isFunc := st.Cmd.(*syntax.FuncDecl); isFunc && forkBomb(fd) {
		s.destructive(line, s.wipeBase(), "a fork bomb: the function "+fd.Name.Value+" starts copies of itself until the machine stops")
	}
	for _, r := range st.Redirs {
		if r.Word == nil {
			continue
		}
		switch r.Op {
		case syntax.RdrOut, syntax.AppOut, syntax.RdrAll, syntax.AppAll, syntax.RdrClob:
			target := strings.Trim(s.word(r.Word), `"'`)
			if diskDevice.MatchString(target) {
				s.deviceWrite(line, target, "a redirection")
			}
			s.trustWrite(line, target, false, st)
		}
	}
	if !ok {
		return
	}
	switch {
	case c.name == "rm":
		if hasArgExact(c.args, "--no-preserve-root") {
			s.destructive(line, s.wipeBase(), "rm --no-preserve-root removes the whole filesystem")
			return
		}
		if !recursiveFlag(c.args) {
			return
		}
		for _, a := range operands(c.args) {
			if what := wipeTarget(a); what != "" {
				s.destructive(line, s.wipeBase(), c.name+" removes "+what+" recursively")
				return
			}
		}
		if name, ok := s.emptyRoot[c.raw]; ok {
			s.destructive(line, s.wipeBase(), c.name+" removes everything under $"+name+", which the script may leave empty (never assigned, or an argument or environment variable nothing checks): then it removes the whole filesystem (/) recursively")
		}
	case c.name == "chmod" || c.name == "chown" || c.name == "chgrp":
		if !recursiveFlag(c.args) && !hasArgExact(c.args, "--no-preserve-root") {
			return
		}
		ops := operands(c.args)
		for _, a := range ops[min(1, len(ops)):] {
			what := wipeTarget(a)
			if what == "the home folder" && len(ops) > 0 && (c.name != "chmod" && strings.Contains(ops[0], "$") || c.name == "chmod" && !openMode(ops[0])) {
				// the user's own home given back to them ($USER,
				// $(whoami)), or its modes tightened (go-rwx): repairs
				continue
			}
			if what != "" {
				verb := "opens every file of " + what + " to every user (or locks it)"
				if c.name != "chmod" {
					verb = "gives every file of " + what + " another owner"
				}
				s.destructive(line, s.wipeBase(), c.name+" -R "+verb+": the system or its logins stop working")
				return
			}
		}
	case c.name == "find":
		var paths []string
		del, filtered, keyed := false, false, ""
		for i, a := range c.args {
			switch {
			case a == "-delete":
				del = true
			case (a == "-exec" || a == "-execdir" || a == "-ok") && i+1 < len(c.args):
				n := path.Base(c.args[i+1])
				del = del || n == "rm" || n == "shred" || n == "unlink"
			case findFilters()[a] && i > 0 && (c.args[i-1] == "!" || c.args[i-1] == "-not") && findNameTests()[a]:
				// ! -name '.terraform*' keeps one pattern and deletes
				// everything else: an exclusion, not a selection
			case findFilters()[a]:
				filtered = true
				if (a == "-name" || a == "-iname") && i+1 < len(c.args) && keyed == "" && (vcsDirs()[strings.Trim(c.args[i+1], `"'`)] || keyDirs()[strings.Trim(c.args[i+1], `"'`)]) {
					keyed = strings.Trim(c.args[i+1], `"'`)
				}
			case len(paths) == i && !strings.HasPrefix(a, "-") && a != "(" && a != "!":
				paths = append(paths, a)
			}
		}
		if del && (!filtered || keyed != "") {
			for _, p := range paths {
				what := wipeTarget(p)
				if what == "" {
					continue
				}
				if filtered {
					// a name filter that picks what cannot be rebuilt:
					// every repository's history, every key folder
					s.destructive(line, s.wipeBase(), "find deletes every "+keyed+" folder under "+what)
				} else {
					s.destructive(line, s.wipeBase(), "find deletes every file under "+what)
				}
				return
			}
		}
	case c.name == "mkfs" || strings.HasPrefix(c.name, "mkfs.") || c.name == "mke2fs" || c.name == "mkswap" || c.name == "wipefs" || c.name == "blkdiscard" || c.name == "shred":
		for _, a := range operands(c.args) {
			if diskDevice.MatchString(a) {
				s.deviceWrite(line, a, c.name)
				return
			}
		}
	case c.name == "dd":
		for _, a := range c.args {
			if of, ok := strings.CutPrefix(a, "of="); ok && diskDevice.MatchString(strings.Trim(of, `"'`)) {
				s.deviceWrite(line, strings.Trim(of, `"'`), "dd")
				return
			}
		}
		s.trustCall(line, c, st)
	case c.name == "diskutil" && len(c.args) > 0 && (c.args[0] == "eraseDisk" || c.args[0] == "eraseVolume" || c.args[0] == "zeroDisk" || c.args[0] == "secureErase" || c.args[0] == "partitionDisk"):
		dev := c.args[len(c.args)-1]
		if !strings.HasPrefix(dev, "/dev/") {
			dev = "/dev/" + dev
		}
		s.deviceWrite(line, dev, "diskutil "+c.args[0])
	case c.name == "tee" || c.name == "cp" || c.name == "mv" || c.name == "install" || c.name == "ln" || c.name == "sed" || c.name == "curl" || c.name == "wget":
		s.trustCall(line, c, st)
	case c.name == "networksetup" && hasArgExact(c.args, "-setdnsservers"), c.name == "resolvectl" && hasArgExact(c.args, "dns"):
		payload := ""
		for _, a := range c.args {
			if strings.Trim(a, "0123456789abcdefABCDEF.:") == "" && strings.ContainsAny(a, ".:") {
				payload += "nameserver " + a + "\n"
			}
		}
		if payload == "" {
			return
		}
		if base, reason := trustPayload("/etc/resolv.conf", payload, s.w == inScript); base != SeverityNone {
			s.add(line, "system-trust", base, strings.Replace(reason, "/etc/resolv.conf", c.name+"'s DNS settings", 1), "")
		}
	case c.name == "pwsh" || c.name == "powershell" || c.name == "pwsh.exe" || c.name == "powershell.exe":
		s.psEncodedArgs(line, c)
	case c.name == "trust" && hasArgExact(c.args, "anchor"),
		c.name == "security" && hasArgExact(c.args, "add-trusted-cert"),
		c.name == "certutil" && (hasArgExact(c.args, "-addstore") || hasArgExact(c.args, "-A") && anyContains(c.args, "C,", "CT,", "c,")),
		c.name == "keytool" && (hasArgExact(c.args, "-importcert") || hasArgExact(c.args, "-import")) && (hasArgExact(c.args, "-cacerts") || anyContains(c.args, "cacerts")):
		s.caAdd(line, c)
	}
}

// openMode reports a chmod mode that lets every user write (777, a+w,
// o+w) or takes the owner's own access away (000, u-r).
func openMode(m string) bool {
	if strings.Trim(m, "01234567") == "" && m != "" {
		last, first := m[len(m)-1], m[max(0, len(m)-3)]
		return last == '2' || last == '3' || last == '6' || last == '7' || first < '4'
	}
	return strings.Contains(m, "o+w") || strings.Contains(m, "a+w") || strings.HasPrefix(m, "+w") || strings.Contains(m, "o+rwx") || strings.Contains(m, "a+rwx") || strings.Contains(m, "a=rwx") || strings.Contains(m, "u-")
}

// forkBomb reports a function whose body starts itself twice at once:
// piped into itself or sent to the background (:(){ :|:& };:).
func forkBomb(fd *syntax.FuncDecl) bool {
	if fd.Name == nil || fd.Body == nil {
		return false
	}
	name := fd.Name.Value
	found := false
	calls := func(st *syntax.Stmt) bool {
		ce, ok := st.Cmd.(*syntax.CallExpr)
		return ok && len(ce.Args) > 0 && wordText(ce.Args[0]) == name
	}
	syntax.Walk(fd.Body, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.BinaryCmd:
			if isPipe(n) && calls(n.X) && calls(n.Y) {
				found = true
			}
		case *syntax.Stmt:
			if n.Background && calls(n) {
				found = true
			}
		}
		return !found
	})
	return found
}

// systemWords are the words a text must hold for the destructive and
// system-trust rules to find anything in it (checked before parsing
// inline code and prose).
var systemWords = lazyRE(`\b(?:rm|rmdir|shred|chmod|chown|chgrp|find|mkfs(?:\.\w+)?|mke2fs|mkswap|wipefs|blkdiscard|dd|diskutil|tee|sed|trust|security|certutil|keytool|networksetup|resolvectl)\s|/etc/(?:hosts|resolv\.conf|sudoers)|\(\)\s*\{`)

// proseCmdRe finds where a destructive command starts inside a sentence
// of prose ("then run rm -rf ~ to clean up").
var proseCmdRe = lazyRE(`\b(?:rm\s+-[\w-]*[rR]|rm\s+--(?:recursive|no-preserve-root)|mkfs(?:\.\w+)?\s+/dev/|dd\s+[^.\n]*of=/dev/|chmod\s+-R|chown\s+-R|find\s+(?:/|~|\$HOME)\S*\s)|:\s*\(\)\s*\{`)

// proseCmdHints are substrings every proseCmdRe match holds one of, and
// systemHints those of systemWords: a cheap check before the patterns,
// which most prose and code cannot match.
var (
	proseCmdHints = []string{"rm -", "rm --", "mkfs", "of=/dev/", "chmod -R", "chown -R", "find /", "find ~", "find $", "(){", "() {", "()  {"}
	systemHints   = []string{"rm ", "rmdir", "shred", "chmod", "chown", "chgrp", "find ", "mkfs", "mke2fs", "mkswap", "wipefs", "blkdiscard", "dd ", "diskutil", "tee ", "sed ", "trust ", "security ", "certutil", "keytool", "/etc/", "()", "networksetup", "resolvectl"}
)

// systemHintsLower is systemHints and proseCmdHints lower-cased, for the
// file's word automaton (fileWords), which matches case-insensitively.
var systemHintsLower = sync.OnceValue(func() []string { return lowerAll(systemHints, proseCmdHints) })

// proseCmdSet is proseCmdHints as a set of the file's words.
var proseCmdSet = sync.OnceValue(func() *wordSet {
	s := fileWords().set(lowerAll(proseCmdHints))
	return &s
})

// lowerAll returns the words of lists lower-cased, in one list.
func lowerAll(lists ...[]string) []string {
	var out []string
	for _, l := range lists {
		for _, h := range l {
			out = append(out, strings.ToLower(h))
		}
	}
	return out
}

// mayBeSystem reports whether code, in the current file, holds a word
// systemWords needs.
func mayBeSystem(sc *skillCtx, code string) bool {
	return sc.hints.system && containsAny(code, systemHints)
}

// systemRuleIDs are the rules the prose scan of commands keeps: prose
// is no shell script, so the other shell rules do not read it.
var systemRuleIDs = lazySet("destructive-command", "system-trust", "registry-exec-credential")

// scanSystemProse finds destructive commands written in plain prose
// (outside code spans, which scanInlineCommand reads) and runs the
// shell rules over each, keeping only the destructive-command and
// system-trust findings. A command named in a warning ("never run rm
// -rf /") is not reported.
func scanSystemProse(sc *skillCtx, rel, text string, line0 int, w where, textOff int, spans [][2]int) {
	if !sc.hints.system {
		return
	}
	if spans != nil && sc.words != nil && textOff+len(text) <= len(sc.fileText) && sc.fileText[textOff:textOff+len(text)] == text {
		if in := sc.words.in(textOff, textOff+len(text)); !in.meets(proseCmdSet()) {
			return
		}
	} else if !containsAny(text, proseCmdHints) {
		return
	}
	if !proseCmdRe.MatchString(text) {
		return
	}
	for _, m := range proseCmdRe.FindAllStringIndex(text, 4) {
		if inSpans(spans, textOff+m[0]) {
			continue
		}
		end := len(text)
		for _, stop := range []string{"\n", ". ", "`", "<", "\"", ", "} {
			if i := strings.Index(text[m[0]:], stop); i >= 0 && m[0]+i < end {
				end = m[0] + i
			}
		}
		sentence := text[strings.LastIndexAny(text[:m[0]], ".!?\n")+1 : end]
		if w != inHidden && (negated(text[:m[0]]) || warnRe.MatchString(sentence)) {
			continue
		}
		before := len(sc.findings)
		scanShell(sc, rel, strings.TrimRight(text[m[0]:end], ".;:"), line0+strings.Count(text[:m[0]], "\n"), w)
		keepRules(sc, before)
	}
}

// warnedAbove reports whether the prose line above a code block whose
// first line is line (the last line of text before its fence) warns
// against what follows ("Never run this:").
func warnedAbove(src string, li lineIndex, line int) bool {
	for n := line - 2; n >= 1 && n >= line-4; n-- {
		if t := strings.TrimSpace(lineText(src, li, n)); t != "" {
			return warnRe.MatchString(t)
		}
	}
	return false
}

// inlineWarned reports whether inline code sits in a sentence that
// warns against it: a negation just before it, or a warning word in
// its sentence.
func inlineWarned(src string, s, e int) bool {
	ls := strings.LastIndexAny(src[:s], ".!?\n") + 1
	le := len(src)
	if i := strings.IndexAny(src[e:], "\n"); i >= 0 {
		le = e + i
	}
	if j := strings.Index(src[e:le], ". "); j >= 0 {
		le = e + j
	}
	return negated(strings.TrimRight(src[ls:s], "`")) || warnRe.MatchString(src[ls:s]) || warnRe.MatchString(src[e:le])
}
