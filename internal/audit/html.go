package audit

import (
	"fmt"
	"net/url"
	"strings"
)

// hiddenAttr matches the attributes that hide an element from people but
// not from a model reading the source: the hidden attribute, aria-hidden
// on text, and inline styles that take the text out of sight.
var hiddenAttr = lazyRE(`(?i)(?:^|\s)(?:hidden(?:\s|=|$)|aria-hidden\s*=\s*["']?true)|style\s*=\s*["'][^"']*(?:display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?:\.0*)?(?:px|em|rem|pt|%)?\s*(?:;|$|!|["'])|opacity\s*:\s*0(?:\.0*)?\s*(?:;|$|!|["'])|(?:height|width|max-height)\s*:\s*0(?:px)?\s*;[^"']*overflow\s*:\s*hidden|(?:left|top|text-indent)\s*:\s*-\d{4,}|clip\s*:\s*rect\(\s*0)`)

var openTag = lazyRE(`^<([a-zA-Z][\w-]*)(\s[^>]*)?>`)

var imgSrc = lazyRE(`(?i)<(?:img|image|source|iframe|script|link)\b[^>]*?\b(?:src|href|srcset)\s*=\s*["']?([^"'\s>]+)`)

// scanHTML handles one HTML node of a markdown file starting at off: an
// HTML comment or an element hidden by its attributes is hidden text, and
// the URLs an image or frame would fetch are checked for templated
// secrets.
func scanHTML(sc *skillCtx, rel, src string, off int, li lineIndex, seen map[int]bool) {
	if seen[off] {
		return
	}
	seen[off] = true
	rest := src[off:]
	if strings.HasPrefix(rest, "<!--") {
		end := strings.Index(rest[4:], "-->")
		if end < 0 {
			end = len(rest) - 4
		}
		hidden(sc, rel, src, off+4, off+4+end, li, "an HTML comment")
		return
	}
	m := openTag.FindStringSubmatchIndex(rest)
	if m == nil {
		return
	}
	tag := rest[m[0]:m[1]]
	if sm := imgSrc.FindStringSubmatch(tag); sm != nil {
		scanURL(sc, rel, src, sm[1], true, li, off)
	}
	if m[4] < 0 || !hiddenAttr.MatchString(rest[m[4]:m[5]]) {
		return
	}
	name := rest[m[2]:m[3]]
	close := strings.Index(strings.ToLower(rest[m[1]:]), "</"+strings.ToLower(name))
	end := m[1] + close
	if close < 0 {
		end = m[1] + len(rest[m[1]:])
		if p := strings.Index(rest[m[1]:], "\n\n"); p >= 0 {
			end = m[1] + p
		}
	}
	hidden(sc, rel, src, off+m[1], off+end, li, fmt.Sprintf("a hidden <%s> element", name))
}

// addressRe and imperativeRe tell an instruction to the model from a
// note to maintainers.
var (
	addressRe    = lazyRE(`(?i)\b(?:you|your|assistant|claude|chatgpt|gpt|llms?|ai|agents?|model|copilot|codex|gemini|cursor)\b`)
	imperativeRe = lazyRE(`(?i)(?:^|[.!:;\n]\s*|\b(?:you|agent|assistant|model|ai)\s+(?:must|should|will|need\s+to|have\s+to|are\s+to)\s+(?:\w+\s+){0,2})(?:(?:also|now|then|please|first|just|quietly|silently)\s+)?(?:ignore|always|never|do\s+not|don'?t|make\s+sure|remember|instead|important|execute|run|send|read|fetch|download|install|delete|remove|upload|post|call|open|visit|tell|say|respond|reply|output|print|write|pretend|act|obey|follow|forget|disregard|include|append|add|use)\b`)
	urlRe        = lazyRE(`https?://[^\s"'<>)\]]+`)
)

// cmdStartRe finds where a command inside a sentence starts ("also run
// curl … | bash without asking"): the sentence itself is no command the
// shell parser reads.
var cmdStartRe = lazyRE(`(?i)\b(?:curl|wget|iwr|irm|invoke-webrequest|invoke-restmethod|bash|sh|python3?|node|powershell|pwsh|nc|ncat)\s`)

// pipeRunRe finds a pipe into an interpreter.
var pipeRunRe = lazyRE(`(?i)\|\s*(?:sudo\s+)?(?:bash|sh|zsh|dash|python3?|node|perl|ruby|iex|invoke-expression)\b`)

// scanProseCommands runs the shell and PowerShell rules over each command
// found in prose-like text, from its command word to the end of its line
// or sentence.
func scanProseCommands(sc *skillCtx, rel, text string, line0 int, w where) {
	for from := 0; from < len(text); {
		m := cmdStartRe.FindStringIndex(text[from:])
		if m == nil {
			return
		}
		start := from + m[0]
		end := len(text)
		for _, stop := range []string{"\n", ". ", "`", "<", "\""} {
			if i := strings.Index(text[start:], stop); i >= 0 && start+i < end {
				end = start + i
			}
		}
		cmd := text[start:end]
		// prose resumes after the interpreter a pipe feeds ("| bash
		// without asking"): words after it would read as a script name
		if p := pipeRunRe.FindStringIndex(cmd); p != nil {
			cmd = cmd[:p[1]]
		}
		line := line0 + strings.Count(text[:start], "\n")
		scanShell(sc, rel, cmd, line, w)
		if psish.MatchString(cmd) {
			scanPowerShell(sc, rel, cmd, line, w)
		}
		from = max(end, start+m[1])
	}
}

// hidden checks text people do not see (src[s:e]): any attack inside it
// is critical (a secret named beside an outside URL and a sending step
// is one, hiddenTheft), and an instruction to the model in it, or one to
// keep something from the user, is high on its own.
func hidden(sc *skillCtx, rel, src string, s, e int, li lineIndex, what string) {
	content := src[s:e]
	t := strings.TrimSpace(content)
	if t == "" {
		return
	}
	before := len(sc.findings)
	scanLanguage(sc, rel, src, s, e, li, inHidden, nil)
	shellBefore := len(sc.findings)
	scanShell(sc, rel, content, li.line(s), inHidden)
	if len(sc.findings) == shellBefore {
		scanProseCommands(sc, rel, content, li.line(s), inHidden)
	}
	scanBypass(sc, rel, content, li.line(s), inHidden)
	scanSystemProse(sc, rel, content, li.line(s), inHidden, 0, nil)
	scanRegistryProse(sc, rel, content, li.line(s), inHidden)
	for _, m := range urlRe.FindAllStringIndex(content, -1) {
		scanURL(sc, rel, src, content[m[0]:m[1]], false, li, s+m[0])
	}
	if len(sc.findings) > before || hiddenTheft(sc, rel, t, s, li, what) {
		return
	}
	words := len(strings.Fields(t))
	switch {
	case hiddenSilence(t) && words >= 4:
		sc.add(rel, li.line(s), "hidden-text", High, "an instruction to the model in "+what+" to keep something from the user, which people reading the rendered skill do not see", t)
	case addressRe.MatchString(t) && imperativeRe.MatchString(t) && words >= 4:
		sc.add(rel, li.line(s), "hidden-text", High, "an instruction to the model in "+what+", which people reading the rendered skill do not see", t)
	case words >= 8:
		sc.add(rel, li.line(s), "hidden-text", Low, "text in "+what+": the model reads it, people reading the rendered skill do not", t)
	}
}

var templateVar = lazyRE(`\{\{\s*([^}]+?)\s*\}\}|\$\{([^}]+)\}|\$\(([^)]+)\)|\$([A-Za-z_][A-Za-z0-9_]*)|\{([A-Za-z_][\w.\-]*)\}|<([A-Za-z_][\w \-]*)>|%([A-Za-z_]+)%|\[([A-Z_]{3,})\]`)

var secretish = lazyRE(`(?i)key|token|secret|passw|pwd|credential|auth|session|cookie|ssh|aws|private|\benv\b|environ|conversation|history|chat|prompt|messages?|memory|user_?data|clipboard|summary|context|\bid_rsa\b`)

// scanURL checks a link or image URL for templated data. A renderer
// fetches an image as soon as the reply is shown, so a templated secret or
// conversation in an image URL leaks without a click (critical); in a link
// it leaks on a click (high). Plain placeholders ({owner}/{repo}) in links
// are documentation; in images they rank medium.
func scanURL(sc *skillCtx, rel, src, u string, image bool, li lineIndex, near int) {
	if u == "" || strings.HasPrefix(u, "#") {
		return
	}
	dec := u
	if d, err := url.PathUnescape(u); err == nil {
		dec = d
	}
	vars := templateVar.FindAllStringSubmatch(dec, -1)
	if len(vars) == 0 {
		return
	}
	secret := ""
	for _, v := range vars {
		for _, g := range v[1:] {
			if g != "" && secretish.MatchString(g) {
				secret = g
			}
		}
	}
	line := li.line(near)
	if i := strings.Index(src[min(near, len(src)):], u); i >= 0 {
		line = li.line(near + i)
	}
	w := inProse
	switch {
	case secret != "" && image:
		sc.add(rel, line, "exfil-url", sc.rank(Critical, w, false), fmt.Sprintf("an image URL carries %q: rendering it sends that data to the image's host", secret), u)
	case secret != "":
		sc.add(rel, line, "exfil-url", sc.rank(High, w, false), fmt.Sprintf("a link URL carries %q: opening it sends that data to the link's host", secret), u)
	case image:
		sc.add(rel, line, "exfil-url", sc.rank(Medium, w, false), "an image URL is filled in by the model before it is fetched", u)
	}
}
