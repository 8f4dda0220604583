package audit

import (
	"regexp"
	"strings"
	"sync"
)

// Lua download-and-execute: a Lua program (a Neovim plugin, a LÖVE or
// OpenResty script) that fetches text from the network and compiles and
// runs it as Lua (load, loadstring, dofile of what arrived), or hands it
// to a shell as its command (vim.fn.system(out), { "sh", "-c",
// res.stdout }), lets the server decide what runs on the machine, each
// time the program runs; in a Neovim plugin that is every editor start.
// A fetch is a shell given curl or wget in a literal (vim.system({"curl",
// …}), vim.fn.system, jobstart, io.popen("curl …"), uv.spawn, or one of
// the plugin's own functions that runs one: run({ "curl", … }), get(url)
// wrapping curl; luawrap.go) or an HTTP library (LuaSocket's
// http.request, plenary.curl, vim.net.request).
// What arrived is a parameter of a function written inside the fetch's
// call (vim.system's on-exit callback, jobstart's on_stdout), a
// variable assigned on the fetch's line (local body = http.request(u)),
// a file the fetch saved (curl -o path, then dofile(path) or
// loadfile(path)),
// or a variable assigned from one of those (local src = res.stdout;
// local h = io.popen(…); local s = h:read("*a")). Loading a file the
// plugin ships, or JSON it fetched and decoded, is not this.

// luaFetchPatterns are the patterns of this file, compiled together on
// first use (one value at init, not one per pattern).
type luaFetchPatterns struct {
	// shellStart is a call that runs a program: a fetch when its
	// arguments name curl or wget in a literal.
	shellStart *regexp.Regexp
	// httpStart is an HTTP library's request.
	httpStart *regexp.Regexp
	// fetcherLit is curl or wget named in a literal of a call.
	fetcherLit *regexp.Regexp
	// load compiles or runs text or a file as Lua; group 1 is the
	// start of the expression given.
	load *regexp.Regexp
	// assign is an assignment of a line's value to names (local a, b =
	// …); group 1 is the names, group 2 the value.
	assign *regexp.Regexp
	// funcParams are the parameters of a function literal.
	funcParams *regexp.Regexp
	// editorStart is an autocommand run as the editor starts.
	editorStart *regexp.Regexp
	// saveFlag is a fetcher's option naming the file it writes.
	saveFlag *regexp.Regexp
	// root is the variable an expression starts from (res in
	// res.stdout, h in h:read("*a")).
	root *regexp.Regexp
}

var luaFetchRE = sync.OnceValue(func() *luaFetchPatterns {
	return &luaFetchPatterns{
		shellStart:  regexp.MustCompile(`\b(?:vim\.system|vim\.fn\.system(?:list)?|vim\.fn\.jobstart|vim\.fn\.termopen|io\.popen|(?:vim\.)?(?:uv|loop)\.spawn)\s*\(`),
		httpStart:   regexp.MustCompile(`\bhttps?\.request\s*\(|\bcurl\.(?:get|post|request|fetch)\s*\(|\bvim\.net\.request\s*\(`),
		fetcherLit:  regexp.MustCompile(`["'\[](?:/usr/bin/|/bin/)?(?:curl|wget)(?:["'\]]|\s)`),
		load:        regexp.MustCompile(`(?:\bloadstring|\bload|\bdofile|\bloadfile|\(\s*(?:loadstring\s+or\s+load|load\s+or\s+loadstring)\s*\))\s*\(\s*([A-Za-z_][\w.\[\]"':]*)`),
		assign:      regexp.MustCompile(`(?m)(?:\blocal\s+)?([A-Za-z_][\w.]*(?:\s*,\s*[A-Za-z_][\w.]*)*)\s*=\s*([^=\n][^\n]*)$`),
		funcParams:  regexp.MustCompile(`\bfunction\s*[\w.:]*\s*\(([^)]*)\)`),
		editorStart: regexp.MustCompile(`nvim_create_autocmd\s*\(\s*(?:\{[^}]*)?["'](?:VimEnter|UIEnter)["']|autocmd\s+(?:VimEnter|UIEnter)\b`),
		saveFlag:    regexp.MustCompile(`["'](?:-o|-O|--output(?:-document)?|-\w*[oO])["']|\s-[oO]\s`),
		root:        regexp.MustCompile(`^\s*(?:\(\s*)?([A-Za-z_]\w*)`),
	}
})

// maxLuaFetches bounds the fetch calls read in one file.
const maxLuaFetches = 32

// scanLuaFetchRun reports Lua that runs code it fetched (see above) in c,
// the file's text with comments blanked; src is the file as written.
func scanLuaFetchRun(sc *skillCtx, rel, src, c string) {
	re := luaFetchRE()
	var loads [][]int
	if strings.Contains(c, "load") || strings.Contains(c, "dofile") {
		loads = re.load.FindAllStringSubmatchIndex(c, 32)
	}
	// the commands the file runs, through its own functions too: a fetch
	// (get(url) wrapping curl), or a shell given what arrived
	wraps := luaWrappers(c, luaModuleWrappers(rel, c, sc.linked))
	var sinks []luaSink
	if len(wraps) > 0 || luaShellCall.MatchString(c) {
		sinks = luaSinks(c, wraps)
	}
	if len(loads) == 0 && len(sinks) == 0 {
		return
	}
	got, saved := map[string]bool{}, map[string]bool{}
	var fetchLines []int    // offsets of the starts of lines holding a fetch
	var fetchSpans [][2]int // the fetch calls, their callbacks inside
	add := func(start, argStart, end int, cmd string) {
		fetchSpans = append(fetchSpans, [2]int{start, end})
		for _, p := range re.funcParams.FindAllStringSubmatch(c[start:end], 8) {
			for _, n := range strings.Split(p[1], ",") {
				if n = strings.TrimSpace(n); identRe.MatchString(n) && !luaKeyword()[n] {
					got[n] = true
				}
			}
		}
		fetchLines = append(fetchLines, strings.LastIndexByte(c[:start], '\n')+1)
		if re.saveFlag.MatchString(c[start:end]) || re.saveFlag.MatchString(cmd) {
			// curl -o path: the variables named in the call name the file
			// it writes, for a later dofile or loadfile
			for _, id := range luaPlainVars(c[argStart:end]) {
				saved[id] = true
			}
		}
	}
	for _, m := range re.shellStart.FindAllStringIndex(c, maxLuaFetches) {
		if end := luaCallEnd(c, m[1]-1); re.fetcherLit.MatchString(c[m[0]:end]) {
			add(m[0], m[1], end, "")
		}
	}
	for _, s := range sinks {
		if s.wrap && s.open >= 0 && re.fetcherLit.MatchString(s.expr) && len(fetchLines) < maxLuaFetches {
			add(s.off, s.open+1, s.end, s.expr)
		}
	}
	for _, m := range re.httpStart.FindAllStringIndex(c, maxLuaFetches) {
		add(m[0], m[1], luaCallEnd(c, m[1]-1), "")
	}
	if len(fetchLines) == 0 {
		return
	}
	assigns := re.assign.FindAllStringSubmatchIndex(c, 4000)
	for _, a := range assigns {
		ls := strings.LastIndexByte(c[:a[0]], '\n') + 1
		for _, f := range fetchLines {
			if f == ls {
				luaMark(got, c[a[2]:a[3]])
			}
		}
	}
	// what arrived, passed on: local src = res.stdout; local s = h:read("*a")
	for range 3 {
		grew := false
		for _, a := range assigns {
			if root := luaRoot(c[a[4]:a[5]]); got[root] && !got[luaRoot(c[a[2]:a[3]])] {
				luaMark(got, c[a[2]:a[3]])
				grew = true
			}
		}
		if !grew {
			break
		}
	}
	if luaShellRun(sc, rel, src, c, sinks, luaOwnWrappers(wraps, fetchSpans), got) {
		return
	}
	for _, l := range loads {
		open := strings.LastIndexByte(c[:l[2]], '(')
		arg := c[open:luaCallEnd(c, open)]
		file := strings.HasSuffix(strings.TrimRight(c[l[0]:open], " \t"), "file")
		if !luaUsesAny(arg, got) && !(file && luaUsesAny(arg, saved)) {
			continue
		}
		reason := "fetches text from the network and runs it as Lua: the server decides what runs on this machine each time the code runs"
		if re.editorStart.MatchString(c) || vimStartup.MatchString(rel) {
			reason += " (here at every Neovim start)"
		}
		li := newLineIndex(c)
		ln := li.line(l[0])
		sc.add(rel, ln, "download-exec", Critical, reason, trimmedLine(src, ln))
		return
	}
}

// luaOwnWrappers returns the wrappers of wraps defined outside every
// span of spans: a fetch's callback (on_stdout = function(_, data))
// reads like a function handing its parameter to a shell, but what it
// is given is what the fetch delivered.
func luaOwnWrappers(wraps []luaWrapper, spans [][2]int) []luaWrapper {
	var out []luaWrapper
	for _, w := range wraps {
		inside := false
		for _, sp := range spans {
			if w.from >= sp[0] && w.from < sp[1] {
				inside = true
			}
		}
		if !inside {
			out = append(out, w)
		}
	}
	return out
}

// luaShellRun reports a command of sinks that runs text a fetch
// delivered (a variable of got where a command goes: vim.fn.system(out),
// { "sh", "-c", res.stdout }, a wrapper's call given it), and whether it
// did. The body of a wrapper of wraps running its parameter is read at
// the wrapper's calls, not as the fetched value of a name it shares.
func luaShellRun(sc *skillCtx, rel, src, c string, sinks []luaSink, wraps []luaWrapper, got map[string]bool) bool {
	for _, s := range sinks {
		if s.chmod {
			continue
		}
		for _, r := range luaCommandRoots(s.expr) {
			if !got[r] || luaOwnParam(s.off, r, wraps) {
				continue
			}
			reason := "fetches text from the network and runs it as a shell command: the server decides what runs on this machine each time the code runs"
			if luaFetchRE().editorStart.MatchString(c) || vimStartup.MatchString(rel) {
				reason += " (here at every Neovim start)"
			}
			ln := newLineIndex(c).line(s.off)
			sc.add(rel, ln, "download-exec", Critical, reason, trimmedLine(src, ln))
			return true
		}
	}
	return false
}

// luaOwnParam reports whether the name r at offset off is the parameter
// of a wrapper whose body holds off.
func luaOwnParam(off int, r string, wraps []luaWrapper) bool {
	for _, w := range wraps {
		if w.pname == r && off >= w.from && off < w.to {
			return true
		}
	}
	return false
}

// luaUsesAny reports whether the expression e reads a variable of got:
// one its value starts from (res in res.stdout) or one passed inside it
// (data in table.concat(data, "\n")); a field name (x.data) is not one.
func luaUsesAny(e string, got map[string]bool) bool {
	for i := 0; i < len(e); {
		c := e[i]
		if !(c == '_' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z') {
			if c == '"' || c == '\'' {
				for i++; i < len(e) && e[i] != c; i++ {
					if e[i] == '\\' {
						i++
					}
				}
			}
			i++
			continue
		}
		j := i
		for j < len(e) && (e[j] == '_' || e[j] >= 'A' && e[j] <= 'Z' || e[j] >= 'a' && e[j] <= 'z' || e[j] >= '0' && e[j] <= '9') {
			j++
		}
		if (i == 0 || e[i-1] != '.' && e[i-1] != ':') && got[e[i:j]] {
			return true
		}
		i = j
	}
	return false
}

// luaPlainVars returns the plain variables e names outside string
// literals: not a field (x.path), not a table a field is read from
// (M in M.path), not a called function, not a keyword.
func luaPlainVars(e string) []string {
	var out []string
	word := func(b byte) bool {
		return b == '_' || b >= 'A' && b <= 'Z' || b >= 'a' && b <= 'z' || b >= '0' && b <= '9'
	}
	for i := 0; i < len(e) && len(out) < 64; {
		c := e[i]
		if c == '"' || c == '\'' {
			for i++; i < len(e) && e[i] != c; i++ {
				if e[i] == '\\' {
					i++
				}
			}
			i++
			continue
		}
		if !word(c) || c >= '0' && c <= '9' {
			i++
			continue
		}
		j := i
		for j < len(e) && word(e[j]) {
			j++
		}
		k := j
		for k < len(e) && (e[k] == ' ' || e[k] == '\t') {
			k++
		}
		field := i > 0 && (e[i-1] == '.' || e[i-1] == ':')
		table := k < len(e) && (e[k] == '.' && (k+1 >= len(e) || e[k+1] != '.') || e[k] == ':' || e[k] == '(' || e[k] == '[')
		if n := e[i:j]; !field && !table && !luaKeyword()[n] {
			out = append(out, n)
		}
		i = j
	}
	return out
}

// luaMark records every name of an assignment's left side as holding
// what arrived.
func luaMark(got map[string]bool, names string) {
	for _, n := range strings.Split(names, ",") {
		if r := luaRoot(strings.TrimSpace(n)); r != "" && !luaKeyword()[r] {
			got[r] = true
		}
	}
}

// luaRoot returns the variable an expression starts from, or "".
func luaRoot(e string) string {
	if m := luaFetchRE().root.FindStringSubmatch(e); m != nil {
		return m[1]
	}
	return ""
}

// luaCallEnd returns the offset just past the parenthesis that closes
// the one at c[open], skipping quoted strings, or len(c) (bounded to
// 8 KiB past open).
func luaCallEnd(c string, open int) int {
	limit := min(len(c), open+8192)
	depth := 0
	for i := open; i < limit; i++ {
		switch c[i] {
		case '"', '\'':
			q := c[i]
			for i++; i < limit && c[i] != q && c[i] != '\n'; i++ {
				if c[i] == '\\' {
					i++
				}
			}
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i + 1
			}
		}
	}
	return limit
}
