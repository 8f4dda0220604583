package audit

import (
	"encoding/base32"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Three ways a shell script hides which command runs a download, each
// read as the shell would run it:
//
// The command word $SHELL, never assigned in the script: the user's
// login shell, and in a Makefile recipe ($(SHELL), which makeShell
// writes as ${SHELL}) make's own default /bin/sh. curl URL | $SHELL is
// curl URL | sh.
//
// A command name computed by a command substitution the normaliser can
// evaluate without running anything: echo or printf of literal words
// piped through decoders (base64 -d, base32 -d, xxd -r -p, rev), and
// the first branch of a || list that gives a value (the fallback of
// cmd 2>/dev/null || echo sh runs only if the first fails).
// runner=$(printf %s c2g= | base64 -d) is runner=sh.
//
// A shell function whose body fetches to standard output
// (get() { curl -fsSL "$BASE/$1"; }): a call of it is a fetch, so
// get setup.sh | sh is a download run unseen.

// commandName returns the name a call's command word runs: its base
// name in lower case, and "sh" for a $SHELL the script never assigned.
func commandName(word string) string {
	name := strings.ToLower(path.Base(word))
	if name == "$shell" || name == "${shell}" {
		return "sh"
	}
	return name
}

// maxDecodeStages bounds the decoders of one substitution read.
const maxDecodeStages = 4

// stmtOutput returns what a statement of a command substitution prints
// when the normaliser can tell without running anything (see above).
func (s *shScan) stmtOutput(st *syntax.Stmt) (string, bool) {
	switch x := st.Cmd.(type) {
	case *syntax.CallExpr:
		if len(x.Args) == 0 {
			return "", false
		}
		if out, ok := s.echo(x); ok {
			return out, true
		}
		return s.lookupOutput(st, x)
	case *syntax.BinaryCmd:
		switch {
		case isPipe(x):
			return s.decodedOutput(flattenPipe(x))
		case x.Op == syntax.OrStmt:
			if out, ok := s.stmtOutput(x.X); ok {
				return out, true
			}
			return s.stmtOutput(x.Y)
		}
	}
	return "", false
}

// decodedOutput evaluates a pipeline of echo or printf into decoders.
func (s *shScan) decodedOutput(stages []*syntax.Stmt) (string, bool) {
	if len(stages) < 2 || len(stages) > maxDecodeStages+1 {
		return "", false
	}
	first, ok := stages[0].Cmd.(*syntax.CallExpr)
	if !ok || len(first.Args) == 0 {
		return "", false
	}
	out, ok := s.echo(first)
	if !ok || len(out) > maxVarBytes {
		return "", false
	}
	for _, st := range stages[1:] {
		c, ok := s.callOf(st)
		if !ok {
			return "", false
		}
		if out, ok = decodeStage(c, out); !ok {
			return "", false
		}
	}
	return strings.TrimRight(out, "\n"), true
}

// decodeStage applies one decoder call to in: base64 and base32 with -d
// (standard or URL alphabet, padding optional), xxd -r -p, rev.
func decodeStage(c call, in string) (string, bool) {
	in = strings.TrimSpace(in)
	switch {
	case c.name == "rev":
		r := []rune(in)
		for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
			r[i], r[j] = r[j], r[i]
		}
		return string(r), true
	case c.name == "xxd" && isDecode(c):
		b, err := hex.DecodeString(strings.Join(strings.Fields(in), ""))
		return string(b), err == nil
	case (c.name == "base64" || c.name == "gbase64") && isDecode(c):
		for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
			if b, err := enc.DecodeString(in); err == nil {
				return string(b), true
			}
		}
	case c.name == "base32" && isDecode(c):
		for _, enc := range []*base32.Encoding{base32.StdEncoding, base32.StdEncoding.WithPadding(base32.NoPadding)} {
			if b, err := enc.DecodeString(in); err == nil {
				return string(b), true
			}
		}
	}
	return "", false
}

// noteFetchFunc records a shell function whose body fetches to standard
// output, by the fetcher it runs.
func (s *shScan) noteFetchFunc(fd *syntax.FuncDecl) {
	if fd.Name == nil || fd.Body == nil || len(s.rs.fetchFuncs) >= maxVars {
		return
	}
	fetcher := ""
	syntax.Walk(fd.Body, func(n syntax.Node) bool {
		st, ok := n.(*syntax.Stmt)
		if !ok || fetcher != "" {
			return fetcher == ""
		}
		if c, ok := s.callOf(st); ok && isFetch(c) && fetchesToStdout(c) {
			fetcher = c.name
		}
		return true
	})
	if fetcher == "" {
		return
	}
	if s.rs.fetchFuncs == nil {
		s.rs.fetchFuncs = map[string]string{}
	}
	s.rs.fetchFuncs[strings.ToLower(fd.Name.Value)] = fetcher
}

// fetchesToStdout reports a fetch that prints what it downloads: curl
// and the others unless told a file (-o FILE), wget only with -O -.
func fetchesToStdout(c call) bool {
	toFile := c.name == "wget"
	for i, a := range c.args {
		switch {
		case a == "-O-" || a == "-qO-" || strings.HasSuffix(a, "O-"):
			toFile = false
		case outputFlag(a) && i+1 < len(c.args):
			toFile = c.args[i+1] != "-"
		}
	}
	return !toFile
}

// fetchCall reports a call that fetches: a fetcher, or a function the
// script defines around one (noteFetchFunc).
func (s *shScan) fetchCall(c call) bool {
	if isFetch(c) {
		return true
	}
	_, ok := s.rs.fetchFuncs[c.name]
	return ok
}

// fetchName names a fetch call for a reason: the fetcher, or the
// function and the fetcher it runs.
func (s *shScan) fetchName(c call) string {
	if f, ok := s.rs.fetchFuncs[c.name]; ok {
		return c.name + ", a function running " + f
	}
	return c.name
}

// downloadExec reports a fetched script piped into an interpreter. In a
// script or hidden text it is critical. In documentation it ranks by the
// installer's host: a host the skill is about (the uv skill installing
// from astral.sh) is a known installer (medium); any other host, plain
// http or an IP address is high.
func (s *shScan) downloadExec(line int, fetch, run call) {
	u := firstURL(fetch.args)
	base := Critical
	reason := fmt.Sprintf("a downloaded script (%s) is piped into %s and run unseen", s.fetchName(fetch), run.name)
	if s.w == inCode || s.w == inProse || s.w == inQuote {
		base = High
		if host, related := s.hostRelated(u); related {
			base = Medium
			reason += fmt.Sprintf("; %s belongs to the tool this skill is about", host)
		}
	} else if host, ok := s.confirmed(line); ok {
		base, reason = Medium, reason+confirmedReason(host)
	}
	s.add(line, "download-exec", base, reason, "")
}
