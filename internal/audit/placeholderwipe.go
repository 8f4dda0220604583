package audit

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// A removal target whose folder is home and a placeholder (rule
// destructive-command). A cleanup that reads its roots from a data file
// and substitutes variables into them ("root": "~/{{WS}}" with
// "vars": {"WS": ""}) looks scoped, but a placeholder the file leaves
// empty, or that nothing sets, expands to nothing: the root is home
// itself, and a program that removes every entry it lists there
// (filepath.Glob or os.ReadDir of the root, then os.RemoveAll) empties
// the home folder. So a target whose whole part after home is made of
// placeholders ({{X}}, ${X}, %s, {x}) is judged with each placeholder
// replaced by the value the data file gives that name, or by nothing:
// ~/{{WS}} with WS empty or unset is home, with WS ".." home's parent
// (home), with WS "projects" ~/projects (not a finding). A placeholder
// below a named folder (~/.cache/{{tool}}) stays scoped, and code that
// refuses an empty value or a root equal to home near its substitution
// (placeholderGuard) is not a finding.

var (
	// placeholderSeg is a path segment made only of placeholders.
	placeholderSeg = lazyRE(`^(?:\{\{\s*[\w.-]*\s*\}\}|\$\{\w*\}|%s|\{\w*\})+$`)
	// placeholderName is one placeholder, its name in the first group
	// that matched.
	placeholderName = lazyRE(`\{\{\s*([\w.-]*)\s*\}\}|\$\{(\w*)\}|%s|\{(\w*)\}`)
	// entryListing lists the entries of a folder, in the languages the
	// audit reads.
	entryListing = lazyRE(`\bfilepath\.(?:Glob|WalkDir|Walk)\s*\(|\b(?:os|ioutil)\.ReadDir\s*\(|\.Readdir(?:names)?\s*\(|\bglob\.i?glob\s*\(|\bos\.(?:listdir|scandir|walk)\s*\(|\.(?:iterdir|rglob|glob)\s*\(|\breaddir(?:Sync)?\s*\(|\bglobSync\s*\(|\bfs::read_dir\s*\(|\bDir\.(?:glob|children|entries|each_child)\b|\bGet-ChildItem\b`)
	// entryRemoval removes a file or folder.
	entryRemoval = lazyRE(`\bos\.(?:Remove|RemoveAll|remove|unlink)\s*\(|\bunlinkSync\s*\(|\bfs::remove_(?:file|dir_all)\s*\(|\bFileUtils\.rm`)
	// substLine is a line of code that substitutes a value into a
	// template: a replace, a format or a template placeholder literal.
	substLine = lazyRE(`(?m)^.*(?:[Rr]eplace|[Ff]ormat|Sprintf|Expand|Template|\{\{|\$\{|%s).*$`)
	// refusal is a test of an empty value or of home followed, within a
	// few lines, by stopping: the condition in the first group.
	refusal = lazyRE(`(?:\bif\b|\bunless\b)([^\n{:]*?(?:==\s*""|==\s*''|===\s*(?:""|'')|\bnot\s+[\w.\[\]'"]+\s*$|!\s*[\w.\[\]'"]+\s*\)|len\([^)\n]*\)\s*==\s*0|\.length\s*===?\s*0|\.(?:empty\?|isEmpty\(\))|==\s*\w*home\w*\b|===?\s*(?:os\.)?homedir\(\)|samefile\())[^\n]*(?:\n[^\n]*){0,3}?(?:os\.Exit|log\.Fatal|panic\(|\bthrow\b|\braise\b|sys\.exit|process\.exit|return\s+(?:fmt\.Errorf|errors\.New|nil,|err|False|false|None)|\bexit\b|\bdie\b|\bcontinue\b)`)
)

// scanPlaceholderWipe reports code that lists and removes the entries of
// a root its data files give as home joined to placeholders only, left
// empty (placeholderHome); true when it reported.
func scanPlaceholderWipe(sc *skillCtx, rel, code string) bool {
	if len(sc.linked) == 0 || !entryListing.MatchString(code) {
		return false
	}
	rm := entryRemoval.FindStringIndex(code)
	if tr := treeRemoval.FindStringIndex(code); tr != nil && (rm == nil || tr[0] < rm[0]) {
		rm = tr
	}
	if rm == nil || placeholderGuard(code) {
		return false
	}
	for _, d := range sc.linked {
		if !d.data || d.via != "" {
			continue
		}
		vars := dataVars(d)
		for _, v := range dataStrings(d) {
			t := placeholderHome(v, vars)
			if t == "" {
				continue
			}
			ln := 1 + strings.Count(code[:rm[0]], "\n")
			sc.add(rel, ln, "destructive-command", Critical,
				fmt.Sprintf("removes the entries of %s: %s, which this code reads, lists the root %q, whose placeholder is left empty", t, d.rel, v), trimmedLine(code, ln))
			return true
		}
	}
	return false
}

// placeholderHome returns what removing the entries of v destroys when v
// is home followed only by placeholders, each replaced by its value in
// vars or by nothing (wipeTarget), or "".
func placeholderHome(v string, vars map[string]string) string {
	v = strings.TrimSpace(v)
	if len(v) > 512 || strings.Contains(v, "\n") {
		return ""
	}
	rest := ""
	found := false
	for _, h := range homeForms {
		if v == h || strings.HasPrefix(v, h+"/") || strings.HasPrefix(v, h+"\\") {
			rest, found = v[len(h):], true
			break
		}
	}
	if !found {
		return ""
	}
	rest, ok := trailingGlob(strings.ReplaceAll(rest, "\\", "/"))
	if !ok {
		return ""
	}
	var segs []string
	for _, s := range strings.Split(rest, "/") {
		if s == "" {
			continue
		}
		if !placeholderSeg.MatchString(s) {
			return ""
		}
		segs = append(segs, placeholderName.ReplaceAllStringFunc(s, func(p string) string {
			m := placeholderName.FindStringSubmatch(p)
			return vars[m[1]+m[2]+m[3]]
		}))
	}
	if len(segs) == 0 {
		return "" // home itself is listedTarget's
	}
	return wipeTarget("~/" + strings.Join(segs, "/"))
}

// placeholderGuard reports whether code refuses an empty value or a root
// equal to home (refusal) in a test naming a variable that a line
// substituting into a template (substLine) also names.
func placeholderGuard(code string) bool {
	words := map[string]bool{}
	for _, l := range substLine.FindAllString(code, 64) {
		for _, w := range wordRe.FindAllString(l, -1) {
			words[w] = true
		}
	}
	for _, m := range refusal.FindAllStringSubmatch(code, 64) {
		for _, w := range wordRe.FindAllString(m[1], -1) {
			if words[w] && !commonWord()[w] {
				return true
			}
		}
	}
	return false
}

// commonWord are words a condition and a substitution share without
// naming the same value.
var commonWord = lazySet("if", "len", "os", "strings", "str", "string", "path", "filepath", "not", "and", "or", "nil", "None", "null", "true", "false")

// dataVars returns the string values of a data file's tables by key (the
// names a placeholder may take its value from); the first in key order
// wins.
func dataVars(d linkedFile) map[string]string {
	out := map[string]string{}
	var v any
	if err := unmarshalData(d, &v); err != nil {
		return out
	}
	var walk func(v any, depth int)
	walk = func(v any, depth int) {
		if depth > 64 || len(out) > 4096 {
			return
		}
		switch x := v.(type) {
		case []any:
			for _, e := range x {
				walk(e, depth+1)
			}
		case map[string]any:
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				if s, ok := x[k].(string); ok {
					if _, dup := out[k]; !dup {
						out[k] = s
					}
				} else {
					walk(x[k], depth+1)
				}
			}
		}
	}
	walk(v, 0)
	return out
}

// homePlaceKey is a quoted placeholder name (home, {home}, ${HOME},
// %(home)s) followed by what binds a value to it in a map literal, a
// pair or a replace call: 'home': , "home" => , ('{home}', ; the name in
// group 1 and the bound value after the match.
var homePlaceKey = lazyRE(`["'](?:\{\{|\$\{|%\(|\{|\$)?\s*(\w+)\s*(?:\}\}|\}|\)s)?["']\s*(?::|=>|,)\s*`)

// homePlaceholders returns the placeholder names code binds to the home
// folder (homeJoin, or a variable assigned from it) when it substitutes
// values into templates (substLine): a cleanup that reads "{home}/.ssh"
// from its data file and replaces {home} with the home folder
// ({'home': home} handed to a replaceAll loop, .replace("{home}", home))
// removes ~/.ssh, though neither the code nor the file says so alone.
// nil when there is none.
func homePlaceholders(code string) map[string]bool {
	if !homeJoin.MatchString(code) || !substLine.MatchString(code) || !homePlaceKey.MatchString(code) {
		return nil
	}
	homes := []string{`(?:` + homeJoin.String() + `)`}
	for _, m := range homeVarOf.FindAllStringSubmatch(code, 32) {
		if homeJoin.MatchString(m[2]) {
			homes = append(homes, `[\$@]?\b`+regexp.QuoteMeta(m[1])+`\b`)
		}
	}
	val, err := regexp.Compile(`^(?:` + strings.Join(homes, "|") + `)\s*(?:(?:\?\?|\|\||\bor\b)[^,;)}\]\n]*)?[,;)}\]\n]`)
	if err != nil {
		return nil
	}
	var out map[string]bool
	for _, m := range homePlaceKey.FindAllStringSubmatchIndex(code, 256) {
		if val.MatchString(code[m[1]:min(len(code), m[1]+512)]) {
			if out == nil {
				out = map[string]bool{}
			}
			out[code[m[2]:m[3]]] = true
		}
	}
	return out
}

// homePlaceheld returns the listed value v with each placeholder whose
// name code binds to the home folder (phs) replaced by ~.
func homePlaceheld(v string, phs map[string]bool) string {
	return placeholderName.ReplaceAllStringFunc(v, func(p string) string {
		m := placeholderName.FindStringSubmatch(p)
		if phs[m[1]+m[2]+m[3]] {
			return "~"
		}
		return p
	})
}
