package audit

import (
	"path"
	"regexp"
	"strings"
)

// Haskell removals of folder trees (System.Directory's removePathForcibly
// and removeDirectoryRecursive) whose argument is built in code a few
// steps away from the call (rule destructive-command): a name bound in a
// let or where to a list of paths, walked by forM_ or mapM_, each path
// home (getHomeDirectory) joined with </> or the parent of the working
// folder (takeDirectory of a name bound to getCurrentDirectory, or "..").
// scanHomeWipe (haskellWipe) reads a removal of home joined to a literal
// on the call's line; a "reset" helper that walks a list holding the
// project's parent folder removes every checkout beside the project and
// the project itself, its .git included, as rm -rf .. does. Each path
// of the list is judged as the shell's rm -rf is (wipeTarget), the
// project's parent as itself.

var (
	// hsTreeRemoval is a Haskell removal of a folder tree, the rest of
	// its line after it.
	hsTreeRemoval = lazyRE(`\b(?:removePathForcibly|removeDirectoryRecursive)\b([^\n]*)`)
	// hsLineComment is a Haskell -- comment to the end of its line.
	hsLineComment = lazyRE(`(?m)(?:^|\s)--[^\n]*`)
	// hsBlockComment is a Haskell {- -} comment.
	hsBlockComment = lazyRE(`(?s)\{-.*?-\}`)
	// hsLoopOver is forM_, for_, mapM_ or traverse_ of a list with a
	// lambda, its list in group 1 and its variable in group 2.
	hsLoopOver = lazyRE(`\b(?:forM_|for_|forM|for)\s+(\(?[\w'.]+\)?|\[[^\]\n]*\])\s*(?:\$\s*|\(\s*)\\\s*(\w+)\s*->`)
	// hsCwdBind binds a name to the working folder in a do block (group
	// 1 the name), as datawipe.go's hsHomeBind does to home.
	hsCwdBind = lazyRE(`(?m)^\s*(\w+)\s*<-\s*(?:getCurrentDirectory|makeAbsolute\s+"\.")`)
	// hsMapRemove is a removal mapped over a list (mapM_
	// removePathForcibly xs, forM_ xs removePathForcibly).
	hsMapRemove = lazyRE(`\b(?:mapM_|traverse_|mapM|traverse)\s+(?:removePathForcibly|removeDirectoryRecursive)\s+(\S[^\n]*)|\b(?:forM_|for_|forM|for)\s+(\S+)\s+(?:removePathForcibly|removeDirectoryRecursive)\b`)
)

// scanHaskellTreeWipe reports a Haskell removal of home, a key or
// personal folder in it, a system folder or the project's parent, its
// argument followed through let and where bindings, list literals and
// the lists forM_ and mapM_ walk (see above).
func scanHaskellTreeWipe(sc *skillCtx, rel, content string) {
	if !strings.Contains(content, "removePathForcibly") && !strings.Contains(content, "removeDirectoryRecursive") {
		return
	}
	code := hsBlockComment.ReplaceAllStringFunc(content, blankKeepLines)
	code = hsLineComment.ReplaceAllStringFunc(code, blankKeepLines)
	ev := &hsEval{code: code, home: map[string]bool{}, cwd: map[string]bool{}}
	for _, m := range hsHomeBind.FindAllStringSubmatch(code, 8) {
		ev.home[m[1]] = true
	}
	for _, m := range hsCwdBind.FindAllStringSubmatch(code, 8) {
		ev.cwd[m[1]] = true
	}
	report := func(at int, exprs []string) bool {
		for _, e := range exprs {
			for _, p := range ev.paths(e, 0) {
				if w := hsWipeTarget(p); w != "" {
					ln := 1 + strings.Count(code[:at], "\n")
					sc.add(rel, ln, "destructive-command", Critical, "removes "+w, trimmedLine(content, ln))
					return true
				}
			}
		}
		return false
	}
	for _, m := range hsMapRemove.FindAllStringSubmatchIndex(code, 16) {
		arg := ""
		if m[2] >= 0 {
			arg = code[m[2]:m[3]]
		} else {
			arg = code[m[4]:m[5]]
		}
		if report(m[0], []string{arg}) {
			return
		}
	}
	for _, m := range hsTreeRemoval.FindAllStringSubmatchIndex(code, 16) {
		rest := strings.TrimSpace(code[m[2]:m[3]])
		rest = strings.TrimSpace(strings.TrimPrefix(rest, "$"))
		if rest == "" || importLike.MatchString(code[strings.LastIndexByte(code[:m[0]], '\n')+1:m[0]]) {
			continue
		}
		var args []string
		if rest[0] == '(' || rest[0] == '[' || rest[0] == '"' {
			args = []string{hsBalanced(rest)}
		} else {
			args = []string{strings.Fields(rest)[0]}
		}
		// a lambda's variable: every element of the list the loop walks
		if identRe.MatchString(args[0]) {
			best := ""
			for _, l := range hsLoopOver.FindAllStringSubmatchIndex(code[:m[0]], -1) {
				if code[l[4]:l[5]] == args[0] {
					best = code[l[2]:l[3]]
				}
			}
			if best != "" {
				args = append(args, best)
			}
		}
		if report(m[0], args) {
			return
		}
	}
}

// hsEval evaluates Haskell path expressions by pattern: "~" for home,
// "." for the working folder, joined with </> and takeDirectory.
type hsEval struct {
	code      string
	home, cwd map[string]bool
}

// paths returns the paths expression e may stand for ("~/.cabal",
// "..", a literal), or none it cannot read.
func (ev *hsEval) paths(e string, depth int) []string {
	e = strings.TrimSpace(e)
	for len(e) > 1 && e[0] == '(' && hsBalanced(e) == e {
		e = strings.TrimSpace(e[1 : len(e)-1])
	}
	if depth > 5 || e == "" {
		return nil
	}
	switch {
	case e[0] == '[' && hsBalanced(e) == e:
		var out []string
		for _, el := range stmtArgs("(" + e[1:len(e)-1] + ")") {
			out = append(out, ev.paths(el, depth+1)...)
		}
		return out
	case e[0] == '"' && strings.Count(e, `"`) == 2 && strings.HasSuffix(e, `"`):
		return []string{e[1 : len(e)-1]}
	case strings.HasPrefix(e, "takeDirectory "):
		var out []string
		for _, p := range ev.paths(e[len("takeDirectory "):], depth+1) {
			switch {
			case p == "." || p == "./":
				out = append(out, "..")
			case strings.HasPrefix(p, "."):
				out = append(out, path.Clean(p+"/.."))
			case strings.HasPrefix(p, "~") || strings.HasPrefix(p, "/"):
				out = append(out, path.Dir(p))
			}
		}
		return out
	case strings.Contains(e, "</>"):
		parts := strings.Split(e, "</>")
		heads := ev.paths(parts[0], depth+1)
		for _, part := range parts[1:] {
			tails := ev.paths(part, depth+1)
			if len(tails) != 1 {
				return nil
			}
			for i := range heads {
				heads[i] = strings.TrimSuffix(heads[i], "/") + "/" + tails[0]
			}
		}
		return heads
	case e == "getHomeDirectory":
		return []string{"~"}
	case e == "getCurrentDirectory":
		return []string{"."}
	case identRe.MatchString(e):
		if ev.home[e] {
			return []string{"~"}
		}
		if ev.cwd[e] {
			return []string{"."}
		}
		// a let or where binding: name = expression (a list may run on
		// over the next lines)
		re := regexp.MustCompile(`(?m)^\s*(?:let\s+)?` + regexp.QuoteMeta(e) + `\s*=\s*`)
		var out []string
		for _, m := range re.FindAllStringIndex(ev.code, 4) {
			rest := strings.TrimLeft(ev.code[m[1]:], " \t\n")
			val := rest
			if rest != "" && (rest[0] == '[' || rest[0] == '(') {
				val = hsBalanced(rest)
			} else if i := strings.IndexByte(rest, '\n'); i >= 0 {
				val = rest[:i]
			}
			out = append(out, ev.paths(val, depth+1)...)
		}
		return out
	}
	return nil
}

// hsWipeTarget returns what removing p destroys: the project's parent
// folder ("..": every checkout beside the project, and the project with
// its history) or what wipeTarget says of it.
func hsWipeTarget(p string) string {
	if p != "" && p[0] != '~' && p[0] != '/' {
		p = path.Clean(p) // ./.. is ..
	}
	if p == ".." {
		return "the parent folder of the project (every checkout beside it, and the project itself with its .git)"
	}
	return wipeTarget(p)
}

// hsBalanced returns the bracketed (or quoted) expression s starts with,
// brackets balanced and strings skipped, or s when it does not close.
func hsBalanced(s string) string {
	if s != "" && s[0] == '"' {
		if j := stringEnd(s, 0, true); j < len(s) {
			return s[:j+1]
		}
		return s
	}
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"':
			i = stringEnd(s, i, true)
		case '(', '[':
			depth++
		case ')', ']':
			depth--
			if depth == 0 {
				return s[:i+1]
			}
		}
	}
	return s
}

// blankKeepLines replaces a match with spaces, its line breaks kept.
func blankKeepLines(m string) string {
	b := []byte(m)
	for i, c := range b {
		if c != '\n' {
			b[i] = ' '
		}
	}
	return string(b)
}
