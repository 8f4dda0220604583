package audit

import (
	"path"
	"sort"
	"strings"
)

// Rake's clean lists (rule destructive-command, see buildclean.go):
// rake/clean's CLEAN and CLOBBER are FileLists that `rake clean` and
// `rake clobber` delete with rm_r, every entry, without asking, and a
// task file can make any other task (build, release) depend on clobber.
// A Rakefile or rakelib/*.rake file is the project's own build code, so
// a pattern added to one of them (CLEAN.include, CLOBBER << x, a list
// constant spread into include) that resolves to the home folder, a key
// or personal folder, a system folder, the project's parent (every
// checkout beside it), the project itself or its .git is a wipe,
// critical as a Maven clean fileset naming them is; so is rake's rm_rf
// (FileUtils' rm_rf, rm_r, remove_dir, rmtree) of such a path in a task.
// Paths are read as Ruby builds them (literals, File.join,
// File.expand_path, names assigned in the file, list constants spanning
// lines, FileList[...]) with Dir.home, ENV["HOME"] and Gem.user_home as
// home and Dir.pwd, Rake.original_dir, a relative path and the
// Rakefile's own folder as the project; `..` is resolved as the
// filesystem does (~/.gem/.. is home, Dir.pwd/../*/pkg/.. every folder
// beside the project) and a last part that is only wildcards (*,
// {*,.[!.]*}) takes every entry of its folder, so the folder is emptied.
// A pattern of build output (pkg, tmp, coverage, **/*.o) is not a
// finding.

var (
	// rakeCleanAdd adds to rake/clean's lists: group 1 the list, group
	// 2 "(" when the call has parentheses.
	rakeCleanAdd = lazyRE(`\b(CLEAN|CLOBBER)[ \t]*(?:\.[ \t]*(?:include|add|push|append|concat|unshift)\b[ \t]*(\(?)|<<)`)
	// rakeRemove is a tree removal a task runs: rake's FileUtils
	// methods, called bare or on FileUtils (group 1 "(" when the call
	// has parentheses).
	rakeRemove = lazyRE(`(?:^|[^.\w:])(?:FileUtils[ \t]*\.[ \t]*)?(?:rm_rf|rm_r|remove_dir|rmtree|remove_entry_secure|remove_entry)\b[ \t]*(\(?)`)
	// rakeRequire is a require of rake: a Ruby file that uses its
	// lists and methods outside a file named as rake's.
	rakeRequire = lazyRE(`\brequire[ \t(]*["']rake(?:/clean)?["']`)
	// rakeEnhanced makes another task depend on clean or clobber.
	rakeEnhanced = lazyRE(`\.enhance[ \t]*\(?[ \t]*\[?[ \t]*(?::|["'])(?:clean|clobber)\b|\btask\b[^\n]*=>[ \t]*\[?[^\n\]]*(?::|["'])(?:clean|clobber)\b`)
	// rakeProjectExpr is an expression for the folder rake runs in: the
	// project.
	rakeProjectExpr = lazyRE(`^(?:Dir\.pwd|Dir\.getwd|Rake\.original_dir|Rake\.application\.original_dir|FileUtils\.pwd|pwd)(?:\(\))?$`)
	// rakeOwnDir is an expression for the folder of the file itself.
	rakeOwnDir = lazyRE(`^(?:__dir__|File\.dirname\(\s*__FILE__\s*\)|File\.expand_path\(\s*File\.dirname\(\s*__FILE__\s*\)\s*\))$`)
	// rakeListCall wraps a list of patterns: FileList[...], Dir[...],
	// Dir.glob(...), an array's .freeze.
	rakeListCall = lazyRE(`^(?:(?:Rake::)?FileList|Dir)\s*\[|^(?:(?:Rake::)?FileList\.new|Dir\.glob)\s*\(`)
)

// maxRakeTargets bounds the paths one file's lists are read into.
const maxRakeTargets = 256

// rakeSpan is one argument or list element: its source text in the
// lexed code and its offset.
type rakeSpan struct {
	text string
	off  int
}

// isRakeFile reports whether the Ruby file rel (read under its name with
// .rb added when it is a build file) is rake's: a Rakefile, a .rake
// task file, or Ruby code that requires rake.
func isRakeFile(rel, content string) bool {
	base := path.Base(strings.TrimSuffix(rel, ".rb"))
	return strings.EqualFold(base, "rakefile") || strings.EqualFold(path.Ext(base), ".rake") || rakeRequire.MatchString(content)
}

// scanRakeClean reports a clean list entry or a task's tree removal that
// is a wipe (see above), at the entry's line.
func scanRakeClean(sc *skillCtx, rel, src string) {
	if !isRakeFile(rel, src) || !strings.Contains(src, "CLEAN") && !strings.Contains(src, "CLOBBER") && !strings.Contains(src, "rm_r") && !strings.Contains(src, "remove_") && !strings.Contains(src, "rmtree") {
		return
	}
	r := newRubyScan(sc, rel, src)
	r.pathOf = rakePlaces(rel)
	n := 0
	judge := func(spans []rakeSpan, who string) bool {
		for _, s := range spans {
			for _, t := range r.rakeTargets(s, 0) {
				if n++; n > maxRakeTargets {
					return true
				}
				shown, what := rakeTarget(t.text)
				if what == "" {
					continue
				}
				line := r.li.line(t.off)
				shown = strings.Replace(shown, cleanProject, "Dir.pwd", 1)
				why := ": rake removes it with no question asked"
				if strings.HasPrefix(who, "rake c") && rakeEnhanced.MatchString(r.code) {
					why += ", and the file makes another task run the clean first (Rake::Task[...].enhance)"
				}
				sc.add(rel, line, "destructive-command", Critical, who+" deletes "+Escape(shown, 80)+", which is "+what+why, trimmedLine(src, line))
				return true
			}
		}
		return false
	}
	for _, m := range rakeCleanAdd.FindAllStringSubmatchIndex(r.code, 64) {
		if _, ok := r.inLit(m[0]); ok {
			continue
		}
		list := strings.ToLower(r.code[m[2]:m[3]])
		closer := byte(0)
		if m[4] >= 0 && m[5] > m[4] {
			closer = ')'
		}
		spans, _ := r.rakeSpans(m[1], closer)
		if judge(spans, "rake "+list+" (the "+strings.ToUpper(list)+" list of rake/clean)") {
			return
		}
	}
	for _, m := range rakeRemove.FindAllStringSubmatchIndex(r.code, 64) {
		if _, ok := r.inLit(m[1] - 1); ok {
			continue
		}
		if pre := r.code[strings.LastIndexByte(r.code[:m[0]+1], '\n')+1 : m[0]+1]; importLike.MatchString(pre) {
			continue // def rm_rf(...), a require
		}
		closer := byte(0)
		if m[2] >= 0 && m[3] > m[2] {
			closer = ')'
		}
		spans, _ := r.rakeSpans(m[1], closer)
		if judge(spans, "a rake task's rm_rf") {
			return
		}
	}
}

// rakePlaces returns the places path resolves for a rake file rel:
// the project for the folder rake runs in, the file's own folder (the
// project for a Rakefile, rakelib/ or lib/tasks/ in it for a task
// file), and Gem's home and user folders.
func rakePlaces(rel string) func(string) string {
	own := ""
	base := path.Base(strings.TrimSuffix(rel, ".rb"))
	switch dir := path.Base(path.Dir(rel)); {
	case strings.EqualFold(base, "rakefile"):
		own = cleanProject
	case dir == "rakelib":
		own = cleanProject + "/rakelib"
	case dir == "tasks" && path.Base(path.Dir(path.Dir(rel))) == "lib":
		own = cleanProject + "/lib/tasks"
	}
	return func(expr string) string {
		switch {
		case rakeProjectExpr.MatchString(expr):
			return cleanProject
		case rakeOwnDir.MatchString(expr):
			return own
		case expr == "Gem.user_home":
			return "~"
		case expr == "Gem.user_dir":
			return "~/.gem/ruby/$X" // ~/.gem/ruby/<version>
		}
		return ""
	}
}

// rakeSpans splits the arguments starting at off into top-level spans:
// up to closer at depth 0 (")" for a call with parentheses), else to
// the line's end (a line ending in a comma goes on). It returns them and
// the offset past them.
func (r *rubyScan) rakeSpans(off int, closer byte) ([]rakeSpan, int) {
	var out []rakeSpan
	depth, start := 0, off
	push := func(i int) {
		t := r.code[start:i]
		lead := len(t) - len(strings.TrimLeft(t, " \t\r\n"))
		if t = strings.TrimSpace(t); t != "" && len(out) < 64 {
			out = append(out, rakeSpan{text: t, off: start + lead})
		}
	}
	for i := off; i < len(r.code); i++ {
		if e, ok := r.inLit(i); ok {
			i = e - 1
			continue
		}
		if i-off > 8000 {
			push(i)
			return out, i
		}
		switch c := r.code[i]; {
		case c == '(' || c == '[' || c == '{':
			depth++
		case depth > 0 && (c == ')' || c == ']' || c == '}'):
			depth--
		case depth == 0 && (c == closer || c == ')' || c == ']' || c == '}' || c == ';'):
			push(i)
			return out, i + 1
		case depth == 0 && c == '\n' && closer == 0:
			if strings.HasSuffix(strings.TrimRight(r.code[start:i], " \t\r"), ",") || strings.TrimSpace(r.code[start:i]) == "" && len(out) > 0 {
				continue
			}
			push(i)
			return out, i
		case depth == 0 && c == ',':
			push(i)
			start = i + 1
		}
	}
	push(len(r.code))
	return out, len(r.code)
}

// rakeTargets returns the paths a span names: a literal (a %w list's
// words), an array or FileList of them, a name assigned one (a list
// constant over several lines too), a splat of such, else the path the
// expression builds; each with the offset of the element naming it.
func (r *rubyScan) rakeTargets(s rakeSpan, depth int) []rakeSpan {
	t := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(s.text), "*"))
	t = strings.TrimSuffix(strings.TrimSuffix(t, ".freeze"), ".to_a")
	if depth > 4 || t == "" {
		return nil
	}
	if i, ok := r.litOf(t); ok {
		if r.lits[i].words {
			var out []rakeSpan
			for _, w := range strings.Fields(r.lits[i].body) {
				out = append(out, rakeSpan{text: w, off: s.off})
			}
			return out
		}
		return []rakeSpan{{text: r.path(t, 0), off: s.off}}
	}
	open := -1
	switch {
	case strings.HasPrefix(t, "["):
		open = 0
	case rakeListCall.MatchString(t):
		open = len(rakeListCall.FindString(t)) - 1
	}
	if open >= 0 {
		at := s.off + strings.Index(r.code[s.off:], t) + open
		if at < s.off+open || at >= len(r.code) {
			return nil
		}
		closer := byte(']')
		if r.code[at] == '(' {
			closer = ')'
		}
		spans, _ := r.rakeSpans(at+1, closer)
		var out []rakeSpan
		for _, e := range spans {
			if opt := rubyOption.MatchString(e.text) || strings.Contains(e.text, "=>"); opt {
				continue // FileList options, Dir.glob's base:
			}
			out = append(out, r.rakeTargets(e, depth+1)...)
		}
		return out
	}
	if rubyConstOrName.MatchString(t) {
		if at := r.listAssign(t); at >= 0 {
			if k, ok := r.litStarting(at); ok {
				return r.rakeTargets(rakeSpan{text: r.src[r.lits[k].start:r.lits[k].end], off: at}, depth+1)
			}
			return r.rakeTargets(rakeSpan{text: strings.TrimSpace(r.code[at:min(len(r.code), at+200)]), off: at}, depth+1)
		}
	}
	return []rakeSpan{{text: r.path(t, 0), off: s.off}}
}

// litStarting returns the index of the literal starting at off.
func (r *rubyScan) litStarting(off int) (int, bool) {
	k := sort.Search(len(r.lits), func(k int) bool { return r.lits[k].start >= off })
	return k, k < len(r.lits) && r.lits[k].start == off
}

// rubyConstOrName is a bare name or constant.
var rubyConstOrName = lazyRE(`^[A-Za-z_]\w*$`)

// listAssign returns the offset of the value of name's last assignment
// when it is a list ([ ... ] over any number of lines, a %w list, a
// FileList), else -1.
func (r *rubyScan) listAssign(name string) int {
	v, ok := r.assigns[name]
	if !ok {
		return -1
	}
	v = strings.TrimSpace(v)
	if !strings.HasPrefix(v, "[") && !strings.HasPrefix(v, "%w") && !strings.HasPrefix(v, "%i") && !rakeListCall.MatchString(v) {
		return -1
	}
	best := -1
	for _, m := range rubyAssign.FindAllStringSubmatchIndex(r.code, 512) {
		if r.code[m[2]:m[3]] == name {
			best = m[4]
		}
	}
	return best
}

// rakeTarget judges one path a rake clean list or removal names: the
// path as shown and what deleting it destroys ("" for build output,
// anything unknown, anything not placed at home, /, or the project).
// The path is cleaned as the filesystem resolves it, a relative path
// read under the project, and a last part of wildcards alone read as
// the folder holding it, emptied.
func rakeTarget(p string) (string, string) {
	p = strings.ReplaceAll(strings.TrimSpace(p), `\`, "/")
	if p == "" || len(p) >= 2 && p[1] == ':' {
		return "", ""
	}
	const parent, project, home = "/\x00parent", "/\x00parent/\x00project", "/\x00home"
	var full string
	switch {
	case p == cleanProject || strings.HasPrefix(p, cleanProject+"/"):
		full = project + p[len(cleanProject):]
	case p == "~" || strings.HasPrefix(p, "~/"):
		full = home + p[1:]
	case strings.HasPrefix(p, "/"):
		full = p
	default:
		rest := strings.TrimPrefix(p, "./")
		for strings.HasPrefix(rest, "**/") {
			rest = rest[3:] // any depth: read at the top
		}
		full = project + "/" + rest
	}
	c := path.Clean(full)
	for c != "/" && allWild([]string{path.Base(c)}) {
		c = path.Dir(c)
	}
	if strings.Contains(c, "$") {
		return "", "" // a part the reader could not place (Gem.user_dir/.. is still under home)
	}
	var t string
	switch {
	case strings.HasPrefix(full, project):
		switch {
		case c == project || strings.HasPrefix(c, project+"/"):
			t = cleanProject + c[len(project):]
		case c == parent || c == "/":
			t = cleanProject + "/.."
		case strings.HasPrefix(c, parent+"/"):
			return "", "" // a named folder beside the project
		default:
			return "", ""
		}
	case strings.HasPrefix(full, home):
		t = "~"
		if strings.HasPrefix(c, home+"/") {
			t = "~" + c[len(home):]
		}
	default:
		t = c
	}
	if what := cleanTarget(t); what != "" {
		return t, what
	}
	if strings.HasPrefix(t, "~/") && strings.ContainsAny(t, "*?[{") {
		if what := globPattern(`"`+t+`"`, false); what != "" {
			return t, what
		}
	}
	return "", ""
}
