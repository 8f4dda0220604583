package audit

import (
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/pelletier/go-toml/v2"
	"github.com/tailscale/hujson"
	"gopkg.in/yaml.v3"
)

// Removal targets listed in a data file (rule destructive-command). A
// cleanup script whose code only says "remove home joined to each
// target" looks harmless; what it destroys is in the TOML, JSON, YAML or
// plain list it reads (targets = [".cache/pip", ".cache/../.ssh"]). So a
// code file is read with the data files of its own skill it names
// (linkedOf: fs::read_to_string("prune.toml"), open("targets.json"),
// < dirs.txt): when it removes folders recursively in any language the
// audit reads (remove_dir_all, shutil.rmtree, fs.rmSync, os.RemoveAll,
// FileUtils.rm_rf, remove_tree, Remove-Item -Recurse, rm -rf) and the
// removal is of home joined to a variable (removesHomeJoin), each string
// of the data file is a target under home; an absolute one is a target
// as itself with any removal. Each is judged, its .. resolved as the
// filesystem does, as rm -rf of it is (wipeTarget: home, a key folder
// such as ~/.ssh, the user's documents, a system folder). Values under a
// key that names a list of things kept (protect, keep, exclude, skip,
// ignore, never, deny, allow, safe) are what the cleanup spares, not
// targets. A listed value whose placeholder the code binds to home
// ({home}/.ssh with {'home': home} handed to a replace loop, as a Dart
// tool deleting each entry with deleteSync(recursive: true) does) is
// judged with home in its place (homePlaceholders). The data files are
// part of the code file's cache key (linkedOf), so an edited list is
// judged again.

var (
	// treeRemoval is a recursive removal in one of the languages the
	// audit reads.
	treeRemoval = lazyRE(`\b(?:remove_dir_all|rmtree|rm_rf!?|rm_r|RemoveAll|rmSync|rimraf|remove_tree|deleteRecursively|deleteDirectory|removeItem|deleteTree|deleteTreeAbsolute)\s*\(|\b(?:removePathForcibly|removeDirectoryRecursive)\b|\bfile\s+delete\s+-force\b|\bDirectory\.Delete\s*\([^;\n]*\btrue\b|\bfs\.(?:promises\.)?rm\s*\([^;\n]*recursive|\bRemove-Item\b[^\n]*-Recurse|\brm\s+-(?:[a-zA-Z]*[rR][a-zA-Z]*)\b|\bvim\.fn\.delete\s*\([^\n]*["']rf["']` +
		// Dart: Directory(p).delete(recursive: true), deleteSync(recursive: true)
		`|\.delete(?:Sync)?\s*\(\s*recursive\s*:\s*true\b`)
	// homeJoin is the home folder in one of those languages.
	homeJoin = lazyRE(`\bhome_dir\s*\(|\bhomedir\s*\(|\bexpanduser\s*\(|\bPath\.home\s*\(|\bos\.UserHomeDir\b|\bDir\.home\b|\bENV\[\s*["']HOME|\$ENV\{\s*["']?HOME\b|\$\{?HOME\b|\$env:USERPROFILE|\bgetenv\s*\(\s*["']HOME|\benv::var\s*\(\s*"HOME|\bprocess\.env\.HOME\b|\bhomeDirectoryForCurrentUser\b|\bNSHomeDirectory\b|"user\.home"|\bSpecialFolder\.UserProfile\b|\bFile::HomeDir\b|\bos_homedir\b|\bgetEnvVarOwned\s*\([^)\n]*"HOME"|\bgetHomeDirectory\b|\bPlatform\.environment\[\s*["'](?:HOME|USERPROFILE)["']` +
		// Tcl
		`|\[\s*file\s+(?:normalize\s+~|home)\s*\]|\$(?:::)?env\(\s*HOME\s*\)`)
	// keptKey is a key naming what a cleanup keeps, not removes.
	keptKey = lazyRE(`(?i)protect|keep|exclu|skip|ignor|never|deny|allow|safe|preserv|whitelist|blacklist|except`)
)

// scanDataWipe reports a recursive removal in code whose targets, listed
// in one of the data files it loads (sc.linked), reach home, a key folder or a system folder.
func scanDataWipe(sc *skillCtx, rel, code string) {
	ms := treeRemoval.FindAllStringIndex(code, 16)
	if ms == nil {
		scanPlaceholderWipe(sc, rel, code)
		return
	}
	if scanScopedWipe(sc, rel, code, ms[0]) {
		return
	}
	m, home := ms[0], false
	if join := homeJoinRE(code); join != nil {
		for _, r := range ms {
			if removesHomeJoin(code, r, join) {
				m, home = r, true
				break
			}
		}
		if !home {
			seen := map[string]bool{}
			for _, r := range ms {
				if o := homeJoinFlow(code, r, join, seen); o >= 0 {
					if scanInlineListWipeAt(sc, rel, code, []int{o, o}, join, r[0]) {
						return
					}
					m, home = r, true
					break
				}
			}
		}
		if home && scanInlineListWipe(sc, rel, code, m, join) {
			return
		}
	}
	if !home && hsHomeLines(code) {
		home = true // [home </> l | l <- lines txt]: each listed line under home
	}
	if !home && removesOwnTemps(code, ms) {
		// each removal is of a temporary folder the code made: what a
		// data file lists (a fuzzing corpus's "rm -rf ~" payload) is not
		// what it removes
		scanPlaceholderWipe(sc, rel, code)
		return
	}
	bases := homeBases(code)
	if bases != nil && !baseLookupJoin(code, bases) {
		bases = nil
	}
	phs := homePlaceholders(code)
	for _, d := range sc.linked {
		if !d.data || d.via != "" && !d.caller {
			continue // data a module of this code names is the listed-credential rule's alone
		}
		for _, v := range dataStrings(d) {
			t := listedTarget(v, home)
			if t == "" && bases != nil {
				t = listedTarget(baseKeyed(v, bases), false)
			}
			if t == "" && phs != nil {
				t = listedTarget(homePlaceheld(v, phs), false)
			}
			if t == "" {
				continue
			}
			ln := 1 + strings.Count(code[:m[0]], "\n")
			how := "which this code reads"
			if d.caller {
				how = "which " + d.via + " names and hands this module"
			}
			sc.add(rel, ln, "destructive-command", Critical,
				fmt.Sprintf("removes %s: %s, %s, lists %q as a target to remove", t, d.rel, how, v), trimmedLine(code, ln))
			return
		}
	}
	scanPlaceholderWipe(sc, rel, code)
}

// homeJoinRE returns a pattern for the home folder (an expression of
// homeJoin, or a variable code assigns one) joined to a value held in a
// variable, not a literal: home.join(&t), os.path.join(home, t),
// path.join(os.homedir(), t), filepath.Join(home, t), Path.home() / t,
// "$HOME/$d", Join-Path $HOME $t; nil when code names no home.
func homeJoinRE(code string) *regexp.Regexp {
	if !homeJoin.MatchString(code) {
		return nil
	}
	homes := []string{`(?:` + homeJoin.String() + `)(?:[^\n,;)]*?\))?`}
	for _, m := range append(homeVarOf.FindAllStringSubmatch(code, 16), tclSetVar.FindAllStringSubmatch(code, 64)...) {
		if homeJoin.MatchString(m[2]) {
			homes = append(homes, `[\$@]?\b`+regexp.QuoteMeta(m[1])+`\b`)
		}
	}
	h := `(?:(?:[A-Za-z_]\w*\.)*(?:` + strings.Join(homes, "|") + `))` // os.homedir(), path.home too
	v := `&?(?:mut\s+)?(?:[\$@]?[A-Za-z_][\w.\[\]'"]*|\$\d)`           // $1: a Perl match group
	re, err := regexp.Compile(h + `\s*(?:\.\s*(?:join|joinpath|resolve|appendingPathComponent|appending)\s*\(\s*|/\s*)` + v +
		`|\b(?:join|Join|joinpath|catfile|catdir|Combine|get|of|resolve)\s*\(\s*` + h + `\s*,\s*` + v +
		`|Join-Path\s+` + h + `\s+` + v + `|\$\{?HOME\}?[/\\]+\$\{?\w` +
		// Tcl: [file join $home $t], [glob -directory $home -- $pat]
		`|\[\s*file\s+join\s+` + h + `\s+` + v + `|\[\s*glob\b[^\]\n]*\s-directory\s+` + h + `[^\]\n]*\s` + v)
	if err != nil {
		return nil
	}
	return re
}

// removesHomeJoin reports whether the removal at r (to its line's end)
// removes home joined to a variable (join), written in its arguments or
// held in a variable they name that code assigns from such a join
// (let p = home.join(&t); fs::remove_dir_all(&p)).
func removesHomeJoin(code string, r []int, join *regexp.Regexp) bool {
	rest := code[r[0]:]
	if k := strings.IndexByte(rest, '\n'); k >= 0 {
		rest = rest[:k]
	}
	if join.MatchString(rest) {
		return true
	}
	for _, id := range wordRe.FindAllString(rest[r[1]-r[0]:], 8) {
		// also Tcl's set id value and foreach id [list]
		as, err := regexp.Compile(`(?m)(?:^|[^\w.])[\$@]?` + regexp.QuoteMeta(id) + `\s*(?::\s*[\w:<>]+\s*)?:?=\s*([^\n;]+)|(?:^|[\s;{])(?:set|foreach)\s+` + regexp.QuoteMeta(id) + `\s+([^\n;]+)`)
		if err != nil {
			continue
		}
		for _, a := range as.FindAllStringSubmatch(code, 4) {
			if join.MatchString(a[1] + a[2]) {
				return true
			}
		}
	}
	return false
}

// hsHomeBind binds a Haskell name to the home folder: group 1 the name.
var hsHomeBind = lazyRE(`(?m)^\s*(\w+)\s*<-\s*getHomeDirectory\b`)

// hsHomeLines reports whether Haskell code joins the name it binds to the
// home folder (home <- getHomeDirectory; a helper's parameter of that
// name) to each line of a text it read, in a list comprehension:
// [ home </> trim l | l <- lines txt ] makes every listed line a path
// under home.
func hsHomeLines(code string) bool {
	for _, m := range hsHomeBind.FindAllStringSubmatch(code, 4) {
		re, err := regexp.Compile(`\b` + regexp.QuoteMeta(m[1]) + `\s*</>\s*[^\n|\]]*\|\s*(\w+)\s*<-\s*lines\b`)
		if err == nil && re.MatchString(code) {
			return true
		}
	}
	return false
}

// tempDirMade is a call making a fresh temporary folder: Go's
// os.MkdirTemp, ioutil.TempDir and t.TempDir, Python's tempfile.mkdtemp,
// Node's mkdtemp(Sync), Java's Files.createTempDirectory, Ruby's
// Dir.mktmpdir, the shell's mktemp -d.
var tempDirMade = `(?:\bos\.MkdirTemp|\bioutil\.TempDir|\b\w+\.TempDir|\btempfile\.mkdtemp|\bmkdtemp(?:Sync)?|\bFiles\.createTempDirectory|\bDir\.mktmpdir)\s*\(|\bmktemp\s+-d\b`

// removesOwnTemps reports whether every removal of ms (to its line's
// end) removes a variable that code assigns a temporary folder it makes
// (tempDirMade): dir, err := os.MkdirTemp("", "x"); os.RemoveAll(dir).
func removesOwnTemps(code string, ms [][]int) bool {
	for _, r := range ms {
		rest := code[r[1]:]
		if k := strings.IndexByte(rest, '\n'); k >= 0 {
			rest = rest[:k]
		}
		own := false
		for _, id := range wordRe.FindAllString(rest, 4) {
			as, err := regexp.Compile(`(?m)(?:^|[^\w.])[\$@]?` + regexp.QuoteMeta(id) + `\s*(?:,\s*\w+\s*)?(?::\s*[\w:<>]+\s*)?:?=\s*[^\n;]*?(?:` + tempDirMade + `)`)
			if err == nil && as.MatchString(code) {
				own = true
				break
			}
		}
		if !own {
			return false
		}
	}
	return true
}

// wordRe is an identifier.
var wordRe = lazyRE(`[A-Za-z_]\w*`)

// tclSetVar is a Tcl variable set on one line: name, value.
var tclSetVar = lazyRE(`(?m)(?:^|[\s;{\[])set\s+(\w+)\s+([^\n;]+)`)

// homeVarOf is a variable assigned on one line: name, value.
var homeVarOf = lazyRE(`(?m)(?:^|[\s(;])(?:let\s+(?:mut\s+)?|const\s+|var\s+|my\s+|local\s+)?[\$@]?(\w+)\s*(?:,\s*_\s*)?(?::\s*[\w:<>]+\s*)?:?=\s*([^\n;]+)`)

// listedTarget returns what removing the listed target v destroys
// (wipeTarget), v taken under home when the removal is of home joined to
// a variable and as itself when absolute, or "".
func listedTarget(v string, home bool) string {
	if home && (strings.TrimSpace(v) == "*" || strings.TrimSpace(v) == ".*") {
		return wipeTarget("~") // every entry of home
	}
	v, ok := trailingGlob(listedParamDefault(strings.TrimSpace(v)))
	if v == "" || !ok || strings.Contains(v, "\n") || len(v) > 512 {
		return ""
	}
	if strings.HasPrefix(v, "/") || strings.HasPrefix(v, "~") || strings.HasPrefix(v, "$") || strings.HasPrefix(v, "%") {
		return wipeTarget(v)
	}
	if !home || !strings.ContainsAny(v, "./") && !strings.HasPrefix(v, ".") && !personalDirs()[v] && !keyDirs()[v] {
		return ""
	}
	return wipeTarget("~/" + v)
}

// dataStrings returns the string values of a data file, leaving out
// those under a key that names what is kept (keptKey): TOML, JSON and
// YAML parsed, a list or table file split into fields.
func dataStrings(d linkedFile) []string {
	if d.values != nil {
		return d.values
	}
	var v any
	if !structuredData(d.rel) && keptKey.MatchString(path.Base(d.rel)) {
		return nil
	}
	if err := unmarshalData(d, &v); err != nil {
		return listFields(d.text)
	}
	var out []string
	collectStrings(v, &out, 0)
	return out
}

// structuredData reports whether rel is a TOML, JSON or YAML file.
func structuredData(rel string) bool {
	switch strings.ToLower(path.Ext(rel)) {
	case ".toml", ".json", ".jsonc", ".yaml", ".yml":
		return true
	}
	return false
}

// errNotStructured is unmarshalData's answer for a file that is not
// TOML, JSON or YAML.
var errNotStructured = errors.New("not a structured data file")

// unmarshalData parses a TOML, JSON or YAML data file into v.
func unmarshalData(d linkedFile, v *any) error {
	switch strings.ToLower(path.Ext(d.rel)) {
	case ".toml":
		return toml.Unmarshal([]byte(d.text), v)
	case ".json", ".jsonc":
		std, err := hujson.Standardize([]byte(d.text))
		if err != nil {
			return err
		}
		return json.Unmarshal(std, v)
	case ".yaml", ".yml":
		return yaml.Unmarshal([]byte(d.text), v)
	}
	return errNotStructured
}

// collectStrings appends the strings in v (not under a kept key) to out,
// up to 4,096 of them and 64 levels deep.
func collectStrings(v any, out *[]string, depth int) {
	if depth > 64 || len(*out) > 4096 {
		return
	}
	switch x := v.(type) {
	case string:
		*out = append(*out, x)
	case []any:
		for _, e := range x {
			collectStrings(e, out, depth+1)
		}
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if !keptKey.MatchString(k) {
				collectStrings(x[k], out, depth+1)
			}
		}
	}
}

// listFields splits a plain list, table or key = value file into its
// fields: one per line, tab, comma or =, # and ; comments left out.
func listFields(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || l[0] == '#' || l[0] == ';' || l[0] == '[' {
			continue
		}
		l = inlineComment.ReplaceAllString(l, "")
		if k, _, ok := strings.Cut(l, "="); ok && keptKey.MatchString(k) {
			continue
		}
		for _, f := range fieldSep.Split(l, -1) {
			if f = strings.Trim(strings.TrimSpace(f), `"'`); f != "" {
				out = append(out, f)
			}
			// a value that is a space-separated list of paths
			// (stale_dirs = .stack-work ~/.ssh ~/Documents): each path
			if ws := strings.Fields(f); len(ws) > 1 && slices.ContainsFunc(ws, func(w string) bool { return strings.HasPrefix(w, "~/") }) {
				out = append(out, ws...)
			}
		}
		if len(out) > 4096 {
			break
		}
	}
	return out
}

// fieldSep separates the fields of a line of a list or table file.
var fieldSep = lazyRE(`[\t,=]`)
