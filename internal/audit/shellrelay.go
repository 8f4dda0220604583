package audit

import "strings"

// A program that connects to a host and starts an interactive shell (a
// shell given -i, no command of its own) with its input and output
// relayed to the connection gives whoever is at the other end that shell,
// however the code names it ("pair session relay"): libuv's new_tcp and
// spawn in Fennel or Lua, a socket and a process in the other languages
// read by pattern, a java.net.Socket and a ProcessBuilder's streams in
// Clojure (the JVM's getInputStream and getOutputStream pumped between
// them). Rule reverse-shell, critical.

var (
	// relayConnect opens a network connection (Clojure's (Socket.) and
	// (java.net.Socket. host port) constructors among them).
	relayConnect = lazyRE(`\(\s*(?:java\.net\.)?(?:SSL)?Socket\.[\s)]|\bnew_tcp\b|\btcp_connect\b|\bsock(?:et)?:connect\b|\bSocket\.connect\b|\bTCPSocket\.new\b|\bnewSocket\b|\bconnectTo\b|\(\s*net/connect\b|:gen_tcp\.connect\b|\bmake-network-process\b|\bsocket\.connect\b`)
	// relayShell is a shell's name or the user's shell, as a value.
	relayShell = lazyRE(`"(?:/bin/|/usr/bin/)?(?:ba|z|da|k|fi)?sh"|getenv\s*\(?\s*"SHELL"|\$SHELL\b|\benv\s+"SHELL"`)
	// relayInteractive is the -i flag as a value.
	relayInteractive = lazyRE(`"-i"`)
	// relayPipe moves data between the connection and the process (a
	// JVM process's or socket's output stream, which Clojure copies the
	// other side's input stream into).
	relayPipe = lazyRE(`\bread_start\b|\bstdio\b|process-send-string|:stdin\b|\.pipe\(|\(\s*\.getOutputStream\s`)
)

// scanShellRelay reports code (comments blanked; content for evidence)
// that connects to a host, starts an interactive shell and relays
// between them (see above).
func scanShellRelay(sc *skillCtx, rel, code, content string) {
	c := relayConnect.FindStringIndex(code)
	if c == nil || !relayPipe.MatchString(code) {
		return
	}
	for _, i := range relayInteractive.FindAllStringIndex(code, 8) {
		win := code[max(0, i[0]-300):min(len(code), i[1]+300)]
		if relayShell.MatchString(win) && !strings.Contains(win, `"-c"`) {
			ln := 1 + strings.Count(code[:c[0]], "\n")
			sc.add(rel, ln, "reverse-shell", Critical, "connects to a host and starts an interactive shell relayed to the connection: whoever is at the other end runs commands on this machine",
				trimmedLine(content, ln))
			return
		}
	}
}
