package audit

import (
	"regexp"
	"strings"
)

// Removal of the home folder, or of every entry in it, in Perl, Ruby and Go
// (rule destructive-command). Perl's File::Path remove_tree and rmtree,
// Ruby's FileUtils.rm_rf and friends, and unlink or File.delete over a
// listing of home (readdir, glob, Dir.children) wipe the user's files as
// rm -rf ~ does; the shell, Python and JavaScript forms are read
// elsewhere. The code is read by pattern: every expression for the home
// folder, and every variable assigned one, becomes "~"; then each
// removal's arguments, followed through the variables they name, are
// judged as the shell's rm -rf is (wipeTarget: home, a key folder in
// home, a system folder), and a list built from a listing of home itself
// is every entry of home.

// wipeLang is one language's removal calls and home expressions.
type wipeLang struct {
	// home are the expressions for the home folder.
	home *lazyRegexp
	// tree are the calls that remove folders recursively; files those
	// that remove files (only a listing of home counts for them).
	tree, files *lazyRegexp
	// homeVar is an assignment of the home folder ("~" once the home
	// expressions are replaced) to a variable, its name in group 1.
	homeVar *lazyRegexp
	// listing lists the entries of the home folder.
	listing *lazyRegexp
	// sigils are the characters a variable's name starts with.
	sigils string
	// concat, when set, is home joined to a string by concatenation
	// (Lua's ~ .. "/x"), its quote in group 1: read as "~/x".
	concat *lazyRegexp
	// rewrite, when set, rewrites the code once home is written as ~
	// (Rust's ~.join(".ssh") as "~/.ssh").
	rewrite func(string) string
	// filtered, when set, reports whether the removal at an offset of
	// the rewritten code is reached only by entries whose name passes a
	// test (a cache cleaner's prefix), so a listing it removes from is
	// not emptied.
	filtered func(code string, at int) bool
}

var (
	perlWipe = &wipeLang{
		home:    lazyRE(`\$ENV\{\s*['"]?(?:HOME|USERPROFILE)['"]?\s*\}|File::HomeDir->my_home|File::HomeDir::my_home\(\)|\(\s*getpwuid\s*\(?\s*\$<\s*\)?\s*\)\s*\[\s*7\s*\]|(?:bsd_)?glob\(\s*['"]~/?['"]\s*\)`),
		tree:    lazyRE(`\b(?:File::Path::)?(?:remove_tree|rmtree)\b`),
		files:   lazyRE(`\bunlink\b`),
		homeVar: lazyRE(`\$(\w+)\s*=\s*["']?~/?["']?\s*(?:(?:\|\||//|\bor\b)[^;]*)?;`),
		listing: lazyRE(`opendir\s*\(?\s*(?:my\s+)?[\$\w]+\s*,\s*["']?~/?["']?\s*\)?|\bglob\s*\(?\s*["']~/\.?\*["']|<\s*~/\.?\*\s*>`),
		sigils:  "$@",
	}
	rubyWipe = &wipeLang{
		home:    lazyRE(`\bDir\.home\b(?:\(\))?|\bENV\[\s*['"](?:HOME|USERPROFILE)['"]\s*\]|\bENV\.fetch\(\s*['"]HOME['"]\s*\)|\bFile\.expand_path\(\s*['"]~/?['"]\s*\)|\bGem\.user_home\b`),
		tree:    lazyRE(`\bFileUtils\.(?:rm_rf|rm_r|remove_dir|remove_entry(?:_secure)?|rmtree|remove_tree)\b`),
		files:   lazyRE(`\b(?:FileUtils\.(?:rm|rm_f|remove)|File\.(?:delete|unlink))\b`),
		homeVar: lazyRE(`(?m)^\s*(\w+)\s*=\s*["']?~/?["']?\s*(?:(?:\|\||\bor\b).*)?$`),
		listing: lazyRE(`\bDir\.(?:children|entries|each_child|foreach|glob|\[\])\s*[\(\[]?\s*(?:["']?~/?["']?|File\.join\(\s*~\s*,\s*['"]\.?\*['"]\s*\)|["']~/\.?\*["'])\s*[,\)\]]`),
		sigils:  "",
	}
	luaWipe = &wipeLang{
		home:    lazyRE(`\bos\.getenv\(\s*["'](?:HOME|USERPROFILE)["']\s*\)|\bvim\.env\.HOME\b|\bvim\.fn\.(?:expand|getenv)\(\s*["'](?:~/?|\$HOME|HOME)["']\s*\)|\b(?:vim\.uv|vim\.loop|uv|luv)\.os_homedir\(\)`),
		tree:    lazyRE(`\bvim\.fn\.delete\b|\bvim\.fs\.rm\b`),
		files:   lazyRE(`\bos\.remove\b`),
		homeVar: lazyRE(`(?m)^\s*(?:local\s+)?(\w+)\s*=\s*["']?~/?["']?\s*(?:\bor\b.*)?$`),
		listing: lazyRE(`\bvim\.fn\.readdir\(\s*["']?~/?["']?\s*\)|\bvim\.fs\.dir\(\s*["']?~/?["']?\s*\)|\bvim\.fn\.glob\(\s*["']~/\.?\*["']`),
		concat:  lazyRE(`~\s*\.\.\s*(["'])`),
		sigils:  "",
	}
	goWipe = &wipeLang{
		home:    lazyRE(`\bos\.UserHomeDir\(\)|\bos\.Getenv\(\s*"(?:HOME|USERPROFILE)"\s*\)`),
		tree:    lazyRE(`\bos\.RemoveAll\b`),
		files:   lazyRE(`\bos\.Remove\b`),
		homeVar: lazyRE(`(?m)^\s*(?:var\s+)?(\w+)\s*(?:,\s*\w+\s*)?:?=\s*~\s*$`),
		listing: lazyRE(`\b(?:os|ioutil)\.ReadDir\(\s*~\s*\)|\bfilepath\.Glob\(\s*(?:filepath\.Join\(\s*~\s*,\s*"\*"\s*\)|~\s*\+\s*"/\*")\s*\)`),
		sigils:  "",
	}
)

// scanHomeWipe reports a removal of the home folder, a key or system
// folder, or every entry of home, in Perl (perlWipe), Ruby (rubyWipe),
// Go (goWipe), Lua (luaWipe) or Rust (rustWipe) code.
func scanHomeWipe(sc *skillCtx, rel, text string, lang *wipeLang) {
	if !lang.tree.MatchString(text) && !lang.files.MatchString(text) {
		return
	}
	code := homeInterpRe.ReplaceAllString(lang.home.ReplaceAllString(stripHashComments(text), "~"), "~")
	// variables holding the home folder become ~ too ($home, then
	// "$home/.ssh")
	for _, m := range lang.homeVar.FindAllStringSubmatch(code, 8) {
		sigil := ""
		if lang.sigils != "" {
			sigil = `\$`
		}
		// interpolated first ("#{home}/x", "${home}/x"), then bare
		code = regexp.MustCompile(`[#$]\{\s*`+sigil+regexp.QuoteMeta(m[1])+`\s*\}`).ReplaceAllString(code, "~")
		code = regexp.MustCompile(`(^|[^\w.])`+sigil+`\{?`+regexp.QuoteMeta(m[1])+`\}?\b([^\[{\w(]|$)`).ReplaceAllString(code, "$1~$2")
		code = homeInterpRe.ReplaceAllString(code, "~")
	}
	if lang.concat != nil {
		code = lang.concat.ReplaceAllString(code, "$1~")
	}
	if lang.rewrite != nil {
		code = lang.rewrite(code)
	}
	for _, re := range []*lazyRegexp{lang.tree, lang.files} {
		for _, m := range re.FindAllStringIndex(code, 16) {
			// a sub's body opened on the same line (find(sub { unlink
			// $_ }, …)) is code that runs, not a definition
			pre := subOpener.ReplaceAllString(code[strings.LastIndexByte(code[:m[0]], '\n')+1:m[0]], "")
			if importLike.MatchString(pre) {
				continue // an import (use File::Path qw(rmtree)) or a definition
			}
			what := ""
			for _, a := range stmtArgs(code[m[1]:]) {
				if what = wipeArgOf(code, a, lang, re == lang.tree, 0, false, m[0]); what != "" {
					break
				}
			}
			if what == "" || lang.filtered != nil && strings.HasPrefix(what, "every entry") && lang.filtered(code, m[0]) {
				continue
			}
			ln := 1 + strings.Count(code[:m[0]], "\n")
			sc.add(rel, ln, "destructive-command", Critical, "removes "+what, trimmedLine(text, ln))
			return
		}
	}
}

var (
	// importLike is what precedes a removal's name on its line when it
	// is imported or defined, not called: use, require, qw, sub, func.
	importLike = lazyRE(`\b(?:use|require|import|qw|sub|func|def)\b|\\&\s*$|->\s*$`)
	// subOpener is the opening of a Perl sub's body, named or not.
	subOpener = lazyRE(`\bsub\s*(?:\w+\s*)?\{`)
	// homeInterpRe is the home folder interpolated in a Ruby or Perl
	// string once replaced by ~: "#{~}/x", "${~}/x".
	homeInterpRe = lazyRE(`[#$]\{\s*~\s*\}`)
	// homeChild is a path of one entry straight under home named by a
	// variable: "~/$e", "~/#{e}", File.join(~, e), catfile(~, $e).
	homeChild = lazyRE(`^["']~/(?:\$\{?\w+\}?|#\{\s*\w+\s*\}|\$_)["']$|^(?:File\.join|File::Spec->cat(?:file|dir)|cat(?:file|dir)|filepath\.Join|path\.Join)\(\s*~\s*,\s*[\$\w]+(?:\.Name\(\))?\s*\)$`)
	// keepFilter is a grep, select or filter block that keeps only some
	// entries (a pattern to match, an eq), not one that only drops . and
	// .. or other names.
	listFilter  = lazyRE(`\bgrep\s*\{([^}]*)\}|\bgrep\s*\(?\s*(/[^/]*/)|\.(?:select|filter|grep)\b`)
	listNegated = lazyRE(`!~?\s*/[^/\n]*/|\bne\s+['"][^'"]*['"]|\bunless\b[^}]*`)
)

// wipeArgOf returns what removing the argument a (or, when parent is
// set, its parent folder: File.dirname(a)) of the removal at offset at
// destroys ("the home folder", "every entry of the home folder"...),
// following a variable to its assignments or the list its loop walks,
// or "".
func wipeArgOf(code, a string, lang *wipeLang, tree bool, depth int, parent bool, at int) string {
	a = strings.TrimSpace(a)
	if depth > 4 || a == "" || strings.HasPrefix(a, "{") {
		return ""
	}
	if m := wipeWrap.FindStringSubmatch(a); m != nil {
		fn := a[:strings.IndexByte(a, '(')]
		up := strings.Contains(fn, "dirname") || strings.HasSuffix(fn, ".Dir") || strings.Contains(fn, "fnamemodify")
		return wipeArgOf(code, m[1], lang, tree, depth+1, parent || up, at)
	}
	if w := globWipe(a, parent); w != "" && !selective(a) && (tree || strings.HasPrefix(w, "every entry")) {
		return w
	}
	if lang.listing.MatchString(a) {
		if selective(a) {
			return ""
		}
		return "every entry of the home folder (listed from it)"
	}
	if homeChild.MatchString(a) {
		if lang == perlWipe {
			// a loop's variable: judged by the list the loop walks
			if w, found := perlLoopHomeChild(code, a, at); found {
				return w
			}
		}
		if lang.listing.MatchString(code) {
			return "every entry of the home folder (listed from it)"
		}
	}
	if w := listedChildWipe(code, a, lang, depth, at); w != "" {
		return w
	}
	// a path: ~ (home, however it was written) or an absolute one; an
	// empty string is no path (wipeTarget reads "" as /)
	if p := strings.Trim(a, `"'`); tree && (strings.HasPrefix(p, "~") || strings.HasPrefix(p, "/")) {
		if t := wipeTarget(strings.TrimSuffix(p, "/")); t != "" {
			return t
		}
	}
	// a map of home joined to each element of a list: each path it makes,
	// or every entry of home when the list is a listing of it
	if lang == perlWipe && strings.Contains(a, "map") && !selective(a) {
		if w := homeMapWipe(code, a); w != "" {
			return w
		}
		if w := perlHomeMapWipe(code, a); w != "" {
			return w
		}
	}
	// the path File::Find hands a wanted sub walking home
	if lang == perlWipe && (a == "$_" || a == "$File::Find::name") {
		if w := perlFindWipe(code, lang, depth, at); w != "" {
			return w
		}
	}
	name := strings.TrimLeft(a, lang.sigils)
	if !identRe.MatchString(name) {
		return ""
	}
	re := regexp.MustCompile(`(?:^|[^\w])[` + regexp.QuoteMeta(lang.sigils+"_") + `]?` + regexp.QuoteMeta(name) + `\s*(?:,\s*[\w$@]+\s*)*:?=[^=~>]`)
	for _, m := range re.FindAllStringIndex(code, 4) {
		val := stmtArgs(code[m[1]-1:])
		if w := wipeArgOf(code, strings.Join(val, ","), lang, tree, depth+1, parent, at); w != "" {
			return w
		}
	}
	// a Perl array filled by push (push @stale, $File::Find::name if
	// ...): each value pushed, judged where it is pushed
	if lang == perlWipe && strings.HasPrefix(a, "@") {
		for _, m := range perlPush.FindAllStringSubmatchIndex(code, 16) {
			if code[m[2]:m[3]] != name {
				continue
			}
			for _, v := range stmtArgs(code[m[1]:]) {
				if w := wipeArgOf(code, v, lang, tree, depth+1, parent, m[0]); w != "" {
					return w
				}
			}
		}
	}
	// Perl's $_ of a statement modifier (remove_tree($_) for @dirs):
	// every entry of the list after for or foreach
	if lang == perlWipe && a == "$_" {
		if l := perlModifierList(code, at); l != "" {
			return wipeArgOf(code, l, lang, tree, depth+1, parent, at)
		}
	}
	// a loop's variable: every entry of the list the loop walks
	if l := loopListOf(code, name, at); l != "" && l != a {
		return wipeArgOf(code, l, lang, tree, depth+1, parent, at)
	}
	return ""
}

// selective reports whether a listing is filtered to chosen entries (a
// grep or select that matches a pattern), not merely rid of . and ..
// or of names it leaves alone.
func selective(expr string) bool {
	for _, m := range listFilter.FindAllStringSubmatch(expr, 4) {
		if strings.HasPrefix(m[0], ".") {
			return true
		}
		body := listNegated.ReplaceAllString(m[1]+m[2], "")
		if strings.Contains(body, "/") || strings.Contains(body, "=~") || strings.Contains(body, " eq ") || strings.Contains(body, "-M") {
			return true
		}
	}
	return false
}

// stmtArgs splits the rest of a statement (after a call's name, with or
// without parentheses, up to its ; or line end at the top level, or a
// Perl or Ruby statement modifier: if, unless) into top-level arguments.
func stmtArgs(s string) []string {
	s = strings.TrimLeft(s, " \t")
	paren := strings.HasPrefix(s, "(")
	if paren {
		s = s[1:]
	}
	var out []string
	depth, start := 0, 0
	end := func(i int) []string {
		if a := strings.TrimSpace(s[start:i]); a != "" {
			out = append(out, a)
		}
		return out
	}
	for i := 0; i < len(s) && i < 4000; i++ {
		switch ch := s[i]; ch {
		case '\'', '"', '`':
			i = stringEnd(s, i, false)
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth == 0 {
				return end(i)
			}
			depth--
		case ',':
			if depth == 0 {
				end(i)
				start = i + 1
			}
		case ';', '\n':
			if depth == 0 && (ch == ';' || !paren) {
				return end(i)
			}
		default:
			if depth == 0 && !paren && (strings.HasPrefix(s[i:], " if ") || strings.HasPrefix(s[i:], " unless ")) {
				return end(i)
			}
		}
	}
	return end(min(len(s), 4000))
}

// stripHashComments blanks whole-line # comments and POD blocks (=pod
// to =cut) to spaces, so offsets and lines stay those of text; a # after
// code may be inside a string or pattern and is left.
func stripHashComments(text string) string {
	lines := strings.Split(text, "\n")
	pod := false
	for i, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case pod:
			if strings.HasPrefix(l, "=cut") {
				pod = false
			}
			lines[i] = strings.Repeat(" ", len(l))
		case strings.HasPrefix(l, "=") && len(l) > 1 && l[1] >= 'a' && l[1] <= 'z':
			pod = true
			lines[i] = strings.Repeat(" ", len(l))
		case strings.HasPrefix(t, "#") && !strings.HasPrefix(t, "#{"):
			lines[i] = strings.Repeat(" ", len(l))
		}
	}
	return strings.Join(lines, "\n")
}

// perlModifierList returns the list of the for or foreach statement
// modifier that ends the Perl statement holding offset at (remove_tree($_,
// {…}) for @legacy;), or "": that statement runs once for each element,
// $_ bound to it.
func perlModifierList(code string, at int) string {
	stmt := code[at:]
	stmt = stmt[:perlStmtEnd(stmt)]
	depth := 0
	for i := 0; i < len(stmt); i++ {
		switch stmt[i] {
		case '\'', '"', '`':
			i = stringEnd(stmt, i, true)
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case ' ', '\t', '\n':
			if depth != 0 {
				continue
			}
			rest := stmt[i+1:]
			for _, kw := range []string{"foreach", "for"} {
				if strings.HasPrefix(rest, kw) && len(rest) > len(kw) && isRESpace(rest[len(kw)]) {
					return strings.TrimSpace(rest[len(kw):])
				}
			}
		}
	}
	return ""
}
