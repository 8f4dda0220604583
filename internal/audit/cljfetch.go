package audit

import (
	"path"
	"strings"
)

// Rule download-exec in Clojure: code that fetches text from a URL and
// hands it to Clojure's evaluator (load-string, load-file, load-reader,
// eval, Compiler/load, sci's eval-string) lets the server decide what
// runs. Leiningen runs such code without a second look: a profile's
// :injections (in ~/.lein/profiles.clj's :user profile, every project on
// the machine) and :init forms run in every project JVM (repl, test, run,
// uberjar), project.clj is itself code, a deps.edn alias's :main-opts
// ["-e" "..."] and a babashka bb.edn task run what they spell. So it is
// critical (medium when the file names a digest: check it is pinned in
// the skill). What arrived is followed through the file's bindings (let,
// when-let, with-open, def...), into a file it is spat or copied to
// ((spit f (slurp url)) then (load-file (.getPath f))) and into the
// argument of the evaluating call; a URL is a string literal starting
// http:// or https:// anywhere in the expression ((str "http://" host
// "/x.clj") included), a java.net.URL or URI, io/as-url, or a name bound
// to one of those. Code a string holds ("-e" "(load-string (slurp
// \"http://...\"))") is read the same way. Reading data (clojure.edn's
// read-string of a fetched config, slurp of a local file, requiring a
// namespace of the project in :injections) runs nothing fetched.

var (
	// cljBinder opens a binding vector: the '[' ends the match.
	cljBinder = lazyRE(`\((?:clojure\.core/)?(?:let|when-let|if-let|when-some|if-some|when-first|with-open|loop|binding|with-local-vars|with-redefs)\s*\[`)
	// cljDef binds one name at the top: group 1 the name.
	cljDef = lazyRE(`\((?:clojure\.core/)?(?:def|defonce)\s+(?:\^\S+\s+)*([^\s()\[\]{}"';]+)\s`)
	// cljURLish is a URL in an expression.
	cljURLish = lazyRE(`"https?://|\b(?:java\.net\.)?(?:URL|URI)\.\s|\(\s*(?:java\.net\.)?(?:URL|URI)/(?:new|create)\b|\bas-url\b|\(\s*(?:java\.net\.)?(?:URL|URI)\.(?:\s|\))`)
	// cljReadCall reads text or a stream from its first argument (a URL
	// makes it a fetch): group 1 the call.
	cljReadCall = lazyRE(`\(\s*((?:clojure\.core/)?slurp|(?:clojure\.java\.)?io/(?:reader|input-stream)|clojure\.java\.io/(?:reader|input-stream)|\.openStream|\.openConnection|\.getContent)[\s)]`)
	// cljHTTPCall is a request of an HTTP client (clj-http, http-kit,
	// hato, babashka's http-client and curl), its answer fetched text.
	cljHTTPCall = lazyRE(`\(\s*(?:http|client|hc|curl|clj-http\.client|babashka\.curl|babashka\.http-client|org\.httpkit\.client|hato\.client|hato)/(?:get|post|request)[\s)]`)
	// cljSink evaluates its first argument as code (or loads the file
	// it names): group 1 the call.
	cljSink = lazyRE(`\(\s*((?:clojure\.core/)?(?:load-string|load-file|load-reader|eval)|(?:clojure\.lang\.)?Compiler/load|(?:sci|sci\.core)/eval-string\*?|(?:babashka\.)?load-string)[\s)]`)
	// cljSinkName is an evaluating function's name alone (a threading
	// macro's step).
	cljSinkName = lazyRE(`^(?:clojure\.core/)?(?:load-string|load-file|load-reader|eval)$|^(?:clojure\.lang\.)?Compiler/load$|^(?:sci|sci\.core)/eval-string\*?$`)
	// cljThread opens a threading macro.
	cljThread = lazyRE(`\((?:clojure\.core/)?(?:->>?|some->>?|cond->>?|as->)\s`)
	// cljWrite writes its second argument to the file its first names
	// (spit), or copies its first to its second (io/copy): group 1 the
	// call.
	cljWrite = lazyRE(`\(\s*((?:clojure\.core/)?spit|(?:clojure\.java\.)?io/copy|clojure\.java\.io/copy)\s`)
	// cljLeinHook is a Leiningen key whose forms run in every project
	// JVM.
	cljLeinHook = lazyRE(`:(?:injections|init|repl-options)\b`)
	// cljDigest is a digest named in the file.
	cljDigest = lazyRE(`(?i)\bMessageDigest\b|\bsha-?256\b|\bsha-?512\b|\bdigest/`)
)

// isCljFile reports whether rel is Clojure code or data Leiningen,
// tools.deps or babashka run (project.clj, profiles.clj, deps.edn,
// bb.edn, scripts).
func isCljFile(rel string) bool {
	switch strings.ToLower(path.Ext(rel)) {
	case ".clj", ".cljc", ".bb", ".edn":
		return true
	}
	return false
}

// scanCljFetchEval reports Clojure that evaluates what it fetched (see
// above), in the file and in code its string literals hold.
func scanCljFetchEval(sc *skillCtx, rel, content string) {
	if !strings.Contains(content, "load-") && !strings.Contains(content, "eval") && !strings.Contains(content, "Compiler/load") {
		return
	}
	c := cljBlank(content)
	if at, how := cljFetchEvalAt(c); at >= 0 {
		cljReport(sc, rel, content, c, 1+strings.Count(c[:at], "\n"), how)
		return
	}
	// code held in strings: a -e argument, an alias's one-liner
	for i := 0; i < len(c); i++ {
		if c[i] != '"' {
			continue
		}
		e := cljFormEnd(c, i)
		if e < 0 {
			return
		}
		body := c[i+1 : e-1]
		if strings.Contains(body, "(") && (strings.Contains(body, "load-") || strings.Contains(body, "eval")) {
			code := cljBlank(unescapeLit(body))
			if at, how := cljFetchEvalAt(code); at >= 0 {
				ln := 1 + strings.Count(c[:i], "\n") + strings.Count(code[:at], "\n")
				cljReport(sc, rel, content, c, ln, how+", in code a string holds")
				return
			}
		}
		i = e - 1
	}
}

// cljReport adds the finding at line ln.
func cljReport(sc *skillCtx, rel, content, c string, ln int, how string) {
	when := "each time it runs"
	if cljLeinHook.MatchString(c) {
		when = "in every JVM the Leiningen project or profile starts (:injections, :init)"
	}
	sev, reason := Critical, "fetches Clojure code from a URL and evaluates it ("+how+"): the server decides what runs, "+when
	if cljDigest.MatchString(c) {
		sev, reason = Medium, "fetches Clojure code from a URL and evaluates it ("+how+") after naming a digest: check the digest is pinned in the skill, not fetched with the code"
	}
	sc.add(rel, ln, "download-exec", sev, reason, trimmedLine(content, ln))
}

// cljFetchEvalAt returns the offset in c (comments blanked) of an
// evaluating call whose argument is fetched code, and how, or -1.
func cljFetchEvalAt(c string) (int, string) {
	sinks := cljSink.FindAllStringSubmatchIndex(c, 64)
	threads := cljThread.FindAllStringIndex(c, 64)
	if len(sinks) == 0 && len(threads) == 0 {
		return -1, ""
	}
	// the names bound to a URL, and those bound to what was fetched
	type bind struct {
		names []string
		val   string
	}
	var binds []bind
	for _, m := range cljBinder.FindAllStringIndex(c, 256) {
		forms := cljForms(c, m[1]-1)
		for k := 0; k+1 < len(forms); k += 2 {
			binds = append(binds, bind{cljSymbols(forms[k]), forms[k+1]})
		}
	}
	for _, m := range cljDef.FindAllStringSubmatchIndex(c, 256) {
		if e := cljFormEnd(c, m[1]); e > 0 {
			binds = append(binds, bind{[]string{c[m[2]:m[3]]}, c[cljSkipSpace(c, m[1]):e]})
		}
	}
	urls := map[string]bool{}
	got := map[string]bool{}
	lits := map[string]bool{} // file paths written as literals
	fetches := func(e string) bool {
		if cljHTTPCall.MatchString(e) {
			return true
		}
		for _, m := range cljReadCall.FindAllStringSubmatchIndex(e, 32) {
			arg := cljArg(e, m[3], 0)
			if cljURLish.MatchString(arg) || cljUses(arg, urls) || cljUses(arg, got) || lits[strings.TrimSpace(arg)] {
				return true
			}
		}
		return false
	}
	carries := func(e string) bool {
		return fetches(e) || cljUses(e, got) || lits[strings.TrimSpace(e)]
	}
	for range 4 {
		grew := false
		for _, b := range binds {
			for _, n := range b.names {
				if !urls[n] && (cljURLish.MatchString(b.val) || cljUses(b.val, urls)) && !fetches(b.val) {
					urls[n], grew = true, true
				}
				if !got[n] && carries(b.val) {
					got[n], grew = true, true
				}
			}
		}
		for _, m := range cljWrite.FindAllStringSubmatchIndex(c, 64) {
			a0, a1 := cljArg(c, m[3], 0), cljArg(c, m[3], 1)
			src, dst := a1, a0 // spit: file, then content
			if strings.HasSuffix(c[m[2]:m[3]], "copy") {
				src, dst = a0, a1
			}
			if !carries(src) {
				continue
			}
			dst = strings.TrimSpace(dst)
			switch {
			case strings.HasPrefix(dst, `"`):
				if !lits[dst] {
					lits[dst], grew = true, true
				}
			case cljSymbol(dst) && !got[dst]:
				got[dst], grew = true, true
			}
		}
		if !grew {
			break
		}
	}
	for _, s := range sinks {
		if arg := cljArg(c, s[3], 0); arg != "" && carries(arg) {
			return s[2], c[s[2]:s[3]] + " of what was fetched"
		}
	}
	// a threading macro: (-> (slurp url) load-string), (->> r :body eval)
	for _, m := range threads {
		steps := cljForms(c, m[0])
		for k := 2; k < len(steps); k++ {
			head := steps[k]
			if strings.HasPrefix(head, "(") {
				head = cljArg(head, 1, 0)
			}
			if cljSinkName.MatchString(head) && carries(strings.Join(steps[1:k], " ")) {
				at := strings.Index(c[m[0]:], steps[k]) + m[0]
				return at, head + " of what was fetched, threaded"
			}
		}
	}
	return -1, ""
}

// cljArg returns argument k (0-based) of the call whose head ends at
// offset from in c, "" when it has fewer.
func cljArg(c string, from, k int) string {
	i := from
	for j := 0; ; j++ {
		i = cljSkipSpace(c, i)
		if i >= len(c) || c[i] == ')' {
			return ""
		}
		e := cljFormEnd(c, i)
		if e < 0 {
			return ""
		}
		if j == k {
			return c[i:e]
		}
		i = e
	}
}

// cljForms returns the forms of the collection opening at c[open].
func cljForms(c string, open int) []string {
	var out []string
	i := open + 1
	for len(out) < 512 {
		i = cljSkipSpace(c, i)
		if i >= len(c) || c[i] == ')' || c[i] == ']' || c[i] == '}' {
			return out
		}
		e := cljFormEnd(c, i)
		if e < 0 {
			return out
		}
		out = append(out, c[i:e])
		i = e
	}
	return out
}

// cljSkipSpace skips whitespace and commas (Clojure's whitespace) from i.
func cljSkipSpace(c string, i int) int {
	for i < len(c) && (c[i] == ' ' || c[i] == '\t' || c[i] == '\n' || c[i] == '\r' || c[i] == ',') {
		i++
	}
	return i
}

// cljFormEnd returns the offset just past the Clojure form starting at
// c[i] (a string, a regex, a character, a collection with its reader
// prefixes, or an atom), or -1 when it does not end within c or nests
// too deeply.
func cljFormEnd(c string, i int) int {
	return cljFormEndDepth(c, i, 0)
}

func cljFormEndDepth(c string, i, depth int) int {
	if i >= len(c) || depth > 200 {
		return -1
	}
	switch ch := c[i]; {
	case ch == '"':
		for j := i + 1; j < len(c); j++ {
			switch c[j] {
			case '\\':
				j++
			case '"':
				return j + 1
			}
		}
		return -1
	case ch == '\\': // a character: \a, \newline, \u00e9, \(
		j := i + 2
		for j < len(c) && cljAtomChar(c[j]) {
			j++
		}
		return min(j, len(c))
	case ch == '\'' || ch == '`' || ch == '@' || ch == '~' || ch == '^':
		j := i + 1
		if ch == '~' && j < len(c) && c[j] == '@' {
			j++
		}
		j = cljSkipSpace(c, j)
		if ch == '^' { // metadata, then the form it is on
			m := cljFormEndDepth(c, j, depth+1)
			if m < 0 {
				return -1
			}
			j = cljSkipSpace(c, m)
		}
		return cljFormEndDepth(c, j, depth+1)
	case ch == '#':
		if i+1 >= len(c) {
			return i + 1
		}
		switch c[i+1] {
		case '"', '(', '{':
			return cljFormEndDepth(c, i+1, depth+1)
		case '\'', '_', '=':
			return cljFormEndDepth(c, cljSkipSpace(c, i+2), depth+1)
		case '?':
			j := i + 2
			if j < len(c) && c[j] == '@' {
				j++
			}
			return cljFormEndDepth(c, j, depth+1)
		}
		j := i + 1 // a tagged literal's tag (#inst), then its form
		for j < len(c) && cljAtomChar(c[j]) {
			j++
		}
		if j == i+1 {
			return i + 1
		}
		return cljFormEndDepth(c, cljSkipSpace(c, j), depth+1)
	case ch == '(' || ch == '[' || ch == '{':
		j := i + 1
		for {
			j = cljSkipSpace(c, j)
			if j >= len(c) {
				return -1
			}
			if c[j] == ')' || c[j] == ']' || c[j] == '}' {
				return j + 1
			}
			e := cljFormEndDepth(c, j, depth+1)
			if e < 0 {
				return -1
			}
			j = e
		}
	case ch == ')' || ch == ']' || ch == '}':
		return -1
	}
	j := i
	for j < len(c) && cljAtomChar(c[j]) {
		j++
	}
	if j == i {
		return i + 1
	}
	return j
}

// cljAtomChar reports whether b can continue a symbol, keyword or number.
func cljAtomChar(b byte) bool {
	switch b {
	case ' ', '\t', '\n', '\r', ',', '(', ')', '[', ']', '{', '}', '"', ';', '\\', '^', '@', '`', '~':
		return false
	}
	return true
}

// cljSymbol reports whether s is one symbol (not a keyword, number or
// literal).
func cljSymbol(s string) bool {
	if s == "" || s == "nil" || s == "true" || s == "false" || s[0] == ':' || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !cljAtomChar(s[i]) || s[i] == '#' || s[i] == '\'' {
			return false
		}
	}
	return true
}

// cljSymbols returns the symbols of a binding form: the name, or every
// symbol a destructuring vector or map binds (keywords and :keys
// themselves skipped).
func cljSymbols(f string) []string {
	if cljSymbol(f) {
		return []string{f}
	}
	var out []string
	for _, w := range cljWords(f) {
		if cljSymbol(w) && w != "&" {
			out = append(out, w)
		}
	}
	return out
}

// cljWords returns the atoms of e outside strings.
func cljWords(e string) []string {
	var out []string
	for i := 0; i < len(e); {
		switch b := e[i]; {
		case b == '"':
			if j := cljFormEnd(e, i); j > 0 {
				i = j
				continue
			}
			return out
		case b == '\\':
			i += 2
			continue
		case cljAtomChar(b) && b != '#' && b != '\'':
			j := i
			for j < len(e) && cljAtomChar(e[j]) {
				j++
			}
			out = append(out, e[i:j])
			i = j
			continue
		}
		i++
	}
	return out
}

// cljUses reports whether expression e names a symbol of names outside
// strings (f in (.getPath f), body in (:body resp)).
func cljUses(e string, names map[string]bool) bool {
	if len(names) == 0 {
		return false
	}
	for _, w := range cljWords(e) {
		if names[w] {
			return true
		}
	}
	return false
}

// cljBlank blanks Clojure's ; comments and #_ discarded forms outside
// strings and character literals, keeping offsets and lines.
func cljBlank(text string) string {
	b := []byte(text)
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '"':
			e := cljFormEnd(text, i)
			if e < 0 {
				return string(b)
			}
			i = e - 1
		case '\\':
			i++
		case ';':
			for ; i < len(b) && b[i] != '\n'; i++ {
				b[i] = ' '
			}
		case '#':
			if i+1 < len(b) && b[i+1] == '_' {
				e := cljFormEnd(text, cljSkipSpace(text, i+2))
				if e < 0 {
					continue
				}
				for j := i; j < e; j++ {
					if b[j] != '\n' {
						b[j] = ' '
					}
				}
				i = e - 1
			}
		}
	}
	return string(b)
}
