package audit

import (
	"path"
	"regexp"
	"strings"
)

// fixtureLoadCodeRe matches a call that imports or runs a Python file by
// path or module name: runpy, importlib, __import__, a module spec or
// loader, compile. A test helper or conftest holding one may run the
// fixture it is handed, so it does not show the fixture is data.
var fixtureLoadCodeRe = lazyRE(`(?i)\b(?:runpy|run_path|run_module|import_module|__import__|spec_from_file_location|module_from_spec|exec_module|load_source|SourceFileLoader|compile)\b`)

// fixtureCollectIgnoreRe matches a pytest conftest's collect_ignore or
// collect_ignore_glob assignment; group 1 is its list body.
var fixtureCollectIgnoreRe = lazyRE(`(?m)^\s*collect_ignore(?:_glob)?\s*\+?=\s*\[([^\]]*)\]`)

// fixtureHelperArg reports whether line, a line of text (a Python test
// file of the skill) that names the fixture rel, only hands the fixture's
// name to a helper function text defines ("run('bad_pipe.py', 'B950')",
// the helper handing it to the linter under test) and the skill shows the
// fixture is never run: pytest is told not to collect its folder
// (fixtureCollectIgnored), nothing on the line other than the helper's
// own name runs anything, each line of the helper's body that uses the
// parameter runs nothing and loads no code (fixtureLoadCodeRe), text
// holds no call that runs text or loads code, and no file of the skill
// imports the fixture as a module (fixtureImported). The helper's name
// may be a word that runs ("run", "check") because what it does is read
// from its body, not from its name.
func fixtureHelperArg(line, text, rel string, texts map[string]string) bool {
	if !strings.EqualFold(path.Ext(rel), ".py") || !fixtureCollectIgnored(rel, texts) || fixtureImported(rel, texts) {
		return false
	}
	if fixtureExecRe.MatchString(text) || fixtureLoadCodeRe.MatchString(text) {
		return false
	}
	at := strings.Index(line, path.Base(rel))
	if at < 0 {
		return false
	}
	name, arg, open := fixtureEnclosingCall(line, at)
	if name == "" {
		return false
	}
	rest := line[:open-len(name)] + line[open:]
	if fixtureRunRe.MatchString(rest) || fixtureFollowRe.MatchString(rest) {
		return false
	}
	param, body := fixturePyHelper(text, name, arg)
	if param == "" {
		return false
	}
	useRe := regexp.MustCompile(`(?:^|[^\w.])` + regexp.QuoteMeta(param) + `\b`)
	uses := 0
	for _, l := range body {
		if !useRe.MatchString(l) {
			continue
		}
		if b := fixtureBindRe.FindStringSubmatch(l); b != nil && b[1] == param {
			return false // rebound: the later value is not this fixture
		}
		if fixtureRunRe.MatchString(l) || fixtureExecRe.MatchString(l) || fixtureLoadCodeRe.MatchString(l) {
			return false
		}
		uses++
	}
	return uses > 0
}

// fixtureEnclosingCall returns the bare name of the call whose argument
// list holds line[at], the index of its argument that holds it, and the
// index of the call's "(". A method call ("m.run(") or none gives "".
func fixtureEnclosingCall(line string, at int) (string, int, int) {
	depth, commas := 0, 0
	for i := at - 1; i >= 0; i-- {
		switch line[i] {
		case ')', ']', '}':
			depth++
		case '[', '{':
			if depth == 0 {
				return "", 0, 0 // inside a list or dict, not an argument
			}
			depth--
		case ',':
			if depth == 0 {
				commas++
			}
		case '(':
			if depth > 0 {
				depth--
				continue
			}
			j := i
			for j > 0 && (isWordByte(line[j-1])) {
				j--
			}
			if j == i || (j > 0 && line[j-1] == '.') {
				return "", 0, 0
			}
			return line[j:i], commas, i
		}
	}
	return "", 0, 0
}

// fixturePyHelper returns the name of parameter arg of the Python
// function name that text defines once, and the lines of its body (those
// indented past the def, pyFuncSpans), blank lines left out. A function
// defined twice or not at all, or a parameter taken as self, *args or
// **kwargs, gives "".
func fixturePyHelper(text, name string, arg int) (string, []string) {
	var def pyFuncSpan
	defs := 0
	for _, s := range pyFuncSpans(text) {
		if s.name == name {
			def = s
			defs++
		}
	}
	if defs != 1 {
		return "", nil
	}
	params := callArgs(def.params)
	if arg >= len(params) {
		return "", nil
	}
	p := strings.TrimSpace(params[arg])
	if p == "self" || strings.HasPrefix(p, "*") {
		return "", nil
	}
	if k := strings.IndexAny(p, ":="); k >= 0 {
		p = strings.TrimSpace(p[:k])
	}
	if !isIdent(p) {
		return "", nil
	}
	var body []string
	for _, b := range strings.Split(text[def.start:def.end], "\n") {
		if strings.TrimSpace(b) != "" {
			body = append(body, b)
		}
	}
	return p, body
}

// fixtureCollectIgnored reports whether a conftest.py of the skill, in
// a folder above rel, tells pytest not to collect rel (collect_ignore or
// collect_ignore_glob, entries relative to the conftest's folder) and
// holds no call that runs text or loads code: such a conftest could run
// the very files it hides from collection.
func fixtureCollectIgnored(rel string, texts map[string]string) bool {
	for other, text := range texts {
		if path.Base(other) != "conftest.py" {
			continue
		}
		dir := path.Dir(other)
		sub := rel
		if dir != "." {
			if !strings.HasPrefix(rel, dir+"/") {
				continue
			}
			sub = strings.TrimPrefix(rel, dir+"/")
		}
		if fixtureExecRe.MatchString(text) || fixtureLoadCodeRe.MatchString(text) {
			continue
		}
		for _, m := range fixtureCollectIgnoreRe.FindAllStringSubmatch(text, -1) {
			for _, q := range strLit.FindAllString(m[1], -1) {
				if fixtureIgnoreCovers(strings.TrimPrefix(litBody(q), "./"), sub) {
					return true
				}
			}
		}
	}
	return false
}

// fixtureIgnoreCovers reports whether the collect_ignore entry pat
// (a path or glob) names sub or a folder holding it.
func fixtureIgnoreCovers(pat, sub string) bool {
	pat = strings.TrimSuffix(pat, "/")
	if pat == "" {
		return false
	}
	for p := sub; p != "." && p != "/"; p = path.Dir(p) {
		if ok, _ := path.Match(pat, p); ok {
			return true
		}
	}
	return false
}

// fixtureImported reports whether a file of the skill other than rel
// imports rel's module by name ("import bad_pipe", "from fixtures
// import bad_pipe", "from fixtures.bad_pipe import x"): importing a
// Python file runs it.
func fixtureImported(rel string, texts map[string]string) bool {
	mod := strings.TrimSuffix(path.Base(rel), path.Ext(rel))
	re := regexp.MustCompile(`(?m)^\s*(?:from\s+[\w.]*\b` + regexp.QuoteMeta(mod) + `\b[\w.]*\s+import\b|import\s+[\w.,\s]*\b` + regexp.QuoteMeta(mod) + `\b|from\s+[\w.]+\s+import\s+[\w\s,()]*\b` + regexp.QuoteMeta(mod) + `\b)`)
	for other, text := range texts {
		if other != rel && re.MatchString(text) {
			return true
		}
	}
	return false
}
