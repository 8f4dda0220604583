package audit

import (
	"context"
	"path"
	"strings"

	"github.com/skilldex/skilldex/index"
)

// Hygen (a code generator run as `hygen <generator> <action>`) keeps its
// templates under _templates/<generator>/<action>/ as EJS files (*.ejs.t,
// *.t) opening with a frontmatter: to: names the file the rendered body
// is written to (inject: true adds the body into that file, append,
// prepend, before and after say where), and sh: is a shell command run
// after the file is generated. A template is therefore a file write of
// its body to its to: target, made every time the generator runs. When
// that target is an agent's instruction or settings file in the home
// folder (~/.claude/CLAUDE.md, ~/.codex/AGENTS.md, ~/.gemini/GEMINI.md,
// ~/.claude/settings.json...) the generator rewrites what the agent obeys
// in every project: rule agent-tamper, judged as a script's write of
// those files is (agentTamperPlanted: high, critical when the body is an
// injection). A target built by a helper (to: <%= h.memoryFile(0) %>) is
// resolved through the helper's definition in the skill's .hygen.js
// (path.join(os.homedir(), ".claude", "CLAUDE.md"), a template literal,
// other helpers it calls), which the template's cache key holds. The sh:
// command is read as shell, its EJS tags as plain words.

// isHygenTemplate reports whether rel (content) is a Hygen template: a
// .t file opening with a frontmatter.
func isHygenTemplate(rel, content string) bool {
	return strings.HasSuffix(rel, ".t") && (strings.HasPrefix(content, "---\n") || strings.HasPrefix(content, "---\r\n"))
}

// hygenHelpersOf returns the skill's .hygen.js (or .hygen.cjs) files for
// a Hygen template that calls a helper (h.), so a to: target a helper
// builds is resolved and a changed helper file ranks the template again.
func hygenHelpersOf(ctx context.Context, src Source, s index.Skill, rel, content string, files []string) []linkedFile {
	if !isHygenTemplate(rel, content) || !strings.Contains(content, "h.") {
		return nil
	}
	return readLinks(ctx, src, s, rel, files, maxLinked, func(f string) bool {
		b := path.Base(f)
		return b == ".hygen.js" || b == ".hygen.cjs"
	}, func(f, text string) *linkedFile { return &linkedFile{rel: f, text: text} })
}

var (
	// hygenEJSTag is an EJS tag (<%= expr %>, <%- expr -%>): group 1 its
	// expression.
	hygenEJSTag = lazyRE(`<%[=\-_]?\s*(.*?)\s*[-_]?%>`)
	// hygenHelperCall is a helper named in an expression or a helper's
	// body (h.name, helpers.name, this.name): group 1 its name.
	hygenHelperCall = lazyRE(`\b(?:h|helpers|this)\.([A-Za-z_$][\w$]*)`)
	// hygenJoinCall is a path built by a join (path.join, path.resolve,
	// join(...)) with calls one level deep in its arguments
	// (os.homedir()): group 1 the arguments.
	hygenJoinCall = lazyRE(`\b(?:join|resolve)\s*\(((?:[^()]|\([^()]*\))*)\)`)
	// hygenTplHole is a ${...} hole of a JavaScript template literal:
	// group 1 its expression.
	hygenTplHole = lazyRE(`\$\{([^{}]*)\}`)
)

// scanHygenTemplate reads a Hygen template (see above): its to: target
// as a write of its body, its sh: command as shell.
func scanHygenTemplate(sc *skillCtx, rel, content string) {
	front, body, ok := hygenFrontmatter(content)
	if !ok {
		return
	}
	toAt, to := -1, ""
	off := strings.Index(content, "\n") + 1
	for _, ln := range strings.SplitAfter(front, "\n") {
		k, v, found := strings.Cut(strings.TrimSpace(ln), ":")
		v = strings.Trim(strings.TrimSpace(v), `"'`)
		switch {
		case !found:
		case k == "to" && toAt < 0:
			toAt, to = off, v
		case k == "sh" && v != "":
			scanShell(sc, rel, hygenEJSTag.ReplaceAllString(v, "x"), newLineIndex(content).line(off), inScript)
		}
		off += len(ln)
	}
	if toAt < 0 || to == "" {
		return
	}
	target := hygenTarget(sc, to)
	if target == "" {
		return
	}
	lits := []litSpan{{toAt, target}}
	agentTamperPlanted(sc, rel, content, lits, toAt, false, false, false, func() string { return plantedInjection(sc, body, false) })
}

// hygenFrontmatter splits a template into its frontmatter (without the
// --- lines) and its body.
func hygenFrontmatter(content string) (front, body string, ok bool) {
	content = strings.ReplaceAll(content, "\r\n", "\n")
	rest, found := strings.CutPrefix(content, "---\n")
	if !found {
		return "", "", false
	}
	end := strings.Index(rest, "\n---")
	if end < 0 {
		return "", "", false
	}
	front = rest[:end+1]
	body = rest[end+4:]
	if i := strings.IndexByte(body, '\n'); i >= 0 {
		body = body[i+1:]
	} else {
		body = ""
	}
	return front, body, true
}

// hygenTarget returns the agent file in the home folder (as ~/...) that
// a template's to: value names, "" when it names none: the home folder
// spelled in an EJS tag (os.homedir(), process.env.HOME) or as ~ or
// $HOME, or a helper whose definition in the skill's .hygen.js builds
// such a path.
func hygenTarget(sc *skillCtx, to string) string {
	var helperPaths []string
	lit := hygenEJSTag.ReplaceAllStringFunc(to, func(tag string) string {
		expr := hygenEJSTag.FindStringSubmatch(tag)[1]
		if homeJoin.MatchString(expr) {
			return "~"
		}
		if m := hygenHelperCall.FindStringSubmatch(expr); m != nil {
			for _, l := range sc.linked {
				if b := path.Base(l.rel); b == ".hygen.js" || b == ".hygen.cjs" {
					helperPaths = append(helperPaths, hygenHelperPaths(l.text, m[1], 0)...)
				}
			}
		}
		return "x"
	})
	for _, p := range append([]string{lit}, helperPaths...) {
		if t := hygenHomeAgentFile(p); t != "" {
			return t
		}
	}
	return ""
}

// hygenHomeAgentFile returns p as ~/... when it is an agent's settings or
// instruction file (agentFile) in the home folder, "" otherwise.
func hygenHomeAgentFile(p string) string {
	p = strings.TrimSpace(p)
	for _, h := range []string{"$HOME/", "${HOME}/"} {
		if rest, ok := strings.CutPrefix(p, h); ok {
			p = "~/" + rest
		}
	}
	if !strings.HasPrefix(p, "~/") || !agentFile.MatchString(p) {
		return ""
	}
	return p
}

// hygenHelperPaths returns the paths helper name's definition in js (a
// .hygen.js) builds: joins of literals and the home folder, template
// literals and plain literals, and those of the helpers it calls, to a
// depth of three.
func hygenHelperPaths(js, name string, depth int) []string {
	if depth > 3 {
		return nil
	}
	def := hygenHelperDef(js, name)
	if def == "" {
		return nil
	}
	var out []string
	for _, m := range hygenJoinCall.FindAllStringSubmatch(def, 32) {
		var parts []string
		for _, a := range splitTop(m[1]) {
			a = strings.TrimSpace(a)
			switch {
			case homeJoin.MatchString(a):
				parts = append(parts, "~")
			case len(a) >= 2 && strings.ContainsRune(`"'`, rune(a[0])) && a[len(a)-1] == a[0]:
				parts = append(parts, a[1:len(a)-1])
			default:
				parts = append(parts, "x")
			}
		}
		out = append(out, strings.Join(parts, "/"))
	}
	for _, m := range strLit.FindAllString(def, 64) {
		s := strings.Trim(m, "\"'`")
		out = append(out, hygenTplHole.ReplaceAllStringFunc(s, func(h string) string {
			if homeJoin.MatchString(h) {
				return "~"
			}
			return "x"
		}))
	}
	for _, m := range hygenHelperCall.FindAllStringSubmatch(def, 16) {
		if m[1] != name {
			out = append(out, hygenHelperPaths(js, m[1], depth+1)...)
		}
	}
	return out
}

// hygenHelperDef returns the text of helper name's definition in js: the
// value after "name:" or the method after "name(", up to the comma or
// brace that ends it; "" when js defines no such helper.
func hygenHelperDef(js, name string) string {
	for from := 0; from < len(js); {
		i := strings.Index(js[from:], name)
		if i < 0 {
			return ""
		}
		i += from
		from = i + len(name)
		if i > 0 && (isIdentByte(js[i-1]) || js[i-1] == '.' || js[i-1] == '$') {
			continue
		}
		j := from
		for j < len(js) && (js[j] == ' ' || js[j] == '\t') {
			j++
		}
		if j >= len(js) || js[j] != ':' && js[j] != '(' {
			continue
		}
		if js[j] == ':' {
			j++ // a property's value; a method keeps its parameter list
		}
		return js[j:jsValueEnd(js, j)]
	}
	return ""
}

// jsValueEnd returns the index where a JavaScript object property's value
// starting at js[i] ends: the first comma, closing bracket or semicolon
// outside brackets and strings, at most 4,000 bytes on.
func jsValueEnd(js string, i int) int {
	depth := 0
	stop := min(len(js), i+4000)
	for i < stop {
		switch c := js[i]; c {
		case '"', '\'', '`':
			j := i + 1
			for j < stop && js[j] != c {
				if js[j] == '\\' {
					j++
				}
				j++
			}
			i = j + 1
			continue
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth == 0 {
				return i
			}
			depth--
		case ',', ';':
			if depth == 0 {
				return i
			}
		}
		i++
	}
	return min(i, len(js))
}
