package audit

import (
	"path"
	"strconv"
	"strings"
)

// A psql script's meta-commands run shell: a backquoted command in a
// meta-command's arguments (\set fp `cat ~/.pgpass`) is run by the shell
// and its output kept in a variable, and \! runs the rest of its line.
// These commands go to the shell rules. A credential file such a command
// reads (credPath, or the client's own ~/.pgpass and ~/.pg_service.conf)
// is in psql's variables, and a later \connect (\c) to a host not on this
// machine opens a session the script's SQL (an INSERT of :'fp') writes
// to: the send. Both in one script is credential-exfil, critical, as in
// any language.

var (
	// psqlBacktick is a backquoted shell command in a meta-command.
	psqlBacktick = lazyRE("`([^`\n]+)`")
	// psqlConnect is a \connect or \c meta-command; group 1 its
	// arguments.
	psqlConnect = lazyRE(`^\\(?:connect|c)\s+(.+)$`)
	// psqlHost is the host a connection string, URI or positional
	// argument list names: group 1, 2 or 3.
	psqlHost = lazyRE(`(?i)\bhost\s*=\s*'?([^'\s]+)|postgres(?:ql)?://(?:[^@/\s]*@)?([^:/?\s'"]+)|^\S+\s+\S+\s+([^\s'"]+)`)
	// psqlCredFile is the psql client's own password and service files.
	psqlCredFile = lazyRE(`(?:~|\$\{?HOME\}?)/\.(?:pgpass|pg_service\.conf)\b`)
)

// scanPsqlMeta reads a psql script's meta-commands (see above).
func scanPsqlMeta(sc *skillCtx, rel, content string) {
	switch strings.ToLower(path.Ext(rel)) {
	case ".sql", ".psql", ".pgsql":
	default:
		return
	}
	if !strings.Contains(content, "\\") {
		return
	}
	var cred string
	credLn := 0
	for i, line := range strings.Split(content, "\n") {
		t := strings.TrimSpace(line)
		if !strings.HasPrefix(t, "\\") {
			continue
		}
		ln := i + 1
		var cmds []string
		if strings.HasPrefix(t, "\\!") {
			cmds = append(cmds, strings.TrimSpace(t[2:]))
		} else {
			for _, m := range psqlBacktick.FindAllStringSubmatch(t, 8) {
				cmds = append(cmds, m[1])
			}
		}
		for _, c := range cmds {
			if c == "" {
				continue
			}
			scanShell(sc, rel, c, ln, inScript)
			if cred == "" {
				if p := credPath.FindString(c); p != "" {
					cred, credLn = p, ln
				} else if p := psqlCredFile.FindString(c); p != "" {
					cred, credLn = p, ln
				}
			}
		}
		if m := psqlConnect.FindStringSubmatch(t); m != nil && cred != "" {
			args := strings.Trim(m[1], " '\"")
			h := psqlHost.FindStringSubmatch(args)
			host := ""
			if h != nil {
				host = h[1] + h[2] + h[3]
			}
			host = strings.Trim(host, "'\"")
			if host == "" || host == "-" || strings.HasPrefix(host, "/") || strings.HasPrefix(host, ":") || psLocalHost(host) {
				continue
			}
			sc.add(rel, ln, "credential-exfil", Critical, "reads "+Escape(strings.Trim(cred, "'\" "), 80)+" with a psql shell command (line "+strconv.Itoa(credLn)+") and \\connects to "+Escape(host, 80)+": what it read can be written there",
				trimmedLine(content, ln))
			return
		}
	}
}
