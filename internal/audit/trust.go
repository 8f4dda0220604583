package audit

import (
	"fmt"
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Rule system-trust (see Rules in rules.go): writes to the files the
// system trusts, ranked by what they write.

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
	targets := fileWrites(c)
	switch c.name {
	case "cp", "mv", "install", "ln":
		if len(targets) == 1 && caDir.MatchString(strings.Trim(targets[0], `"'`)) {
			ops := operands(c.args)
			s.caAddFrom(line, ops[:len(ops)-1], false)
			return
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
		s.trustWrite(line, strings.Trim(t, `"'`), c.name == "sed", st)
	}
}

// fileWrites returns the files call c writes by its operands: tee's, the
// destination of cp, mv, install and ln, and sed -i's.
func fileWrites(c call) []string {
	switch c.name {
	case "tee":
		return operands(c.args)
	case "cp", "mv", "install", "ln":
		if ops := operands(c.args); len(ops) >= 2 {
			return ops[len(ops)-1:]
		}
	case "sed":
		if anyPrefix(c.args, "-i", "--in-place") {
			return operands(c.args)
		}
	}
	return nil
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
// trustPayload for how its content ranks it; sed editing hosts without
// adding an address is medium in a script, low in documentation), or a
// certificate written into the CA store.
func (s *shScan) trustWrite(line int, target string, sed bool, st *syntax.Stmt) {
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
	if sed && strings.HasSuffix(target, "hosts") && !hostsEntry.MatchString(payload) {
		// sed editing hosts without adding an address: removing or
		// renaming an entry
		base, reason = Medium, "edits "+target+" with sed"
		if s.w != inScript {
			base = Low
		}
	}
	if base == High && s.askedBefore(line) && !fileSilenced(s.sc.fileText) && !fileSilenced(s.sc.topic) {
		// a change the user was asked about first (as a script's
		// persistence and switches are ranked); one giving root for
		// every command or redirecting names stays where it is
		base, reason = Medium, reason+"; after the script asks the user yes or no"
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
	knownResolvers = lazySet("8.8.8.8", "8.8.4.4", "1.1.1.1", "1.0.0.1", "9.9.9.9", "149.112.112.112", "208.67.222.222", "208.67.220.220", "2001:4860:4860::8888", "2001:4860:4860::8844", "2606:4700:4700::1111", "127.0.0.53", "127.0.0.1", "::1")
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
			if !knownResolvers()[m[1]] && !localAddr(m[1]) {
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
