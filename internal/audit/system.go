package audit

import (
	"fmt"
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
var systemDirs = set("/bin", "/boot", "/dev", "/etc", "/home", "/lib", "/lib32", "/lib64", "/opt", "/proc", "/root", "/sbin", "/srv", "/sys", "/usr", "/var",
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
			case systemDirs[t]:
				return "the system folder " + t
			}
			return ""
		}
	}
}

// diskDevice matches a whole disk or partition: writing to it destroys
// what is on it.
var diskDevice = lazyRE(`^/dev/(?:r?disk\w*|[shv]d[a-zA-Z]\w*|xvd\w+|nvme\w+|mmcblk\w+|md\d\w*|mapper/\S+|dm-\d+|loop\d+|sr\d+|[A-Za-z0-9_-]*[<{]\S*)$`)

// placeholderDevice matches a device written for the reader to fill in
// (/dev/sdX, /dev/diskN, /dev/<device>): documentation of disk tools.
var placeholderDevice = lazyRE(`^/dev/(?:sd[xX]|disk[nNX]|r?disk[nN]s?\w*|[A-Za-z_-]*[<{].*|\w*(?:DEVICE|DISK|DRIVE|X)\w*)$|\.\.\.`)

// diskTopic matches what a skill about disks says about itself: device
// writes are its subject there.
var diskTopic = lazyRE(`\b(?:disks?|partition\w*|sd ?cards?|usb (?:drive|stick)s?|block devices?|file ?systems?|raspberry|bootable|ebs|mkfs|lvm|storage devices?)\b`)

// warnRe matches the words of a warning around a command: the command
// is named as something not to run, not asked for.
var warnRe = lazyRE(`(?i)\b(?:never|don'?t|do\s+not|must\s+not|should\s+not|shouldn'?t|avoid|dangerous|destructive|catastroph\w*|disastrous|wrong|bad|blocks?|blocked|deny|denies|denied|forbid\w*|prevent\w*|refuse\w*|malicious|attack\w*|adversarial|payloads?|injection|guard\w*|e\.g\.|such\s+as|examples?\s+of)\b|❌|⚠`)

// warned reports whether the current code sits under a warning: the
// command's own line holds one in a comment, or the line above it in
// the scanned text is a comment or a sentence that warns. A warning
// names the command so the reader does not run it.
func (s *shScan) warned(line int) bool {
	if s.sc.warnedCtx {
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
var findFilters = set("-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex", "-newer", "-mtime", "-mmin", "-atime", "-user", "-size", "-empty", "-perm", "-inum", "-samefile", "-links")

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
			s.trustWrite(line, target, r.Op == syntax.AppOut || r.Op == syntax.AppAll, st)
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
		del, filtered := false, false
		for i, a := range c.args {
			switch {
			case a == "-delete":
				del = true
			case (a == "-exec" || a == "-execdir" || a == "-ok") && i+1 < len(c.args):
				n := path.Base(c.args[i+1])
				del = del || n == "rm" || n == "shred" || n == "unlink"
			case findFilters[a]:
				filtered = true
			case len(paths) == i && !strings.HasPrefix(a, "-") && a != "(" && a != "!":
				paths = append(paths, a)
			}
		}
		if del && !filtered {
			for _, p := range paths {
				if what := wipeTarget(p); what != "" {
					s.destructive(line, s.wipeBase(), "find deletes every file under "+what)
					return
				}
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

// trustFile matches the files the system trusts: name resolution
// (hosts, resolv.conf), who may act as root (sudoers), and the folders
// whose certificates every TLS connection trusts.
var trustFile = lazyRE(`^(?:/private)?/etc/(?:hosts|resolv\.conf|sudoers(?:\.d/\S*)?)$|^C:[\\/]Windows[\\/]System32[\\/]drivers[\\/]etc[\\/]hosts$`)

// caDir matches the folders of the system CA store: a certificate put
// there is trusted once the store is refreshed (update-ca-certificates,
// update-ca-trust).
var caDir = lazyRE(`^(?:/usr/local/share/ca-certificates|/usr/share/ca-certificates|/etc/pki/ca-trust/source/anchors|/etc/ca-certificates/trust-source/anchors|/etc/pki/trust/anchors|/etc/ssl/certs)(?:/|$)`)

// trustCall finds the writes of tee, cp, mv, install, ln, sed -i, dd and
// downloads to a trust file or the CA store.
func (s *shScan) trustCall(line int, c call, st *syntax.Stmt) {
	var targets []string
	appendMode := false
	switch c.name {
	case "tee":
		targets = operands(c.args)
		appendMode = hasArg(c.args, "-a", "--append")
	case "cp", "mv", "install", "ln":
		if ops := operands(c.args); len(ops) >= 2 {
			targets = ops[len(ops)-1:]
			if caDir.MatchString(strings.Trim(ops[len(ops)-1], `"'`)) {
				s.caAddFrom(line, ops[:len(ops)-1], false)
				return
			}
		}
	case "sed":
		if anyPrefix(c.args, "-i", "--in-place") {
			targets = operands(c.args)
		}
	case "dd":
		for _, a := range c.args {
			if of, ok := strings.CutPrefix(a, "of="); ok {
				targets = append(targets, of)
			}
		}
	case "curl", "wget":
		for i, a := range c.args {
			if (a == "-o" || a == "-O" || a == "--output" || a == "--output-document") && i+1 < len(c.args) {
				t := strings.Trim(c.args[i+1], `"'`)
				if caDir.MatchString(t) {
					s.caAddFrom(line, nil, true)
					return
				}
				targets = append(targets, t)
			}
		}
	}
	for _, t := range targets {
		s.trustWrite(line, strings.Trim(t, `"'`), appendMode, st)
	}
}

func anyPrefix(args []string, prefixes ...string) bool {
	for _, a := range args {
		for _, p := range prefixes {
			if strings.HasPrefix(a, p) {
				return true
			}
		}
	}
	return false
}

// trustWrite ranks a write to target when it is a trust file (see
// trustPayload for how its content ranks it), or a certificate written
// into the CA store.
func (s *shScan) trustWrite(line int, target string, appendMode bool, st *syntax.Stmt) {
	if caDir.MatchString(target) {
		s.caAddFrom(line, nil, s.pipedFromFetch(st))
		return
	}
	if !trustFile.MatchString(target) {
		return
	}
	payload := ""
	if line >= 1 && line <= len(s.lines) {
		payload = s.lines[line-1]
	}
	for _, r := range st.Redirs {
		if r.Hdoc != nil {
			payload += "\n" + wordText(r.Hdoc)
		}
	}
	base, reason := trustPayload(target, payload, s.w == inScript)
	if base == SeverityNone {
		return
	}
	if st != nil && strings.HasSuffix(target, "hosts") && !hostsEntry.MatchString(payload) && strings.Contains(payload, "sed") {
		// sed editing hosts without adding an address: removing or
		// renaming an entry
		if base, reason = Medium, "edits "+target+" with sed"; s.w != inScript {
			base = Low
		}
	}
	if !appendMode && strings.HasSuffix(target, "hosts") && s.w == inScript {
		reason += " (and replaces the file's other entries)"
	}
	s.add(line, "system-trust", base, reason, "")
}

var (
	hostsEntry  = lazyRE(`(?m)(?:^|["'\s])((?:\d{1,3}\.){3}\d{1,3}|[0-9a-fA-F:]*::[0-9a-fA-F:]*)\s+([A-Za-z0-9][\w.-]*(?:\s+[A-Za-z0-9][\w.-]*)*)`)
	nameserver  = lazyRE(`nameserver\s+([0-9a-fA-F.:]+)`)
	nopasswdAll = lazyRE(`(?i)NOPASSWD\s*:\s*ALL\b|ALL\s*=\s*\(\s*ALL(?:\s*:\s*ALL)?\s*\)\s*(?:NOPASSWD\s*:\s*)?ALL\b`)
	devName     = lazyRE(`(?i)^(?:localhost|[\w-]+|[\w.-]+\.(?:local|localhost|test|example|invalid|internal|lan|home|corp|dev\.local|docker|svc|cluster\.local))$`)
	// knownResolvers are public DNS resolvers of Google, Cloudflare,
	// Quad9 and OpenDNS, and the local stub resolvers.
	knownResolvers = set("8.8.8.8", "8.8.4.4", "1.1.1.1", "1.0.0.1", "9.9.9.9", "149.112.112.112", "208.67.222.222", "208.67.220.220", "2001:4860:4860::8888", "2001:4860:4860::8844", "2606:4700:4700::1111", "127.0.0.53", "127.0.0.1", "::1")
)

// localAddr reports a loopback, unspecified or private address.
func localAddr(ip string) bool {
	return strings.HasPrefix(ip, "127.") || ip == "0.0.0.0" || ip == "::1" || ip == "::" || strings.HasPrefix(ip, "10.") || strings.HasPrefix(ip, "192.168.") ||
		strings.HasPrefix(ip, "172.") && len(ip) > 6 && (ip[4] == '1' && ip[5] >= '6' && ip[5] <= '9' || ip[4] == '2' && ip[5] >= '0' && ip[5] <= '9' || ip[4] == '3' && ip[5] <= '1') && ip[6] == '.' ||
		strings.HasPrefix(strings.ToLower(ip), "fd") || strings.HasPrefix(strings.ToLower(ip), "fe80")
}

func loopback(ip string) bool {
	return strings.HasPrefix(ip, "127.") || ip == "0.0.0.0" || ip == "::1" || ip == "::"
}

// trustPayload ranks a write of payload (the command's line and its
// here-document) to a trust file, in a script or in documentation. A
// routine change is not reported in documentation and low in a script:
// local names for development in hosts, a well-known or private
// resolver. A change that redirects a public name or all of DNS to an
// address outside the machine, or gives passwordless root for every
// command, is critical in a script and high in documentation; any other
// write (its content unseen) is high in a script and medium in
// documentation.
func trustPayload(target, payload string, script bool) (Severity, string) {
	pick := func(scriptSev, docSev Severity) Severity {
		if script {
			return scriptSev
		}
		return docSev
	}
	switch {
	case strings.Contains(target, "sudoers"):
		if nopasswdAll.MatchString(payload) {
			return pick(Critical, High), "writes to " + target + ": passwordless root for every command"
		}
		return pick(High, Medium), "writes to " + target + ": changes who may run commands as root"
	case strings.HasSuffix(target, "resolv.conf"):
		ms := nameserver.FindAllStringSubmatch(payload, -1)
		if len(ms) == 0 {
			return pick(High, Medium), "writes to " + target + ": every name the machine looks up goes to the resolver it names"
		}
		for _, m := range ms {
			if !knownResolvers[m[1]] && !localAddr(m[1]) {
				return pick(Critical, High), "points the system resolver at " + m[1] + ": whoever runs it answers every name the machine looks up"
			}
		}
		return pick(Low, SeverityNone), "sets a well-known or private DNS resolver in " + target
	default: // hosts
		ms := hostsEntry.FindAllStringSubmatch(payload, -1)
		if len(ms) == 0 {
			return pick(High, Medium), "writes to " + target + ": it decides which address a name reaches, before DNS"
		}
		sev, reason := pick(Low, SeverityNone), "adds local names for development to "+target
		for _, m := range ms {
			for _, name := range strings.Fields(m[2]) {
				if devName.MatchString(name) {
					continue
				}
				if loopback(m[1]) {
					if sev < pick(Medium, Low) {
						sev, reason = pick(Medium, Low), "blocks "+name+" in "+target+" (sends it to "+m[1]+")"
					}
					continue
				}
				return pick(Critical, High), "sends " + name + " to " + m[1] + " through " + target + ": its traffic, logins included, reach that address"
			}
		}
		return sev, reason
	}
}

// pipedFromFetch reports whether st is a stage fed by a download in
// the same pipeline line (curl URL | sudo tee /usr/local/share/...).
func (s *shScan) pipedFromFetch(st *syntax.Stmt) bool {
	l := int(st.Pos().Line())
	if l >= 1 && l <= len(s.lines) {
		return fetchInLine.MatchString(s.lines[l-1])
	}
	return false
}

var fetchInLine = lazyRE(`\b(?:curl|wget|iwr|invoke-webrequest|fetch)\b[^|]*\|`)

// caAdd reports a certificate added to a trust store by trust anchor,
// security add-trusted-cert, certutil or keytool.
func (s *shScan) caAdd(line int, c call) {
	s.caAddFrom(line, operands(c.args), false)
}

// caAddFrom reports certificates (files) added to the system trust
// store: from a file downloaded in the same code (or straight from the
// network) critical in a script and high in documentation; from a local
// file (a company proxy's CA) high in a script and medium in
// documentation.
func (s *shScan) caAddFrom(line int, files []string, fetched bool) {
	src := ""
	for _, f := range files {
		f = strings.Trim(f, `"'`)
		if strings.HasPrefix(f, "http://") || strings.HasPrefix(f, "https://") {
			fetched, src = true, f
		}
		for d := range s.downloaded {
			if d == f || path.Base(d) == path.Base(f) {
				fetched, src = true, f
			}
		}
	}
	base, reason := High, "adds a certificate to the system trust store: whoever holds its key can read and change every TLS connection"
	if fetched {
		base = Critical
		reason = "adds a downloaded certificate" + strings.TrimPrefix(fmt.Sprintf(" (%s)", src), " ()") + " to the system trust store: whoever holds its key can read and change every TLS connection"
	}
	if s.w != inScript {
		base = base.lower(1)
	}
	s.add(line, "system-trust", base, reason, "")
}

// systemWords are the words a text must hold for the destructive and
// system-trust rules to find anything in it (checked before parsing
// inline code and prose).
var systemWords = lazyRE(`\b(?:rm|rmdir|shred|chmod|chown|chgrp|find|mkfs(?:\.\w+)?|mke2fs|mkswap|wipefs|blkdiscard|dd|diskutil|tee|sed|trust|security|certutil|keytool)\s|/etc/(?:hosts|resolv\.conf|sudoers)|\(\)\s*\{`)

// proseCmdRe finds where a destructive command starts inside a sentence
// of prose ("then run rm -rf ~ to clean up").
var proseCmdRe = lazyRE(`\b(?:rm\s+-[\w-]*[rR]|rm\s+--(?:recursive|no-preserve-root)|mkfs(?:\.\w+)?\s+/dev/|dd\s+[^.\n]*of=/dev/|chmod\s+-R|chown\s+-R|find\s+(?:/|~|\$HOME)\S*\s)|:\s*\(\)\s*\{`)

// systemRuleIDs are the rules the prose scan of commands keeps: prose
// is no shell script, so the other shell rules do not read it.
var systemRuleIDs = set("destructive-command", "system-trust", "registry-exec-credential")

// scanSystemProse finds destructive commands written in plain prose
// (outside code spans, which scanInlineCommand reads) and runs the
// shell rules over each, keeping only the destructive-command and
// system-trust findings. A command named in a warning ("never run rm
// -rf /") is not reported.
func scanSystemProse(sc *skillCtx, rel, text string, line0 int, w where, textOff int, spans [][2]int) {
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

// Code rules of the two rules for Python and JavaScript: removal of the
// root or home folder through the standard library, fork bombs, and
// writes to trust files. Commands given to os.system, subprocess and
// child_process go through the shell rules (scanExecCalls).
var (
	pyHome    = `(?:os\.path\.expanduser\(\s*['"]~/?['"]\s*\)|(?:pathlib\.)?Path\.home\(\)|os\.environ\[\s*['"]HOME['"]\s*\]|os\.(?:getenv|environ\.get)\(\s*['"]HOME['"]\s*\)|['"](?:/|~/?|/(?:usr|etc|bin|boot|home|lib|opt|root|sbin|var|Users|System|Library)/?)['"])`
	jsHome    = `(?:os\.homedir\(\)|process\.env\.HOME|['"\x60](?:/|~/?|/(?:usr|etc|bin|boot|home|lib|opt|root|sbin|var|Users|System|Library)/?)['"\x60])`
	trustPath = `['"](?:/etc/(?:hosts|resolv\.conf|sudoers(?:\.d/[^'"]*)?))['"]`
)

var pySystemRules = []codeRule{
	{"destructive-command", Critical, lazyRE(`shutil\.rmtree\(\s*(?:str\(\s*)?` + pyHome + `\s*\)?\s*[,)]`), "removes the root, home or a system folder recursively", []string{"rmtree"}},
	{"destructive-command", Critical, lazyRE(`while\s+(?:True|1)\s*:\s*\n?\s*os\.fork\(\)`), "a fork bomb: starts copies of itself until the machine stops", []string{"fork"}},
	{"system-trust", High, lazyRE(`open\(\s*` + trustPath + `\s*,\s*['"][aw]|Path\(\s*` + trustPath + `\s*\)\.write_text\(`), "writes to a file the system trusts (hosts, resolv.conf or sudoers)", []string{"/etc/"}},
}

var jsSystemRules = []codeRule{
	{"destructive-command", Critical, lazyRE(`\b(?:rmSync|rmdirSync|rm|rmdir|rimraf(?:\.sync)?|removeSync|remove|emptyDirSync)\(\s*` + jsHome + `\s*[,)]`), "removes the root, home or a system folder recursively", []string{"rm", "remove", "emptyDir"}},
	{"system-trust", High, lazyRE(`(?:appendFile|writeFile)(?:Sync)?\(\s*` + trustPath), "writes to a file the system trusts (hosts, resolv.conf or sudoers)", []string{"/etc/"}},
}

// systemCodeHints are the words Python or JavaScript must hold (lower-
// cased) for the destructive-command and system-trust code rules to find
// anything in it.
var systemCodeHintWords = sync.OnceValue(func() *wordList {
	return newWordList([]string{"rmtree", "rmsync", "rimraf", "remove", "rmdir", "rm(", "fork", "/etc/", "system(", "subprocess", "spawn", "exec", "popen", "command("})
})

// scanSystemCode runs the destructive-command and system-trust rules
// over Python or JavaScript code (comments blanked): the standard
// library patterns, and the shell rules over the commands it runs.
func scanSystemCode(sc *skillCtx, rel, code string, line0 int, k fileKind, w where) {
	c := stripComments(code, k)
	li := newLineIndex(c)
	rules := pySystemRules
	if k == kindJS {
		rules = jsSystemRules
	}
	for _, r := range rules {
		if !containsAny(c, r.need) {
			continue
		}
		if m := r.re.FindStringIndex(c); m != nil {
			ln := li.line(m[0])
			reason := r.reason
			if w != inScript && w != inProse {
				reason += " (in " + w.String() + ")"
			}
			sc.add(rel, line0+ln-1, r.rule, sc.rank(r.base, w, false), reason, strings.TrimSpace(lineText(code, li, ln)))
		}
	}
	before := len(sc.findings)
	scanExecCalls(sc, rel, c, line0, w)
	keepRules(sc, before)
}

// keepRules drops the findings added since before that are not of the
// destructive-command, system-trust or registry-exec-credential rules:
// text the other shell rules do not read (prose, the commands of exec
// calls, which they see through string literals) is scanned for these
// alone.
func keepRules(sc *skillCtx, before int) {
	keep := sc.findings[:before]
	for _, f := range sc.findings[before:] {
		if systemRuleIDs[f.RuleID] {
			keep = append(keep, f)
		}
	}
	sc.findings = keep
}

// execCallRe finds a call that runs a command: os.system, os.popen and
// subprocess in Python, child_process's exec, execSync, spawn and
// execFile in JavaScript, Bun.spawn and Deno.Command.
var execCallRe = lazyRE(`\b(?:os\.(?:system|popen)|subprocess\.(?:run|call|check_call|check_output|Popen|getoutput|getstatusoutput)|commands\.getoutput|execSync|execFileSync|execFile|spawnSync|spawn|exec|Bun\.spawn|new\s+Deno\.Command)\s*\(\s*`)

// homeExpr are expressions for the home folder in Python and
// JavaScript, read as $HOME when they are a command's argument.
var homeExpr = lazyRE(`^(?:os\.path\.expanduser\(\s*['"]~['"]\s*\)|(?:pathlib\.)?Path\.home\(\)|str\(\s*(?:pathlib\.)?Path\.home\(\)\s*\)|os\.homedir\(\)|process\.env\.HOME|os\.environ\[\s*['"]HOME['"]\s*\])$`)

// homeInterp matches the home folder interpolated into a command string:
// ${os.homedir()} in a JavaScript template, {Path.home()} in a Python
// f-string.
var homeInterp = lazyRE(`\$?\{\s*(?:os\.homedir\(\)|process\.env\.HOME|os\.path\.expanduser\(\s*['"]~['"]\s*\)|(?:pathlib\.)?Path\.home\(\)|str\(\s*(?:pathlib\.)?Path\.home\(\)\s*\)|os\.environ\[\s*['"]HOME['"]\s*\])\s*\}`)

// scanExecCalls runs the shell rules over the commands a Python or
// JavaScript file runs: a string given to os.system or exec, or the
// argument list of subprocess or spawn joined as the shell would see it
// (os.homedir() read as $HOME, other expressions as unknown variables).
func scanExecCalls(sc *skillCtx, rel, c string, line0 int, w where) {
	if !strings.Contains(c, "system") && !strings.Contains(c, "subprocess") && !strings.Contains(c, "exec") && !strings.Contains(c, "spawn") && !strings.Contains(c, "popen") && !strings.Contains(c, "Command") {
		return
	}
	for _, m := range execCallRe.FindAllStringIndex(c, 64) {
		rest := c[m[1]:min(len(c), m[1]+600)]
		var words []string
		if l := strLit.FindStringIndex(rest); l != nil && l[0] == 0 {
			words = append(words, strings.Trim(rest[:l[1]], "\"'`"))
			rest = strings.TrimLeft(rest[l[1]:], " \t\n")
			if !strings.HasPrefix(rest, ",") {
				// one string: the command line itself
				scanShell(sc, rel, homeInterp.ReplaceAllString(unescapeLit(words[0]), "$$HOME"), line0+strings.Count(c[:m[0]], "\n"), w)
				continue
			}
			rest = strings.TrimLeft(rest[1:], " \t\n")
			if q, err := syntax.Quote(words[0], syntax.LangBash); err == nil {
				words[0] = q
			} else {
				words[0] = "$X"
			}
		}
		if !strings.HasPrefix(rest, "[") {
			continue
		}
		end := strings.IndexByte(rest, ']')
		if end < 0 {
			continue
		}
		for _, el := range strings.Split(rest[1:end], ",") {
			el = strings.TrimSpace(el)
			switch {
			case el == "":
			case homeExpr.MatchString(el):
				words = append(words, "$HOME")
			case strLit.MatchString(el) && strLit.FindStringIndex(el)[0] == 0 && strLit.FindStringIndex(el)[1] == len(el):
				q, err := syntax.Quote(unescapeLit(el[1:len(el)-1]), syntax.LangBash)
				if err != nil {
					q = "$X"
				}
				words = append(words, q)
			default:
				words = append(words, "$X")
			}
		}
		if len(words) > 0 {
			scanShell(sc, rel, strings.Join(words, " "), line0+strings.Count(c[:m[0]], "\n"), w)
		}
	}
}
