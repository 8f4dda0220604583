package audit

import (
	"regexp"
	"strings"
)

// An Elixir mix task that installs a tool (the esbuild, tailwind and
// lightningcss installers) downloads a release archive, compares its
// SHA-256 with a digest the task spells, stops on a mismatch
// (Mix.raise) and only then writes the binary and runs it: the author
// chose that binary, as a pinned release in shell, Python or Ruby, so
// scanFetchRun ranks it medium. A digest that is computed but not
// compared, compared without stopping, compared with a digest fetched
// from the network, checked after the file is written, or a second
// download left unchecked pins nothing and keeps the rank.

var (
	// exDefLine starts a function clause (group 1 its name): the unit a
	// download, its check and its write are read in, in order.
	exDefLine = lazyRE(`(?m)^[ \t]*defp?[ \t]+([a-z_]\w*[!?]?)`)
	// exHashOf is a digest computed over a variable (group 1), as
	// :crypto.hash(:sha256, body) is.
	exHashOf = lazyRE(`:crypto\.hash\(\s*:(?:sha224|sha256|sha384|sha512|sha3_256|sha3_384|sha3_512|blake2b|blake2s)\s*,\s*([a-z_]\w*)\b`)
	// exHashBound binds a name (group 1) to a digest.
	exHashBound = lazyRE(`(?m)^[ \t]*([a-z_]\w*)\s*=\s*:crypto\.hash\(`)
	// exCheckIf is a conditional comparison: group 1 unless or if,
	// group 2 and 4 the operands, group 3 the operator.
	exCheckIf = lazyRE(`^(unless|if)\s+(.+?)\s*(===|!==|==|!=)\s*(.+?)\s*(?:\bdo\b|,\s*do:)`)
	// exCheckOr is a comparison guarded by || or && (group 1 and 3 the
	// operands, 2 the operator, 4 the connective).
	exCheckOr = lazyRE(`^(.+?)\s*(===|!==|==|!=)\s*(.+?)\s*(\|\||&&|\bor\b|\band\b)\s*(?:Mix\.raise|raise|exit|System\.halt|throw)\b`)
	// exStop stops the task.
	exStop = lazyRE(`\b(?:Mix\.raise|raise|exit|System\.halt|throw)\b`)
	// exWriteRun writes, makes executable or runs a file.
	exWriteRun = lazyRE(`\bFile\.(?:write|chmod|cp|rename|ln_s|open|stream)!?\(|\bSystem\.(?:cmd|shell)\(|:os\.cmd\(|\bPort\.open\(`)
	// exStreamed is a download written straight to a file (:httpc's
	// {:stream, path}, Req's into: or output:): no digest sees it
	// before it is on disk.
	exStreamed = lazyRE(`\{\s*:stream\s*,|\binto:\s*File\.|\boutput:\s`)
	// exName is a plain lower-case Elixir name.
	exName = lazyRE(`^[a-z_]\w*$`)
	// exHexLit is a hex digest literal.
	exHexLit = lazyRE(`"[0-9a-fA-F]{40,128}"`)
	// exPinned is an operand naming a digest the file holds: a hex
	// literal, a module attribute or a lookup in one (group 1 the
	// attribute).
	exPinned = lazyRE(`^(?:"[0-9a-fA-F]{40,128}"|@(\w+)(?:\[.*\])?|(?:Map\.(?:get|fetch!?)|Keyword\.(?:get|fetch!?))\(\s*@(\w+)\b.*\))$`)
)

// exBlock is a function clause of an Elixir file: its name and span.
type exBlock struct {
	name       string
	start, end int
}

// elixirBlocks splits code at its function clauses; text before the
// first (the module attributes) is a block with no name.
func elixirBlocks(code string) []exBlock {
	var out []exBlock
	prev, name := 0, ""
	for _, m := range exDefLine.FindAllStringSubmatchIndex(code, -1) {
		out = append(out, exBlock{name, prev, m[0]})
		prev, name = m[0], code[m[2]:m[3]]
	}
	return append(out, exBlock{name, prev, len(code)})
}

// elixirVerifiedFetch reports whether every download of an Elixir file
// (code, comments blanked) is checked against a digest the file pins
// before anything is written or run in the function that fetched it.
func elixirVerifiedFetch(code string) bool {
	if !strings.Contains(code, ":crypto.hash(") || exStreamed.MatchString(code) {
		return false
	}
	blocks := elixirBlocks(code)
	// fetchers are functions that return a download and write or run
	// nothing themselves (defp fetch!(url)): their callers are the
	// download sites.
	fetchers := map[string]bool{}
	for changed := true; changed; {
		changed = false
		for _, b := range blocks {
			body := code[b.start:b.end]
			if b.name == "" || fetchers[b.name] || exWriteRun.MatchString(body) {
				continue
			}
			if otherNet.MatchString(body) || exCallsAny(body, fetchers, b.name) {
				fetchers[b.name], changed = true, true
			}
		}
	}
	var fetchCall *regexp.Regexp
	if len(fetchers) > 0 {
		names := make([]string, 0, len(fetchers))
		for n := range fetchers {
			names = append(names, regexp.QuoteMeta(n))
		}
		fetchCall = regexp.MustCompile(`(?:^|[^\w.:])(?:` + strings.Join(names, "|") + `)\(`)
	}
	sites := 0
	for _, b := range blocks {
		if fetchers[b.name] {
			continue
		}
		body := code[b.start:b.end]
		var at []int
		for _, m := range otherNet.FindAllStringIndex(body, -1) {
			at = append(at, m[0])
		}
		if fetchCall != nil {
			for _, m := range fetchCall.FindAllStringIndex(body, -1) {
				at = append(at, m[0])
			}
		}
		for _, a := range at {
			sites++
			if !exGatedAfter(code, body, a) {
				return false
			}
		}
	}
	return sites > 0
}

// exCallsAny reports whether body calls one of the named functions other
// than self.
func exCallsAny(body string, names map[string]bool, self string) bool {
	for n := range names {
		if n != self && strings.Contains(body, n+"(") {
			return true
		}
	}
	return false
}

// exGatedAfter reports whether, in a function's body after the download
// at offset site, a digest of the variable the download bound is
// compared with a pinned digest of code and a mismatch stops the task,
// before the body writes or runs anything.
func exGatedAfter(code, body string, site int) bool {
	lineStart := strings.LastIndexByte(body[:site], '\n') + 1
	limit := len(body)
	if w := exWriteRun.FindStringIndex(body[site:]); w != nil {
		limit = site + w[0]
	}
	rest := body[lineStart:limit]
	bound := exBoundNames(rest)
	digests := map[string]bool{}
	for _, m := range exHashBound.FindAllStringSubmatchIndex(rest, -1) {
		if h := exHashOf.FindStringSubmatch(rest[m[0]:]); h != nil && bound[h[1]] {
			digests[rest[m[2]:m[3]]] = true
		}
	}
	lines := strings.Split(rest, "\n")
	for i, ln := range lines {
		t := strings.TrimSpace(ln)
		var l, op, r string
		stops := false
		if m := exCheckIf.FindStringSubmatch(t); m != nil {
			l, op, r = m[2], m[3], m[4]
			neg := op == "!=" || op == "!=="
			if (m[1] == "unless") == neg {
				continue // unless d != pin / if d == pin: the match is what goes on
			}
			stops = exStopsIn(t, lines[i+1:])
		} else if m := exCheckOr.FindStringSubmatch(t); m != nil {
			l, op, r = m[1], m[2], m[3]
			neg := op == "!=" || op == "!=="
			and := m[4] == "&&" || m[4] == "and"
			stops = and == neg
		}
		if !stops {
			continue
		}
		if exDigestOperand(l, digests, bound) && exPinnedOperand(code, r, body) ||
			exDigestOperand(r, digests, bound) && exPinnedOperand(code, l, body) {
			return true
		}
	}
	return false
}

// exStopsIn reports whether a conditional's own line (after do:) or its
// block (the lines up to its end) stops the task.
func exStopsIn(line string, after []string) bool {
	if i := strings.Index(line, "do:"); i >= 0 {
		return exStop.MatchString(line[i:])
	}
	for _, l := range after {
		t := strings.TrimSpace(l)
		if t == "end" || strings.HasPrefix(t, "else") {
			return false
		}
		if exStop.MatchString(t) {
			return true
		}
	}
	return false
}

// exBoundNames returns the names the first line of text binds (a
// pattern before = or ->) and those later case arms bind, the download's
// answer as the function holds it.
func exBoundNames(text string) map[string]bool {
	out := map[string]bool{}
	for i, ln := range strings.Split(text, "\n") {
		pat := ""
		if j := strings.Index(ln, "->"); j >= 0 && (i > 0 || !strings.Contains(ln[:j], "(")) {
			pat = ln[:j]
		} else if i == 0 {
			if j := strings.Index(ln, "="); j >= 0 && !strings.HasPrefix(ln[j:], "==") {
				pat = ln[:j]
			}
		}
		for _, w := range jsIdent.FindAllString(pat, -1) {
			if w != "_" && !strings.HasPrefix(w, "_") && w[0] >= 'a' && w[0] <= 'z' {
				out[w] = true
			}
		}
	}
	return out
}

// exDigestOperand reports whether an operand is a digest of the
// download: a name bound to one, or the digest itself.
func exDigestOperand(op string, digests, bound map[string]bool) bool {
	op = strings.TrimSpace(op)
	if digests[op] {
		return true
	}
	h := exHashOf.FindStringSubmatch(op)
	return h != nil && bound[h[1]]
}

// exPinnedOperand reports whether an operand names a digest the file
// holds: a hex literal, a module attribute holding one, or a name the
// function bound to such a lookup (expected = Map.get(@checksums, t)).
func exPinnedOperand(code, op, body string) bool {
	op = strings.TrimSpace(op)
	for range 3 {
		if m := exPinned.FindStringSubmatch(op); m != nil {
			attr := m[1] + m[2]
			return attr == "" || exAttrPins(code, attr)
		}
		if !exName.MatchString(op) {
			return false
		}
		bind := regexp.MustCompile(`(?m)^[ \t]*` + regexp.QuoteMeta(op) + `\s*=\s*([^\n]+)`).FindStringSubmatch(body)
		if bind == nil {
			return false
		}
		op = strings.TrimSpace(bind[1])
		// expected = Map.get(@checksums, t) || Mix.raise(...)
		if i := strings.Index(op, "||"); i >= 0 && exStop.MatchString(op[i:]) {
			op = strings.TrimSpace(op[:i])
		}
	}
	return false
}

// exAttrPins reports whether module attribute attr is set to hex digest
// literals and nothing computed (@checksums %{"x86_64" => "3f1c..."}).
func exAttrPins(code, attr string) bool {
	m := regexp.MustCompile(`(?m)^[ \t]*@` + regexp.QuoteMeta(attr) + `\s+(%\{[^}]*\}|"[^"\n]*"|\[[^\]]*\])`).FindStringSubmatch(code)
	if m == nil || !exHexLit.MatchString(m[1]) {
		return false
	}
	return !strings.Contains(m[1], "(") // a value computed at compile time (a fetch) pins nothing
}
