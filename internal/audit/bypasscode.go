package audit

import (
	"path"
	"strings"
)

// Rule approval-bypass in the programs of languages read by pattern:
// Ruby, Perl, PHP, Go, C# and Rust. A setup program that writes
// `defaultMode = "bypassPermissions"` into ~/.claude/settings.json, or
// `approval_policy = "never"` into ~/.codex/config.toml, turns the agent's
// approvals off as a Python one does, so the switch it sets is read the
// same way (scanBypass over the code with its comments blanked): high,
// and low on a line that only compares the settings with it or prints a
// warning naming it (scriptReadsSwitch, bypassread.go).
//
// A checker also names the switches in a list it compares the settings
// against (`FORBIDDEN = ["bypassPermissions", "danger-full-access"]`,
// `my @FORBIDDEN = qw(…)`, `var forbidden = []string{…}`): the list's line
// is a value bound to a name, but what the program does with it is read
// from the name's uses (checkListSwitch): a list whose every use is a
// membership test, a lookup printed, or a loop whose variable is only
// compared or printed sets nothing (low, in every language the rule
// reads as a script, Lua's too); any other use (a write, an item copied
// into the settings, an argument to another function) keeps it high.

// scanOtherBypass reports approval-bypass switches set by a Ruby, Perl,
// PHP, Go, C# or Rust program (lang, the extension's language) in
// content.
func scanOtherBypass(sc *skillCtx, rel, content, lang string) {
	if !sc.hints.bypass {
		return
	}
	scanBypass(sc, rel, plusLiteralsJoined(codeCommentsBlanked(content, lang)), 1, inScript)
}

// plusLiteral is two double-quoted literals joined by + ("bypass" +
// "Permissions").
var plusLiteral = lazyRE(`"([^"\\\n]*)"\s*\+\s*"([^"\\\n]*)"`)

// plusLiteralsJoined returns code with each run of double-quoted literals
// joined by + replaced by the one literal they make, padded with spaces
// to the same length (offsets and lines kept): a switch's value split in
// two ("bypass" + "Permissions") is the value the program writes.
func plusLiteralsJoined(code string) string {
	for range 4 {
		if !strings.Contains(code, `" +`) && !strings.Contains(code, `"+`) {
			return code
		}
		next := plusLiteral.ReplaceAllStringFunc(code, func(m string) string {
			g := plusLiteral.FindStringSubmatch(m)
			j := `"` + g[1] + g[2] + `"`
			return j + strings.Repeat(" ", len(m)-len(j))
		})
		if next == code {
			return code
		}
		code = next
	}
	return code
}

// codeCommentsBlanked returns content with the comments of lang ("ruby",
// "perl", "php", "go", "cs", "rust") blanked to spaces, lines and offsets
// kept: // and /* */ outside strings in the C-like ones, whole-line #
// comments in Ruby, Perl and PHP, and Ruby's =begin/=end and Perl's POD
// blocks. A # after code in Ruby or Perl may stand inside a string or a
// pattern and is left.
func codeCommentsBlanked(content, lang string) string {
	switch lang {
	case "go", "cs", "rust":
		return stripComments(content, kindJS)
	case "php":
		return blankHashLines(stripComments(content, kindJS), "")
	case "ruby":
		return blankHashLines(content, "=end")
	}
	return blankHashLines(content, "=cut")
}

// blankHashLines blanks whole-line # comments (not Ruby's #{…}) and the
// documentation blocks that start at a line beginning with = and a
// letter and end at a line beginning with end (=cut in Perl, =end in
// Ruby; "" for none).
func blankHashLines(text, end string) string {
	lines := strings.Split(text, "\n")
	doc := false
	for i, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case doc:
			doc = !strings.HasPrefix(l, end)
		case end != "" && len(l) > 1 && l[0] == '=' && l[1] >= 'a' && l[1] <= 'z':
			doc = true
		case strings.HasPrefix(t, "#") && !strings.HasPrefix(t, "#{") && !strings.HasPrefix(t, "#["):
		default:
			continue
		}
		lines[i] = strings.Repeat(" ", len(l))
	}
	return strings.Join(lines, "\n")
}

// otherBypassLang names the language of rel read for approval-bypass
// switches by scanOtherBypass ("" for none): by extension, else by the
// #! line (shebang).
func otherBypassLang(rel, shebang string) string {
	switch ext := strings.ToLower(path.Ext(rel)); {
	case ext == ".php" || strings.Contains(shebang, "php"):
		return "php"
	case ext == ".pl" || ext == ".pm" || strings.Contains(shebang, "perl"):
		return "perl"
	case ext == ".rb" || strings.Contains(shebang, "ruby"):
		return "ruby"
	case ext == ".go":
		return "go"
	case ext == ".cs" || ext == ".csx":
		return "cs"
	case ext == ".rs":
		return "rust"
	case bypassCLikeExts()[ext]:
		return "go" // // and /* */ comments
	case bypassHashExts()[ext]:
		return "hash"
	}
	return ""
}

// bypassCLikeExts and bypassHashExts are the other languages read by
// pattern whose programs write an agent's settings as often as Go's or
// Ruby's do (a Dart or Kotlin tool, a Nushell or Nim installer, a
// cargo-generate template's Rhai hook that runs after the project is
// rendered), by comment style.
var (
	bypassCLikeExts = lazySet(".dart", ".groovy", ".gradle", ".java", ".kt", ".kts", ".scala", ".sbt", ".sc", ".swift", ".zig", ".rhai")
	bypassHashExts  = lazySet(".nim", ".nims", ".nimble", ".cr", ".tcl", ".raku", ".rakumod", ".nu", ".janet", ".ex", ".exs",
		".jl", ".r", ".hs", ".clj", ".cljc", ".bb", ".fnl", ".bzl", ".star", ".cmake", ".xsh")
)

var (
	// listBindEq finds the assignment before a collection's opening
	// bracket on its line: NAME =, NAME :=, a constant's =>.
	listBindEq = lazyRE(`(?:^|[^=!<>~+\-*/%&|^.])(:?=>?)\s*([^=;,'"\x60]*)$`)
	// listBindDefine is PHP's define('NAME', [ and Perl's use constant.
	listBindDefine = lazyRE(`\bdefine\s*\(\s*['"](\w+)['"]\s*,\s*$`)
	// listNameEnd is the name an assignment's left side ends with, after
	// declaration words and a type (static readonly string[] Forbidden,
	// my @FORBIDDEN, $Forbidden, [string[]]$Forbidden, local FORBIDDEN).
	listNameEnd = lazyRE(`(?:^|[\s\]*&(])([$@%]?[A-Za-z_]\w*)\s*$`)
	// listCtorWord is a word that may stand between the = and the
	// collection's bracket: a constructor, a collection type or a
	// literal prefix (new Set([, frozenset({, []string{, map[string]bool{,
	// %w[, qw(, Set[, vec![, HashSet::from([, setOf(, @( ).
	listCtorWord = lazyRE(`^(?:new|Set|set|frozenset|tuple|list|Array|HashSet|BTreeSet|SortedSet|List|ImmutableHashSet|ImmutableArray|ImmutableList|FrozenSet|ReadOnlySet|Vec|vec|from|of|setOf|listOf|arrayOf|mutableSetOf|hashSetOf|mutableListOf|Arrays|asList|Collections|unmodifiableSet|unmodifiableList|string|String|str|bool|boolean|int|any|interface|struct|map|Map|dict|array|w|W|i|I|qw|std|collections|HashMap|BTreeMap|Dictionary|StringComparer|Ordinal|OrdinalIgnoreCase|readonly|const|as|static)$`)
	// listTestBefore is the code before a list's name that tests a value
	// against the list (m in L, m -in $L, in_array($m, L, slices.Contains(L,
	// grep { $_ eq $m } @L, len(L)).
	listTestBefore = lazyRE(`(?:\b(?:not\s+)?in|\s-(?:in|notin)|\b(?:in_array|array_search|array_key_exists|slices\.Contains|slices\.Index|Array\.IndexOf|Array\.Exists|len|count|scalar|sizeof|length|isset|exists)\s*\((?:[^()\n]*,\s*)?|\b(?:grep|any|first|none|all)\s*\{[^}\n]*\}\s*,?\s*|\bexists\s+)\s*$`)
	// listTestAfter is the code after a list's name that tests a value
	// against it or takes its size (.include?(m), .includes(m),
	// .Contains(m), .has(m), -contains $m, .iter().any(…), .length).
	listTestAfter = lazyRE(`^\s*(?:\.\s*(?:include\?|includes\?|has_key\?|key\?|member\?|(?:includes|contains|Contains|containsKey|ContainsKey|has|indexOf|IndexOf|index|find_index|count|Count|length|size|len|Length)\b)|\.\s*iter\(\)\s*\.\s*(?:any|all|position)\b|\s*-(?:contains|notcontains)\b)`)
	// listLookupAfter is a lookup by a variable key or a get: it gives
	// the item a key names, read where the line sets nothing.
	listLookupAfter = lazyRE(`^\s*(?:\[\s*\$?[A-Za-z_][\w.]*\s*\]|\{\s*\$?[A-Za-z_]\w*\s*\}|\.\s*(?:get|fetch|dig)\s*\()`)
	// listLoopBefore is a loop header ending at the list's name: for b in
	// L, for (const b of L), foreach (var b in L), for _, b in ipairs(L),
	// for my $b (@L), for _, b := range L, and a row's items unpacked
	// (for (const [p, m] of L), for (p, m) in L); its groups name its
	// variables.
	listLoopBefore = lazyRE(`\bfor(?:each)?\s*\(?\s*(?:(?:const|let|var|my|our|local|auto|final|mut|\w+)\s+)?(?:\$?(\w+)(?:\s*,\s*\$?(\w+))?|[\[(]([^\])\n]*)[\])])\s*(?::\s*\w+\s*)?\s+(?:in|of)\s+\(?\s*(?:&|i?pairs\s*\(|enumerate\s*\(|sorted\s*\()?\s*$|\bfor(?:each)?\s+(?:my\s+|our\s+)?\$(\w+)\s*\(\s*$|\bfor\s+(\w+)\s*(?:,\s*(\w+))?\s*:?=\s*range\s+$`)
	// listLoopAfter is a loop or a test with a callback written after the
	// list's name: L.each do |b|, L.forEach((b) =>, L.some((b) =>,
	// L.any? { |b|, L.forEach(([p, m]) =>, PHP's foreach (L as $b) and foreach (L as [$p, $m])
	// or list($p, $m); groups name its variables.
	listLoopAfter = lazyRE(`^\s*(?:\.\s*(?:each|each_with_index|each_key|each_value|each_pair|any\?|all\?|none\?|find|detect|select|filter|some|every|forEach|Any|All|Where|iter\(\)\s*\.\s*(?:any|all|find|filter|for_each))\s*(?:do\s*\|([^|\n]*)\||[({]\s*(?:\|([^|\n]*)\||(?:function\s*)?\(?\s*(\w+)\s*(?:,\s*\w+\s*)?\)?\s*(?:=>|->)|\(\s*\[([^\]\n]*)\]\s*(?:,\s*\w+\s*)?\)\s*=>))|\s+as\s+\$(\w+)(?:\s*=>\s*\$(\w+))?|\s+as\s+(?:\$\w+\s*=>\s*)?(?:\[|list\s*\()([^\])\n]*)[\])])`)
	// goAnonStruct is a Go anonymous struct type written on one line
	// (struct{ sig, why string }).
	goAnonStruct = lazyRE(`\bstruct\s*\{[^{}\n]*\}`)
	// listLoopForeach is PHP's foreach ( before the list's name.
	listLoopForeach = lazyRE(`\bforeach\s*\(\s*$`)
)

// checkListSwitch reports whether the switch text[s:e], in a script, is
// an item (or key) of a collection literal bound to a name that the
// script only checks values against (see above): every use of the name
// elsewhere in text is a membership test, a size, a lookup or print on a
// line that sets nothing, or a loop whose variable is only compared or
// printed.
func checkListSwitch(text string, s, e int) bool {
	open := enclosingOpener(text, s)
	if open < 0 || !listItemAt(text, open, s) {
		return false
	}
	name, start := listBinding(text, open)
	if name == "" {
		// a row of a table of checks ({ '"bypassPermissions"', "no
		// prompts" } inside FORBIDDEN = { … }): the table's name
		outer := enclosingOpener(text, open)
		if outer < 0 || !rowItemAt(text, outer, open) {
			return false
		}
		open = outer
		if name, start = listBinding(text, open); name == "" {
			return false
		}
	}
	end := closerOf(text, open)
	if end < 0 {
		return false
	}
	uses := 0
	bare := strings.TrimLeft(name, "$@%")
	fold := strings.HasPrefix(name, "$") // PowerShell's names are case-blind
	for off := 0; off < len(text) && uses <= 64; {
		i := indexWord(text[off:], bare, fold)
		if i < 0 {
			break
		}
		at := off + i
		off = at + len(bare)
		if at >= start && at < end {
			continue
		}
		if commentLine(text, at) || inQuotedString(text, at) {
			continue // words of a comment or a message
		}
		uses++
		if !listUseReads(text, at, at+len(bare)) {
			return false
		}
	}
	return uses > 0 && uses <= 64
}

// enclosingOpener returns the offset of the innermost bracket ((, [, {)
// left open before off, searched from up to 40 lines back, or -1.
func enclosingOpener(text string, off int) int {
	ls := strings.LastIndexByte(text[:off], '\n') + 1
	for n := 0; n < 40; n++ {
		if o := lastOpen(text[ls:off]); o >= 0 {
			return ls + o
		}
		if ls == 0 {
			return -1
		}
		ls = strings.LastIndexByte(text[:ls-1], '\n') + 1
	}
	return -1
}

// lastOpen returns the offset in s of the innermost bracket left open at
// its end, skipping string literals, or -1.
func lastOpen(s string) int {
	var stack []int
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\'', '`':
			if j := strings.IndexByte(s[i+1:], c); j >= 0 && !strings.Contains(s[i+1:i+1+j], "\n") {
				i += j + 1
			}
		case '(', '[', '{':
			stack = append(stack, i)
		case ')', ']', '}':
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		}
	}
	if len(stack) == 0 {
		return -1
	}
	return stack[len(stack)-1]
}

// closerOf returns the offset just past the bracket closing the one at
// open (within 8,000 bytes, skipping string literals), or -1.
func closerOf(text string, open int) int {
	depth := 0
	for i := open; i < len(text) && i < open+8000; i++ {
		switch c := text[i]; c {
		case '"', '\'', '`':
			if j := strings.IndexByte(text[i+1:], c); j >= 0 && !strings.Contains(text[i+1:i+1+j], "\n") {
				i += j + 1
			}
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			if depth == 0 {
				return i + 1
			}
		}
	}
	return -1
}

// listItemAt reports whether the literal holding offset s is an item (or
// a key) of the collection opened at open: only blanks and a quote stand
// between it and the opening bracket or the comma before it, and a comma,
// the closing bracket, a key's : or => or the line's end follows it. In
// a word list (%w[…], qw(…)) every word is an item.
func listItemAt(text string, open, s int) bool {
	pre := strings.TrimRight(text[strings.LastIndexByte(text[:open], '\n')+1:open], " \t")
	if strings.HasSuffix(pre, "qw") || strings.HasSuffix(pre, "%w") || strings.HasSuffix(pre, "%W") || strings.HasSuffix(pre, "%i") {
		return true
	}
	// a switch quoted inside a longer literal ('"bypassPermissions"',
	// '--mode=bypassPermissions'): the item is the whole literal
	ls, le := lineBounds(text, s)
	if _, lit := blankLiterals(text[ls:le], s-ls, s-ls+1); lit != nil && ls+lit[0] > open && ls+lit[0]+1 < s {
		s = ls + lit[0] + 1
	}
	q := byte(0)
	if s > 0 && strings.IndexByte("\"'`", text[s-1]) >= 0 {
		q = text[s-1]
	}
	lead := text[open+1 : s]
	if q != 0 {
		lead = lead[:len(lead)-1]
	}
	if i := strings.LastIndexByte(lead, ','); i >= 0 {
		lead = lead[i+1:]
	}
	if strings.TrimSpace(lead) != "" && strings.TrimSpace(lead) != "@" && strings.TrimSpace(lead) != "$" {
		return false
	}
	if q == 0 {
		return false
	}
	close := strings.IndexByte(text[s:], q)
	if close < 0 || strings.Contains(text[s:s+close], "\n") {
		return false
	}
	rest := strings.TrimLeft(text[s+close+1:], " \t")
	return rest == "" || strings.IndexByte(",)]}:\n\r", rest[0]) >= 0 || strings.HasPrefix(rest, "=>")
}

// rowItemAt reports whether the collection opened at row is an item of
// the one opened at open: only blanks stand between it and the opening
// bracket or the comma before it, and its closing bracket is followed by
// a comma, the outer closing bracket or the line's end.
func rowItemAt(text string, open, row int) bool {
	lead := text[open+1 : row]
	if i := strings.LastIndexByte(lead, ','); i >= 0 {
		lead = lead[i+1:]
	}
	if strings.TrimSpace(lead) != "" {
		return false
	}
	end := closerOf(text, row)
	if end < 0 {
		return false
	}
	rest := strings.TrimLeft(text[end:], " \t")
	return rest == "" || strings.IndexByte(",;)]}\n\r", rest[0]) >= 0
}

// listBinding returns the name the collection opened at open is bound to
// (FORBIDDEN = [, my @FORBIDDEN = qw(, var forbidden = []string{,
// define('FORBIDDEN', [), and the offset its declaration starts at; ""
// when it is not bound to a plain name (an item of another collection, a
// field or subscript assigned, a call's argument).
func listBinding(text string, open int) (string, int) {
	ls := strings.LastIndexByte(text[:open], '\n') + 1
	// a Go slice of an anonymous struct ([]struct{ sig, why string }{):
	// its fields are the rows' type, not a constructor's arguments
	pre := goAnonStruct.ReplaceAllStringFunc(text[ls:open], func(t string) string {
		return "struct" + strings.Repeat(" ", len(t)-len("struct"))
	})
	if m := listBindDefine.FindStringSubmatch(pre); m != nil {
		return m[1], ls
	}
	m := listBindEq.FindStringSubmatchIndex(pre)
	if m == nil {
		return "", 0
	}
	op, rhs := pre[m[2]:m[3]], pre[m[4]:m[5]]
	lhs := strings.TrimSpace(pre[:m[2]])
	if op == "=>" && !strings.HasPrefix(strings.TrimLeft(lhs, " \t{"), "use constant") {
		return "", 0
	}
	if op == "=>" {
		lhs = strings.TrimSpace(strings.TrimPrefix(strings.TrimLeft(lhs, " \t{"), "use constant"))
		lhs = strings.TrimSpace(strings.TrimPrefix(lhs, "{"))
	}
	for _, w := range pyWordRe.FindAllString(rhs, -1) {
		if !listCtorWord.MatchString(w) {
			return "", 0
		}
	}
	if strings.ContainsAny(rhs, "?") {
		return "", 0
	}
	if i := strings.IndexByte(lhs, ':'); i > 0 && !strings.Contains(lhs[:i], "[") {
		lhs = strings.TrimSpace(lhs[:i]) // a type annotation: FORBIDDEN: &[&str]
	}
	n := listNameEnd.FindStringSubmatchIndex(lhs)
	if n == nil {
		return "", 0
	}
	if b := n[2]; b > 0 && (lhs[b-1] == '.' || lhs[b-1] == '>' || lhs[b-1] == ':') {
		return "", 0
	}
	return lhs[n[2]:n[3]], ls
}

// indexWord returns the offset in s of the first occurrence of word as a
// whole word (ASCII case folded when fold is set), or -1.
func indexWord(s, word string, fold bool) int {
	hay := s
	if fold {
		hay, word = strings.ToLower(s), strings.ToLower(word)
	}
	for off := 0; ; {
		i := strings.Index(hay[off:], word)
		if i < 0 {
			return -1
		}
		at := off + i
		endAt := at + len(word)
		if (at == 0 || !isWordByte(hay[at-1])) && (endAt == len(hay) || !isWordByte(hay[endAt])) {
			return at
		}
		off = at + 1
	}
}

// commentLine reports whether the line holding off is a comment line.
func commentLine(text string, off int) bool {
	ls := strings.LastIndexByte(text[:off], '\n') + 1
	t := strings.TrimLeft(text[ls:off], " \t")
	for _, p := range []string{"#", "//", "--", "/*", "* "} {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	return t == "*"
}

// lineBounds returns the start and end offsets of the line holding off.
func lineBounds(text string, off int) (int, int) {
	ls := strings.LastIndexByte(text[:off], '\n') + 1
	le := strings.IndexByte(text[off:], '\n')
	if le < 0 {
		return ls, len(text)
	}
	return ls, off + le
}

// showsOnly reports whether line prints or logs to the terminal (or stops
// the program with a message), sets nothing and tells its reader to do
// nothing. A one-line guard before the call (`if (line.includes(p))
// console.log(…)`, `if strings.Contains(t, p) { fmt.Println(…) }`) is
// read past: the call is what the line does.
func showsOnly(line string) bool {
	return bypassShowCall.MatchString(afterGuard(line)) && !bypassSetOnLine.MatchString(line) && !bypassShowImperative.MatchString(line)
}

// guardHead matches the start of a one-line if: `if (`, `} else if (`,
// Go's `if ` with no parenthesis.
var guardHead = lazyRE(`^\s*(?:\}\s*)?(?:else\s+)?(?:if|elseif|elsif|unless)\s*`)

// afterGuard returns what line runs after its leading one-line guard: the
// text after the condition's closing parenthesis, after Lua's `then`, or
// after the { that opens a Go body closed on the same line; line itself
// when it does not start with a guard.
func afterGuard(line string) string {
	m := guardHead.FindStringIndex(line)
	if m == nil {
		return line
	}
	rest := line[m[1]:]
	switch t := strings.TrimSpace(rest); {
	case strings.HasPrefix(rest, "("):
		end := closerOf(rest, 0)
		if end < 0 {
			return line
		}
		rest = rest[end:]
	case strings.Contains(rest, " then "):
		rest = rest[strings.Index(rest, " then ")+len(" then "):]
	case strings.HasSuffix(t, "}") && strings.Contains(rest, " {"):
		rest = rest[strings.Index(rest, " {"):]
	default:
		return line
	}
	rest = strings.TrimLeft(rest, " \t")
	rest = strings.TrimPrefix(rest, "{")
	return strings.TrimPrefix(rest, "then")
}

// listUseReads reports whether the use of a check list's name at
// text[s:e] only reads it (see checkListSwitch). A use that hands items
// on (a comprehension, grep, find or filter whose result a line assigns)
// does not, unless any( or all( makes it a yes or no.
func listUseReads(text string, s, e int) bool {
	ls, le := lineBounds(text, s)
	before := strings.TrimRight(text[ls:s], "$@%")
	after := text[e:le]
	line := text[ls:le]
	sets := bypassSetOnLine.MatchString(line)
	if m := listLoopBefore.FindStringSubmatch(before); m != nil {
		if sets && !listBoolWrap.MatchString(before) {
			return false // [m for m in L if …] assigned: its items
		}
		return loopVarsRead(text, ls, e, le, m[1:])
	}
	if listLoopForeach.MatchString(before) || strings.HasPrefix(strings.TrimLeft(after, " "), ".") || strings.HasPrefix(strings.TrimLeft(after, " "), "as ") {
		if m := listLoopAfter.FindStringSubmatchIndex(after); m != nil {
			if sets && listPicksItems.MatchString(after[:m[1]]) {
				return false // L.find { … } assigned: an item
			}
			var vars []string
			for g := 2; g < len(m); g += 2 {
				if m[g] >= 0 {
					vars = append(vars, after[m[g]:m[g+1]])
				}
			}
			return loopVarsRead(text, ls, e+m[1], le, vars)
		}
	}
	switch {
	case listTestBefore.MatchString(before):
		return !sets || !listPicksItems.MatchString(before)
	case listTestAfter.MatchString(after):
		return true
	case listLookupAfter.MatchString(after):
		return !sets
	}
	return showsOnly(line)
}

var (
	// listBoolWrap is any( or all( before a comprehension: its value is
	// a yes or no, not the items.
	listBoolWrap = lazyRE(`\b(?:any|all)\s*\(`)
	// listPicksItems names a search that gives back the items it finds
	// (Perl's grep and first, find, detect, select, filter, Where).
	listPicksItems = lazyRE(`\b(?:grep|first|find|detect|select|filter|Where)\b`)
)

// loopVarsRead reports whether the variables vars of a loop over a check
// list (its header on the line starting at ls, its text after the list's
// name from off to le) are only compared with or searched for, or
// printed, in the rest of the header's line and in the loop's body: the
// lines below it indented deeper (at most 40).
func loopVarsRead(text string, ls, off, le int, vars []string) bool {
	var names []string
	for _, v := range vars {
		for _, p := range strings.Split(v, ",") {
			if p = strings.Trim(strings.TrimSpace(p), "$*&()"); p != "" && p != "_" {
				names = append(names, p)
			}
		}
	}
	if len(names) == 0 {
		return true
	}
	indent := len(text[ls:le]) - len(strings.TrimLeft(text[ls:le], " \t"))
	spans := [][2]int{{off, le}}
	for n, at := 0, le+1; n < 40 && at < len(text); n++ {
		_, end := lineBounds(text, at)
		l := text[at:end]
		if strings.TrimSpace(l) != "" {
			if len(l)-len(strings.TrimLeft(l, " \t")) <= indent {
				break
			}
			spans = append(spans, [2]int{at, end})
		}
		at = end + 1
	}
	for _, sp := range spans {
		for _, v := range names {
			for from := sp[0]; from < sp[1]; {
				i := indexWord(text[from:sp[1]], v, false)
				if i < 0 {
					break
				}
				at := from + i
				from = at + len(v)
				ls2, le2 := lineBounds(text, at)
				before := strings.TrimRight(text[ls2:at], "$@%")
				shown := text[ls2:le2]
				if !luaIoOutput.MatchString(text) {
					shown = luaStdWriteCall.ReplaceAllString(shown, "print(") // Lua's io.write: the terminal
				}
				if bypassCmpBefore.MatchString(before) || bypassCmpAfter.MatchString(text[at+len(v):le2]) || showsOnly(shown) {
					continue
				}
				return false
			}
		}
	}
	return true
}

// luaStdWriteCall matches Lua's write to the terminal: io.write(,
// io.stdout:write(, io.stderr:write(.
var luaStdWriteCall = lazyRE(`\bio\s*(?:\.\s*write|\.\s*std(?:out|err)\s*:\s*write)\s*\(`)
