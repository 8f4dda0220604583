package audit

import (
	"regexp"
	"strings"
)

// Perl's listings of the home folder (rule destructive-command, see
// homewipe.go). A list Perl builds from every entry of home (readdir of
// a handle opendir gave home, glob("$home/*"), <$home/*>, or an array
// assigned one of them, . and .. dropped) and then removes joined to home
// (remove_tree(map { "$home/$_" } @all), or rmtree("$home/$e") in a loop
// over it) is the shell's rm -rf ~/*; so is a File::Find walk of home
// whose wanted sub removes what it is handed. A listing filtered to the
// tool's own names (grep { /^\.myapp-tmp-/ }, next unless $e =~ /.../)
// removes only those and is left alone, except when the names it keeps
// are version control folders (.git, .hg, .svn): a walk of home keeping
// those and removing them is the shell's find ~ -name .git -exec rm -rf,
// every repository's history gone.

var (
	// perlReaddir is a readdir of a handle, its name in group 1.
	perlReaddir = lazyRE(`\breaddir\s*\(?\s*\$?(\w+)`)
	// perlHomeMap is a map of home joined to each element ($_) of the
	// list that follows it: map { "~/$_" } LIST, map { catdir(~, $_) }.
	perlHomeMap = lazyRE(`\bmap\s*\{\s*(?:"~/\$(?:_|\{_\})"|(?:File::Spec->)?cat(?:dir|file)\(\s*~\s*,\s*\$_\s*\)|~\s*\.\s*['"]/['"]\s*\.\s*\$_|~\s*\.\s*"/\$_")\s*;?\s*\}\s*`)
	// perlFindCall is a File::Find walk: find or finddepth and its
	// arguments.
	perlFindCall = lazyRE(`(?:^|[^\w:>$@&])(?:File::Find::)?find(?:depth)?\s*\(`)
	// perlNameKeep is a test in a loop body or wanted sub before the
	// removal that lets only entries whose name matches through: next
	// unless $e =~ /x/, next if $e !~ /x/, if ($e =~ /x/) {, return
	// unless /x/; the loop variable's name replaces VAR.
	perlNameKeep = `(?:\bnext|\breturn)\s+unless\s*\(?\s*(?:VAR\s*=~\s*)?(?:m?/|VAR\s+eq\b)|(?:\bnext|\breturn)\s+if\s*\(?\s*(?:VAR\s*!~|VAR\s+ne\b|!\s*/|!\s*\(?\s*VAR\s*=~)|\bif\s*\(\s*(?:VAR\s*=~|VAR\s+eq\b|m?/)|\bunless\s*\(\s*(?:VAR\s*!~|VAR\s+ne\b)`
	// perlStmtKeep is the same test as a modifier of the removal's own
	// statement: rmtree("$home/$e") if $e =~ /x/, unlink $_ if /x/.
	perlStmtKeep = `\s(?:if|&&)\s*\(?\s*(?:VAR\s*=~|VAR\s+eq\s|m?/)|\sunless\s*\(?\s*(?:VAR\s*!~|VAR\s+ne\s)`
	// perlVCSName is a name test naming a version control folder: eq
	// '.git', /^\.git$/, /^\.(?:git|hg|svn)$/.
	perlVCSName = lazyRE(`\beq\s*['"]\.(?:git|hg|svn)['"]|\\\.\(?(?:\?:)?(?:git|hg|svn)\b`)
	// perlPush is a push onto an array, its name in group 1; the pushed
	// values follow the match.
	perlPush = lazyRE(`\bpush\s*\(?\s*@(\w+)\s*,`)
)

// perlHomeList reports whether Perl list expression l is every entry of
// the home folder ("~" once home is replaced): a readdir of a handle
// opendir gave home, a glob of every entry of home, or an array assigned
// or pushed one, not filtered to chosen names.
func perlHomeList(code, l string, depth int) bool {
	l = strings.TrimSpace(l)
	if depth > 4 || l == "" || selective(l) {
		return false
	}
	if perlWipe.listing.MatchString(l) || strings.HasPrefix(globWipe(l, false), "every entry of the home folder") {
		return true
	}
	if m := perlReaddir.FindStringSubmatch(l); m != nil {
		return regexp.MustCompile(`\bopendir\s*\(?\s*(?:my\s+)?\$?` + regexp.QuoteMeta(m[1]) + `\s*,\s*["']?~/?["']?\s*[),]`).MatchString(code)
	}
	m := regexp.MustCompile(`^@(\w+)$`).FindStringSubmatch(l)
	if m == nil {
		return false
	}
	q := regexp.QuoteMeta(m[1])
	src := regexp.MustCompile(`@` + q + `\s*=[^=~>]([^;]*);|\bpush\s*\(?\s*@` + q + `\s*,([^;]*);`)
	for _, s := range src.FindAllStringSubmatch(code, 8) {
		if perlHomeList(code, s[1]+s[2], depth+1) {
			return true
		}
	}
	return false
}

// perlHomeMapWipe returns what removing a Perl map of home joined to
// each element of a listing of home in expression a destroys: every
// entry of the home folder, or "".
func perlHomeMapWipe(code, a string) string {
	for _, m := range perlHomeMap.FindAllStringIndex(a, 4) {
		if perlHomeList(code, a[m[1]:], 0) {
			return "every entry of the home folder (listed from it)"
		}
	}
	return ""
}

// perlLoopHomeChild judges a removal of one entry of home named by a
// loop's variable ("~/$e", catdir(~, $e)) at offset at: its verdict, and
// whether the loop was found (when not, the caller keeps its own
// reading). The loop must walk a listing of home, and its body up to the
// removal must not keep only the names it matches.
func perlLoopHomeChild(code, a string, at int) (string, bool) {
	m := regexp.MustCompile(`\$\{?(\w+)\}?["']?\s*\)?$`).FindStringSubmatch(strings.TrimSpace(a))
	if m == nil || m[1] == "_" {
		return "", false
	}
	head := regexp.MustCompile(`\bfor(?:each)?\s+(?:my\s+)?\$` + regexp.QuoteMeta(m[1]) + `\s*\(`)
	hs := head.FindAllStringIndex(code[:at], -1)
	if len(hs) == 0 {
		return "", false
	}
	h := hs[len(hs)-1]
	list := balanced(code, h[1]-1)
	list = strings.TrimSuffix(strings.TrimPrefix(list, "("), ")")
	if !perlHomeList(code, list, 0) {
		return "", true
	}
	if perlKept(code, h[1], at, `\$`+regexp.QuoteMeta(m[1])) {
		return "", true
	}
	return "every entry of the home folder (listed from it)", true
}

// perlFindWipe returns what a removal of the path File::Find hands its
// wanted sub ($_, $File::Find::name) at offset at destroys: every file
// under the walk's root when that root is home or a key folder and the
// sub does not keep only names it matches (or keeps only version
// control folders, when the root is home: every repository), or "".
func perlFindWipe(code string, lang *wipeLang, depth, at int) string {
	for _, m := range perlFindCall.FindAllStringIndex(code, 16) {
		call := balanced(code, m[1]-1)
		args := stmtArgs(call)
		if len(args) < 2 {
			continue
		}
		wanted := args[0]
		inside := m[1] <= at && at < m[1]-1+len(call)
		if !inside {
			// a named wanted sub: find(\&purge, $home), wanted => \&purge
			n := regexp.MustCompile(`\\&(\w+)`).FindStringSubmatch(wanted)
			if n == nil {
				continue
			}
			s := regexp.MustCompile(`\bsub\s+` + regexp.QuoteMeta(n[1]) + `\s*\{`).FindStringIndex(code)
			if s == nil || s[1] > at || at >= s[1]+len(balanced(code, s[1]-1)) {
				continue
			}
			wanted = code[s[1]:at]
		} else {
			wanted = code[m[1]:at]
		}
		kept := selective(wanted) || perlKept(code, at-len(wanted), at, `\$(?:_|File::Find::name)`) || strings.Contains(wanted, "-M")
		// kept to version control folders: each repository's history
		stmt := code[at:]
		vcs := kept && perlVCSName.MatchString(wanted+stmt[:perlStmtEnd(stmt)])
		if kept && !vcs {
			continue
		}
		for _, r := range args[1:] {
			t := wipeArgOf(code, r, lang, true, depth+1, false, at)
			switch {
			case t == "" || strings.HasPrefix(t, "every"):
			case vcs && t == "the home folder":
				return "every repository's history in the home folder (each .git, .hg or .svn folder a File::Find walk of it finds)"
			case !vcs:
				return "every file under " + t + " (a File::Find walk of it)"
			}
		}
	}
	return ""
}

// perlKept reports whether the code from offset from to the removal at
// offset at, or the removal's own statement, keeps only the entries
// whose name matches a test of the variable v (a pattern for it).
func perlKept(code string, from, at int, v string) bool {
	if regexp.MustCompile(strings.ReplaceAll(perlNameKeep, "VAR", v)).MatchString(code[from:at]) {
		return true
	}
	stmt := code[at:]
	stmt = stmt[:perlStmtEnd(stmt)]
	return regexp.MustCompile(strings.ReplaceAll(perlStmtKeep, "VAR", v)).MatchString(stmt)
}
