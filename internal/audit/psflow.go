package audit

import (
	"strings"
)

// PowerShell download-and-run assembled from pieces. The one-line
// patterns of psRules see `iex (irm URL)`; an attack that keeps the same
// steps apart is followed here through the script's variables instead:
// a value fetched from the network (Invoke-WebRequest, Invoke-RestMethod,
// a WebClient's or HttpClient's methods, however the type or method is
// named), and every variable computed from it (a field of a JSON answer,
// its base64 decoding, a second download from a URL found in it), turned
// into code at run time ([ScriptBlock]::Create, Invoke-Expression,
// $ExecutionContext.InvokeCommand.NewScriptBlock or InvokeScript, a
// [scriptblock] cast, Add-Type -TypeDefinition) is a download run unseen,
// whatever the URL. String literals joined with + on one line are read
// joined first ('Net.' + 'Web' + 'Client' is Net.WebClient), and a name of
// a download or run method or type, or a URL scheme, split into such
// pieces is itself reported (rule obfuscation): it has no use but
// hiding from review. A script that saves a download to a file and checks
// its hash, or builds a script block from its own text, is not reported.

var (
	// psConcat is string literals joined with + (no interpolation in
	// the double-quoted ones), with the parentheses around the join.
	psConcat = lazyRE(`(?:'[^'\n]*'|"[^"\n$` + "`" + `]*")(?:[ \t]*\+[ \t]*(?:'[^'\n]*'|"[^"\n$` + "`" + `]*"))+`)
	// psFetch is a call that returns what a server sends.
	psFetch = lazyRE(`(?i)\b(?:iwr|irm|invoke-webrequest|invoke-restmethod|start-bitstransfer)\b|\.\(?\s*['"]?(?:downloadstring|downloaddata|openread|getstringasync|getbytearrayasync|getstreamasync|getasync|uploadstring)\b|\b(?:curl|wget)(?:\.exe)?\s+[^\n|;]*https?://`)
	// psFetcher makes an object whose methods fetch (a WebClient, an
	// HttpClient, a WebRequest), the type named by a literal.
	psFetcher = lazyRE(`(?i)\bnew-object\s+(?:-typename\s+)?\(?\s*['"]?(?:system\.)?net\.(?:webclient|http\.httpclient|webrequest)\b|\[(?:system\.)?net\.(?:webclient|http\.httpclient)\]::new\b|\[(?:system\.)?net\.(?:http)?webrequest\]::create\b`)
	// psAssign is an assignment at the start of a statement.
	psAssign = lazyRE(`^\s*\[?[\w.\[\]]*\]?\s*\$((?:\w+:)?\w+)\s*[+]?=\s*([^=][\s\S]*)$`)
	// psVarRef is a variable used in an expression.
	psVarRef = lazyRE(`\$(?:\{)?((?:\w+:)?\w+)`)
	// psCodeSink turns a string into code and runs or loads it; the
	// argument follows the match.
	psCodeSink = lazyRE(`(?i)\[(?:system\.management\.automation\.)?scriptblock\]\s*::\s*create\s*\(|\b(?:iex|invoke-expression)\b|\$executioncontext\.invokecommand\.(?:newscriptblock|invokescript)\s*\(|\[(?:system\.management\.automation\.)?scriptblock\]\s*\$|\badd-type\b[^\n;]*-(?:typedefinition|memberdefinition)\b`)
	// psPipeSink is code piped into Invoke-Expression: what it runs is
	// left of the pipe.
	psPipeSink = lazyRE(`(?i)\|\s*(?:iex|invoke-expression)\b`)
	// psHiddenName is a name worth hiding: a download or run method or
	// type, or a URL scheme, as a joined string reads.
	psHiddenName = lazyRE(`(?i)^(?:(?:system\.)?net\.(?:webclient|sockets\.tcpclient|http\.httpclient|webrequest)|download(?:string|data|file)|openread|invoke-(?:expression|webrequest|restmethod|command)|iex|iwr|irm|frombase64string|scriptblock|newscriptblock|invokescript|start-process|https?://)$`)
)

// foldPSConcat joins string literals added with + on one line into one
// literal, keeping every newline (offsets keep their lines). hidden gets
// the offset of each literal made of pieces whose text is a name worth hiding.
func foldPSConcat(code string) (folded string, hidden []int) {
	var b strings.Builder
	last := 0
	for _, m := range psConcat.FindAllStringIndex(code, -1) {
		var text strings.Builder
		join, first := code[m[0]:m[1]], ""
		for i, l := range strLit.FindAllStringIndex(join, -1) {
			if i == 0 {
				first = join[l[0]+1 : l[1]-1]
			}
			text.WriteString(join[l[0]+1 : l[1]-1])
		}
		t := text.String()
		if splitName(first, strings.TrimSpace(t)) {
			hidden = append(hidden, m[0])
		}
		q := "'"
		if strings.Contains(t, "'") {
			q = `"`
		}
		b.WriteString(code[last:m[0]])
		b.WriteString(q + t + q)
		// pad so the rest of the line keeps its columns
		b.WriteString(strings.Repeat(" ", max(0, m[1]-m[0]-len(t)-2)))
		last = m[1]
	}
	if last == 0 {
		return code, nil
	}
	b.WriteString(code[last:])
	return b.String(), hidden
}

// splitName reports whether a joined literal whose first piece is first
// spells a name worth hiding (psHiddenName) with a cut inside a word: a
// URL scheme cut after its name ('https' + '://') is how URLs are put
// together, a cut inside it ('htt' + 'ps://') is not.
func splitName(first, joined string) bool {
	if !psHiddenName.MatchString(joined) {
		return false
	}
	return !strings.HasSuffix(joined, "://") || !strings.EqualFold(strings.TrimSpace(first), strings.TrimSuffix(joined, "://"))
}

// psStatements splits a line into its statements at semicolons outside
// quotes, with each one's offset in the line.
func psStatements(line string) (stmts []string, offs []int) {
	var quote byte
	start := 0
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == ';':
			stmts, offs = append(stmts, line[start:i]), append(offs, start)
			start = i + 1
		}
	}
	return append(stmts, line[start:]), append(offs, start)
}

// psFlow follows network content through a PowerShell script's variables
// (see above).
type psFlow struct {
	remote  map[string]bool // variables holding fetched content or computed from it
	fetcher map[string]bool // variables holding a WebClient or HttpClient
}

// fetches reports whether an expression fetches from the network or
// uses fetched content.
func (p *psFlow) fetches(expr string) bool {
	if psFetch.MatchString(expr) {
		return true
	}
	for _, m := range psVarRef.FindAllStringSubmatchIndex(expr, -1) {
		name := strings.ToLower(expr[m[2]:m[3]])
		if p.remote[name] {
			return true
		}
		// a fetcher's member: $wc.DownloadString(...), $wc.('Down' + ...)
		if p.fetcher[name] && m[1] < len(expr) && expr[m[1]] == '.' {
			return true
		}
	}
	return false
}

// scanPowerShellFlow reports code built at run time from network content
// (rule download-exec) and download or run names split into string
// pieces (rule obfuscation), in code with comments blanked; text is the
// original (for evidence). dlDone says the one-line patterns reported
// a download run already (one is enough).
func scanPowerShellFlow(sc *skillCtx, rel, text, code string, line0 int, w where, dlDone bool) {
	lc := strings.ToLower(code)
	if !strings.Contains(lc, "scriptblock") && !strings.Contains(lc, "iex") && !strings.Contains(lc, "invoke-expression") &&
		!strings.Contains(lc, "invokescript") && !strings.Contains(lc, "add-type") && !strings.Contains(lc, "+") {
		return
	}
	folded, hidden := foldPSConcat(code)
	li := newLineIndex(text)
	evidence := func(off int) (int, string) {
		ln := li.line(off)
		return line0 + ln - 1, strings.TrimSpace(lineText(text, li, ln))
	}
	if len(hidden) > 0 {
		ln, ev := evidence(hidden[0])
		reason := "builds the name of a download or run method, type or URL scheme from string pieces to hide it from review"
		if w != inScript && w != inProse {
			reason += " (in " + w.String() + ")"
		}
		sc.add(rel, ln, "obfuscation", sc.rank(High, w, false), reason, ev)
	}
	if dlDone {
		return
	}
	p := &psFlow{remote: map[string]bool{}, fetcher: map[string]bool{}}
	type stmt struct {
		s   string
		off int
	}
	var stmts []stmt
	for off, rest := 0, folded; rest != ""; {
		line, next, _ := strings.Cut(rest, "\n")
		ss, offs := psStatements(line)
		for i, s := range ss {
			stmts = append(stmts, stmt{s, off + offs[i]})
		}
		off += len(line) + 1
		rest = next
	}
	// twice: a variable assigned in a loop body before its source
	for range 2 {
		for _, st := range stmts {
			a := psAssign.FindStringSubmatch(st.s)
			if a == nil {
				continue
			}
			name, rhs := strings.ToLower(a[1]), a[2]
			if p.fetches(rhs) {
				p.remote[name] = true
			} else if psFetcher.MatchString(rhs) {
				p.fetcher[name] = true
			}
		}
	}
	for _, st := range stmts {
		arg := ""
		if m := psPipeSink.FindStringIndex(st.s); m != nil {
			arg = st.s[:m[0]]
		} else if m := psCodeSink.FindStringIndex(st.s); m != nil {
			arg = st.s[m[1]:]
			if strings.HasSuffix(st.s[m[0]:m[1]], "$") {
				arg = "$" + arg
			}
		} else {
			continue
		}
		if !p.fetches(arg) {
			continue
		}
		ln, ev := evidence(st.off)
		base, reason := psDownloadRank(sc, text, st.off, w, "turns content fetched from the network into code and runs it")
		if w != inScript && w != inProse {
			reason += " (in " + w.String() + ")"
		}
		sc.add(rel, ln, "download-exec", sc.rank(base, w, false), reason, ev)
		return
	}
}

// psDownloadRank is the base severity of a download run the flow finds
// at off in text, and its reason: critical in a script or hidden text,
// medium in a script that first asks the user and fetches only from the
// host of the tool the skill is about; in documentation (instructions,
// a code example, a quotation) high, medium when the first URL is on the
// tool's host, as rule download-exec ranks documented shell installers.
func psDownloadRank(sc *skillCtx, text string, off int, w where, reason string) (Severity, string) {
	switch w {
	case inScript:
		if host, ok := sc.confirmedInstall(text[:off]); ok {
			return Medium, reason + confirmedReason(host)
		}
	case inCode, inProse, inQuote:
		if host, ok := sc.hostRelated(urlRe.FindString(text)); ok {
			return Medium, reason + "; " + host + " belongs to the tool this skill is about"
		}
		return High, reason
	}
	return Critical, reason
}
