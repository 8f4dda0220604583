package audit

import "strings"

// A Nix file runs while it is evaluated: nix-shell, nix develop and
// direnv's use nix evaluate shell.nix and what it imports before any
// build, and builtins.fetchurl (fetchTarball, fetchGit, fetchTree)
// fetches its URL then and there. A file that reads a credential file
// under home with builtins.readFile (~/.aws/credentials, a netrc,
// cachix's cachix.dhall; credPath's files) or a token from the
// environment (builtins.getEnv "CACHIX_AUTH_TOKEN") and puts it, through
// its let bindings (builtins.toJSON, escapeURL, interpolation), into the
// URL or attributes of such a fetch sends those secrets to the server
// each time the shell loads: credential-exfil, critical. A fetch of a
// URL made only of the file's own literals, or a credential read only
// to test that it exists, is not this.

var (
	// nixBindStart is a binding's name and its = (group 1 the name).
	nixBindStart = lazyRE(`(?m)(?:^|[\s;{(])([A-Za-z_][\w'-]*)\s*=[^=>]`)
	// nixFetchCall is an evaluation-time fetch: what follows is its
	// argument.
	nixFetchCall = lazyRE(`\b(?:builtins\.)?(?:fetchurl|fetchTarball|fetchGit|fetchTree)\s+`)
	// nixTokenEnv reads a secret-named environment variable.
	nixTokenEnv = lazyRE(`\bgetEnv\s+"\w*(?:TOKEN|SECRET|PASSWORD|PASSWD|API_KEY|ACCESS_KEY|AUTH)\w*"`)
	// nixHomeRef names the home folder in Nix.
	nixHomeRef = lazyRE(`\bgetEnv\s+"HOME"|(?:^|[\s(\[])~/`)
	// nixCredLit is a string literal of a Nix file (group 1).
	nixCredLit = lazyRE(`"(/[^"$\\\n]*)"`)
	// nixCompare is a comparison of a name with a value, or a test that
	// a path exists: a boolean, which carries no secret.
	nixCompare = lazyRE(`[\w.'-]+\s*[!=]=\s*(?:""|null|true|false|[\w.'-]+)|(?:""|null)\s*[!=]=\s*[\w.'-]+|\bpathExists\s+[\w.'-]+`)
	// nixAttrKey is an attribute's name and its = in an attribute set
	// (group 1 what follows =): the name is a key, not a value read.
	nixAttrKey = lazyRE(`\b[A-Za-z_][\w'-]*\s*=([^=>])`)
	// nixCredMore are the credential files of Nix's own tools that
	// credPath does not list: the netrc nix.conf points to and cachix's
	// auth token file.
	nixCredMore = lazyRE(`\.config/nix/netrc\b|\.config/cachix/cachix\.dhall\b|/etc/nix/netrc\b`)
)

// nixExprEnd returns the end of the expression starting at i: the ';'
// at bracket depth 0 (strings skipped), or where an unopened bracket
// closes; at most 6,000 bytes.
func nixExprEnd(code string, i int) int {
	depth := 0
	for start := i; i < len(code) && i-start < 6000; i++ {
		switch code[i] {
		case '"':
			for i++; i < len(code) && code[i] != '"'; i++ {
				if code[i] == '\\' {
					i++
				}
			}
		case '\'':
			if i+1 < len(code) && code[i+1] == '\'' {
				if e := strings.Index(code[i+2:], "''"); e >= 0 {
					i += e + 3
				}
			}
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			if depth < 0 {
				return i
			}
		case ';':
			if depth == 0 {
				return i
			}
		}
	}
	return i
}

// nixCredRead reports whether expr (a binding's value) reads a
// credential file: it names one (under home when the file refers to
// home) and reads it with readFile itself or through a function of the
// file that does (readers).
func nixCredRead(expr string, home bool, readers map[string]bool) bool {
	named := credPath.MatchString(expr) || nixCredMore.MatchString(expr)
	if !named && home {
		for _, m := range nixCredLit.FindAllStringSubmatch(expr, 8) {
			if credPath.MatchString("~"+m[1]) || nixCredMore.MatchString(m[1]) {
				named = true
				break
			}
		}
	}
	if !named {
		return false
	}
	if strings.Contains(expr, "readFile") {
		return true
	}
	for r := range readers {
		if containsWord(expr, r) {
			return true
		}
	}
	return false
}

// nixCredFetch returns the offset in code (comments blanked) of a fetch
// whose argument carries a credential the file read (see above), or -1.
func nixCredFetch(code string) int {
	if !strings.Contains(code, "readFile") && !nixTokenEnv.MatchString(code) {
		return -1
	}
	fetches := nixFetchCall.FindAllStringIndex(code, 16)
	if fetches == nil {
		return -1
	}
	type bind struct{ name, expr string }
	var binds []bind
	readers := map[string]bool{}
	for _, m := range nixBindStart.FindAllStringSubmatchIndex(code, 4000) {
		b := bind{code[m[2]:m[3]], code[m[1]-1 : nixExprEnd(code, m[1]-1)]}
		binds = append(binds, b)
		if strings.Contains(b.expr, "readFile") {
			readers[b.name] = true
		}
	}
	home := nixHomeRef.MatchString(code)
	tainted := map[string]bool{}
	for _, b := range binds {
		if nixTokenEnv.MatchString(b.expr) || nixCredRead(b.expr, home, readers) {
			tainted[b.name] = true
		}
	}
	if len(tainted) == 0 {
		return -1
	}
	carries := func(expr string) bool {
		expr = nixAttrKey.ReplaceAllString(nixCompare.ReplaceAllString(expr, " "), "$1")
		for n := range tainted {
			if containsWord(expr, n) {
				return true
			}
		}
		return nixTokenEnv.MatchString(expr)
	}
	for range 6 { // context = toJSON { inherit netrc; }, then url = "...${context}"
		grew := false
		for _, b := range binds {
			if !tainted[b.name] && carries(b.expr) {
				tainted[b.name], grew = true, true
			}
		}
		if !grew {
			break
		}
	}
	for _, f := range fetches {
		arg := code[f[1]:nixExprEnd(code, f[1])]
		if carries(arg) {
			return f[0]
		}
	}
	return -1
}

// scanNixCredFetch reports a Nix file that sends a credential it reads
// to a server through an evaluation-time fetch (see above).
func scanNixCredFetch(sc *skillCtx, rel, content string) {
	if !strings.Contains(content, "fetch") {
		return
	}
	code := stripHashComments(content)
	if p := nixCredFetch(code); p >= 0 {
		ln := 1 + strings.Count(code[:p], "\n")
		sc.add(rel, ln, "credential-exfil", Critical, "reads credential files or tokens while the Nix file is evaluated and puts them into the URL of a fetch: every nix-shell or nix develop sends them to that server",
			trimmedLine(content, ln))
	}
}
