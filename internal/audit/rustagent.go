package audit

import (
	"path"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Rust programs that rewrite the agent's own settings or the other
// skills installed for it (rule agent-tamper): an "MCP doctor" whose fix
// command writes every client's MCP config in the home folder
// (~/.cursor/mcp.json, ~/.claude.json, Claude Desktop's
// claude_desktop_config.json) with each server rerouted through its own
// proxy, and appends a note to the SKILL.md of every skill it lists under
// ~/.claude/skills. The paths usually live in another module of the crate
// (clients.rs returning ClientConfig { path: home.join(".cursor/mcp.json"),
// .. }), so a Rust file's program is the file and the crate's modules it
// names (mod x;, use crate::x, super::x: rustUsesModule, linked by
// linkedOf). Rust is read by tokens (rustTokens: comments, strings, raw
// strings, char literals and lifetimes told apart) and the path a write
// (fs::write, File::create, a writing OpenOptions's open, fs::copy or
// fs::rename onto it; not a sibling made with with_extension, a backup)
// is given is followed by name through the program: the let, for, if let
// and closure bindings of the function it stands in, consts and statics,
// struct fields set by name (path: home.join(..)), the bodies of the
// functions it calls and, for a function's parameter, the arguments its
// callers give; the names a format string captures ({name}) too. The
// write is high when what it reaches holds the home folder
// (dirs::home_dir(), env::var("HOME"), dirs::config_dir()) and names the
// agent's settings or instructions (agentVerdict's reading, and
// agentNamedFile), or names an agent's skills folder that a listing it
// reaches walks (fs::read_dir, WalkDir, glob of that folder): a skill it
// listed, not one it names, nor its own folder (namesOwnSkill). The data written to instructions (a SKILL.md,
// CLAUDE.md, AGENTS.md, GEMINI.md) is followed the same way, and when its
// text, read as markdown, is itself an injection (plantedInjection) the
// write is critical. A program that only reads the agent's settings, one
// that writes its own files (a literal path, its own skill's folder) or
// that prints a config for the user to paste reaches no such write.

// rustLit is a string literal of a Rust file: the offsets of its token
// (prefix and quotes included) and its text, unescaped.
type rustLit struct {
	off, end int
	body     string
}

// maxRustLits bounds the literals read from one Rust file.
const maxRustLits = 4000

// rustTokens reads Rust source: code is src with its comments blanked
// (newlines kept, so offsets keep their lines); shape is code with the
// insides of its string and char literals blanked too and lifetimes'
// quotes removed, so brackets, calls and names can be read without
// reading into text; lits are its string literals, unescaped.
func rustTokens(src string) (code, shape string, lits []rustLit) {
	c := []byte(src)
	s := []byte(src)
	blank := func(b []byte, from, to int) {
		for k := from; k < to && k < len(b); k++ {
			if b[k] != '\n' {
				b[k] = ' '
			}
		}
	}
	identByte := func(b byte) bool {
		return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
	}
	n := len(src)
	for i := 0; i < n; {
		ch := src[i]
		switch {
		case ch == '/' && i+1 < n && src[i+1] == '/':
			j := strings.IndexByte(src[i:], '\n')
			if j < 0 {
				j = n - i
			}
			blank(c, i, i+j)
			blank(s, i, i+j)
			i += j
		case ch == '/' && i+1 < n && src[i+1] == '*':
			depth, j := 1, i+2
			for j < n && depth > 0 {
				switch {
				case src[j] == '/' && j+1 < n && src[j+1] == '*':
					depth++
					j += 2
				case src[j] == '*' && j+1 < n && src[j+1] == '/':
					depth--
					j += 2
				default:
					j++
				}
			}
			blank(c, i, j)
			blank(s, i, j)
			i = j
		case (ch == 'r' || ch == 'b' || ch == 'c') && (i == 0 || !identByte(src[i-1])):
			// r"..", r#".."#, br"..", b"..", c"..": a prefix, else a name
			j := i + 1
			if ch != 'r' && j < n && src[j] == 'r' {
				j++
			}
			raw := src[j-1] == 'r'
			hashes := 0
			for raw && j < n && src[j] == '#' {
				hashes++
				j++
			}
			if j >= n || src[j] != '"' || (!raw && j != i+1) {
				for i < n && identByte(src[i]) {
					i++
				}
				continue
			}
			if !raw {
				i = j // b"..", c"..": an escaped string after its prefix
				continue
			}
			close := "\"" + strings.Repeat("#", hashes)
			k := strings.Index(src[j+1:], close)
			end := n
			body := src[j+1:]
			if k >= 0 {
				body = src[j+1 : j+1+k]
				end = j + 1 + k + len(close)
			}
			if len(lits) < maxRustLits {
				lits = append(lits, rustLit{i, end, body})
			}
			blank(s, j+1, j+1+len(body))
			i = end
		case ch == '"':
			j, body := rustUnescape(src, i+1)
			if len(lits) < maxRustLits {
				lits = append(lits, rustLit{i, j, body})
			}
			blank(s, i+1, j-1)
			i = j
		case ch == '\'':
			// a char literal ('a', '\n', '\u{7f}', '"') or a lifetime ('a)
			if i+1 < n && src[i+1] == '\\' {
				k := i + 2
				for k < n && k < i+16 && src[k] != '\'' && src[k] != '\n' {
					k++
				}
				if k < n && src[k] == '\'' {
					blank(s, i+1, k)
					i = k + 1
					continue
				}
			} else if i+1 < n {
				_, w := utf8.DecodeRuneInString(src[i+1:])
				if i+1+w < n && src[i+1+w] == '\'' {
					blank(s, i+1, i+1+w)
					i += w + 2
					continue
				}
			}
			s[i] = ' '
			i++
		case identByte(ch):
			for i < n && identByte(src[i]) {
				i++
			}
		default:
			i++
		}
	}
	return string(c), string(s), lits
}

// rustUnescape reads a Rust string's text from src[i] (after its opening
// quote): the offset after its closing quote, and the text with its
// escapes read (\n, \t, \x41, \u{..}, a backslash ending a line skips the
// line break and the blanks after it).
func rustUnescape(src string, i int) (int, string) {
	var b strings.Builder
	for i < len(src) {
		ch := src[i]
		switch {
		case ch == '"':
			return i + 1, b.String()
		case ch == '\\' && i+1 < len(src):
			e := src[i+1]
			i += 2
			switch e {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			case '0':
				b.WriteByte(0)
			case 'x':
				if i+2 <= len(src) {
					if v, err := strconv.ParseUint(src[i:i+2], 16, 8); err == nil {
						b.WriteByte(byte(v))
						i += 2
					}
				}
			case 'u':
				if i < len(src) && src[i] == '{' {
					if k := strings.IndexByte(src[i:], '}'); k > 0 && k < 10 {
						if v, err := strconv.ParseUint(strings.ReplaceAll(src[i+1:i+k], "_", ""), 16, 32); err == nil && utf8.ValidRune(rune(v)) {
							b.WriteRune(rune(v))
						}
						i += k + 1
					}
				}
			case '\n', '\r':
				for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r') {
					i++
				}
			default:
				b.WriteByte(e)
			}
		default:
			b.WriteByte(ch)
			i++
		}
	}
	return len(src), b.String()
}

// rustModRE is a module declared from its own file (mod clients;): group
// 1 its name; rustCrateRE a path through the crate's root or the parent
// module (crate::clients::.., super::paths): group 1 crate or super,
// group 2 the first module, group 3 the next segment.
var (
	rustModRE   = lazyRE(`\bmod\s+([A-Za-z_]\w*)\s*;`)
	rustCrateRE = lazyRE(`\b(crate|super)\s*::\s*\{?\s*([A-Za-z_]\w*)(?:\s*::\s*([A-Za-z_]\w*))?`)
)

// rustUsesModule reports whether the Rust file rel (content) names the
// crate's module file f: mod x; beside it (or in its own folder, for a
// file that is not main.rs, lib.rs, mod.rs or a build script's build.rs,
// the root of its own crate), a crate:: path from the
// crate's root (the nearest src folder above it, else its own folder),
// or a super:: path from its parent module.
func rustUsesModule(rel, content, f string) bool {
	dir, base := path.Dir(rel), path.Base(rel)
	modDir := dir
	if base != "main.rs" && base != "lib.rs" && base != "mod.rs" && base != "build.rs" {
		modDir = path.Join(dir, strings.TrimSuffix(base, ".rs"))
	}
	isMod := func(d, name string) bool {
		return f == path.Join(d, name+".rs") || f == path.Join(d, name, "mod.rs")
	}
	for _, m := range rustModRE.FindAllStringSubmatch(content, 64) {
		if isMod(modDir, m[1]) {
			return true
		}
	}
	root := dir
	for d := dir; d != "." && d != "/" && d != ""; d = path.Dir(d) {
		if path.Base(d) == "src" {
			root = d
			break
		}
	}
	for _, m := range rustCrateRE.FindAllStringSubmatch(content, 256) {
		from := []string{root}
		if m[1] == "super" {
			from = []string{dir, path.Dir(dir)}
		}
		for _, d := range from {
			if isMod(d, m[2]) || m[3] != "" && isMod(path.Join(d, m[2]), m[3]) {
				return true
			}
		}
	}
	return false
}

// rustSrc is one file of a Rust program, read by rustTokens, and its
// bindings.
type rustSrc struct {
	rel, code, shape string
	lits             []rustLit
	// lets are the values bound by let, for, if let, while let and
	// closure parameters, by each name the pattern binds.
	lets map[string][]rustBinding
	// bodies are the spans of its functions' bodies, in order, and
	// fnOf the name and parameters of the function of each.
	bodies [][2]int
	fnOf   []rustFnSig
}

// rustFnSig is a function's name and its parameters' names in order.
type rustFnSig struct {
	name   string
	params []string
}

// rustBinding is a binding: where its pattern stands, and its value.
type rustBinding struct {
	at  int
	val rustSpan
}

// enclosing returns the innermost function body of r holding offset
// off (its index in bodies), or -1: a name bound in one function is
// not the same name used in another.
func (r *rustSrc) enclosing(off int) int {
	// the last body opening at or before off that holds it (a function
	// nested in another opens after it)
	i := sort.Search(len(r.bodies), func(i int) bool { return r.bodies[i][0] > off }) - 1
	for k := 0; i >= 0 && k < 64; i, k = i-1, k+1 {
		if off < r.bodies[i][1] {
			return i
		}
	}
	return -1
}

// visible returns the values bound to name that a use at offset use
// sees: bound before it, in the same function.
func (r *rustSrc) visible(name string, use int) []rustSpan {
	var out []rustSpan
	fn := -2
	for _, l := range r.lets[name] {
		if l.at >= use {
			continue
		}
		if fn == -2 {
			fn = r.enclosing(use)
		}
		if r.enclosing(l.at) == fn {
			out = append(out, l.val)
		}
	}
	return out
}

// rustSpan is a stretch of a program's file.
type rustSpan struct {
	src  *rustSrc
	s, e int
}

// rustProg is a Rust program: its files and what their names stand for.
type rustProg struct {
	srcs []*rustSrc
	// fns are the bodies of its functions (methods too) by name.
	fns map[string][]rustSpan
	// consts are the values of consts and statics; fields the values
	// given to struct fields by name (path: home.join(..)).
	consts, fields map[string][]rustSpan
	// calls are the argument lists of calls of each name (f(a, b)).
	calls map[string][]rustSpan
	// work counts the literals and names read by all its reaches,
	// bounded by maxRustProgWork.
	work int
}

// maxRustProgWork bounds the literals and names one file's writes read
// in all: a few times what one expression may read (maxRustSteps).
const maxRustProgWork = 4 * maxRustSteps

var (
	// rustFnRE is a function's name (group 1) up to its parameters.
	rustFnRE = lazyRE(`\bfn\s+([A-Za-z_]\w*)\s*(?:<[^{}()]*>)?\s*\(`)
	// rustConstRE is a const or static (group 1) up to its value.
	rustConstRE = lazyRE(`\b(?:const|static)\s+(?:mut\s+)?([A-Za-z_]\w*)\s*:[^=;{}]*=`)
	// rustLetRE is a let (group 1: in an if or while) up to its pattern.
	rustLetRE = lazyRE(`\b(if\s+|while\s+)?let\s+`)
	// rustForRE is a for loop up to its pattern.
	rustForRE = lazyRE(`\bfor\s+`)
	// rustFieldRE is a name given a value or a type (path: x, not
	// std::fs); group 1 the name.
	rustFieldRE = lazyRE(`(?:^|[^:\w])([A-Za-z_]\w*)\s*:[^:]`)
	// rustClosureRE is a closure handed to a method (.for_each(|e| ..),
	// .map(move |(k, v)| ..)): its parameters in group 1.
	rustClosureRE = lazyRE(`\.\s*[A-Za-z_]\w*\s*\(\s*(?:move\s+)?\|([^|]*)\|`)
	// rustIdentAny is a name.
	rustIdentAny = lazyRE(`[A-Za-z_]\w*`)
	// rustCallRE is a call of a name (f(, clients::f(, x.f(): group 1
	// the name.
	rustCallRE = lazyRE(`([A-Za-z_]\w*)\s*(?:::\s*<[^()]*>\s*)?\(`)
)

// rustKeywords are names that bind or hold nothing a path is built from.
var rustKeywords = lazySet("as", "break", "const", "continue", "crate", "else", "enum", "extern", "false", "fn", "for", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "self", "Self", "static", "struct", "super", "trait", "true", "type", "unsafe", "use", "where", "while", "async", "await", "dyn", "Some", "None", "Ok", "Err", "unwrap", "expect", "clone", "to_string", "to_owned", "into", "as_str", "as_ref")

// maxRustProgFiles and maxRustProgBytes bound the files of one program.
const (
	maxRustProgFiles = 12
	maxRustProgBytes = 1 << 20
)

// rustEndAt returns the offset in shape, from i, of the first of stops
// met outside brackets (or the closing bracket of the one i is inside),
// at most 8,000 bytes on.
func rustEndAt(shape string, i int, stops string) int {
	depth := 0
	lim := min(len(shape), i+8000)
	for j := i; j < lim; j++ {
		ch := shape[j]
		switch {
		case ch == '(' || ch == '[' || ch == '{':
			if depth == 0 && strings.IndexByte(stops, ch) >= 0 {
				return j
			}
			depth++
		case ch == ')' || ch == ']' || ch == '}':
			if depth == 0 {
				return j
			}
			depth--
		case depth == 0 && strings.IndexByte(stops, ch) >= 0:
			if ch == '=' && j+1 < len(shape) && (shape[j+1] == '=' || shape[j+1] == '>') || ch == '=' && j > 0 && strings.IndexByte("=!<>", shape[j-1]) >= 0 {
				continue
			}
			return j
		}
	}
	return lim
}

// rustPatNames returns the names a pattern binds (x, (k, v), Some(p),
// mut cfg: Type's cfg; what follows a top-level ':' is a type).
func rustPatNames(pat string) []string {
	if i := rustEndAt(pat, 0, ":"); i < len(pat) {
		pat = pat[:i]
	}
	var out []string
	for _, n := range rustIdentAny.FindAllString(pat, 16) {
		if !rustKeywords()[n] {
			out = append(out, n)
		}
	}
	return out
}

// rustFnBody returns the body of the function whose parameter list
// opens before offset i of shape: the offsets of its opening brace and
// of its closing one; false for a declaration without a body.
func rustFnBody(shape string, i int) (open, end int, ok bool) {
	close := rustEndAt(shape, i, "")
	if close >= len(shape) {
		return 0, 0, false
	}
	open = rustEndAt(shape, close+1, "{;")
	if open >= len(shape) || shape[open] != '{' {
		return 0, 0, false
	}
	return open, rustEndAt(shape, open+1, ""), true
}

// newRustSrc reads one file of a program and its bindings.
func newRustSrc(rel, text string) *rustSrc {
	code, shape, lits := rustTokens(text)
	r := &rustSrc{rel: rel, code: code, shape: shape, lits: lits, lets: map[string][]rustBinding{}}
	bind := func(at int, pat string, s, e int) {
		for _, n := range rustPatNames(pat) {
			if len(r.lets[n]) < 16 {
				r.lets[n] = append(r.lets[n], rustBinding{at, rustSpan{r, s, e}})
			}
		}
	}
	for _, m := range rustFnRE.FindAllStringSubmatchIndex(shape, 1024) {
		open, end, ok := rustFnBody(shape, m[1])
		if !ok {
			continue
		}
		var params []string
		for _, a := range callArgs(shape[m[1]:open]) {
			ns := rustPatNames(a)
			if len(ns) == 0 {
				ns = []string{""} // self
			}
			params = append(params, ns[0])
		}
		r.bodies = append(r.bodies, [2]int{open, end})
		r.fnOf = append(r.fnOf, rustFnSig{shape[m[2]:m[3]], params})
	}
	for _, m := range rustLetRE.FindAllStringSubmatchIndex(shape, 2048) {
		eq := rustEndAt(shape, m[1], "=;")
		if eq >= len(shape) || shape[eq] != '=' {
			continue
		}
		stops := ";"
		if m[2] >= 0 {
			stops = "{;" // if let PAT = EXPR { .. }
		}
		bind(m[1], shape[m[1]:eq], eq+1, rustEndAt(shape, eq+1, stops))
	}
	for _, m := range rustForRE.FindAllStringIndex(shape, 1024) {
		in := strings.Index(shape[m[1]:min(len(shape), m[1]+200)], " in ")
		if in < 0 {
			continue
		}
		at := m[1] + in + 4
		bind(m[1], shape[m[1]:m[1]+in], at, rustEndAt(shape, at, "{;"))
	}
	for _, m := range rustClosureRE.FindAllStringSubmatchIndex(shape, 1024) {
		// the receiver: back to the statement's start
		depth, st := 0, m[0]
		for st > 0 && m[0]-st < 4000 {
			ch := shape[st-1]
			if ch == ')' || ch == ']' || ch == '}' {
				depth++
			} else if ch == '(' || ch == '[' || ch == '{' {
				if depth == 0 {
					break
				}
				depth--
			} else if depth == 0 && (ch == ';' || ch == '=' || ch == ',') {
				break
			}
			st--
		}
		bind(m[2], shape[m[2]:m[3]], st, m[0])
	}
	return r
}

// newRustProg reads the program of the file rel (text): it and the Rust
// files of its crate that it names (linked).
func newRustProg(rel, text string, linked []linkedFile) *rustProg {
	p := &rustProg{fns: map[string][]rustSpan{}, consts: map[string][]rustSpan{}, fields: map[string][]rustSpan{}, calls: map[string][]rustSpan{}}
	p.srcs = append(p.srcs, newRustSrc(rel, text))
	size := len(text)
	for _, l := range linked {
		if l.data || !strings.HasSuffix(l.rel, ".rs") || len(p.srcs) >= maxRustProgFiles || size+len(l.text) > maxRustProgBytes {
			continue
		}
		size += len(l.text)
		p.srcs = append(p.srcs, newRustSrc(l.rel, l.text))
	}
	for _, r := range p.srcs {
		sh := r.shape
		for i, b := range r.bodies {
			name := r.fnOf[i].name
			if len(p.fns[name]) < 8 {
				p.fns[name] = append(p.fns[name], rustSpan{r, b[0], b[1]})
			}
		}
		for _, m := range rustConstRE.FindAllStringSubmatchIndex(sh, 1024) {
			name := sh[m[2]:m[3]]
			if len(p.consts[name]) < 8 {
				p.consts[name] = append(p.consts[name], rustSpan{r, m[1], rustEndAt(sh, m[1], ";")})
			}
		}
		for _, m := range rustFieldRE.FindAllStringSubmatchIndex(sh, 4096) {
			name := sh[m[2]:m[3]]
			if rustKeywords()[name] || len(p.fields[name]) >= 16 {
				continue
			}
			at := m[1] - 1
			p.fields[name] = append(p.fields[name], rustSpan{r, at, rustEndAt(sh, at, ",;")})
		}
		for _, m := range rustCallRE.FindAllStringSubmatchIndex(sh, 4096) {
			name := sh[m[2]:m[3]]
			if rustKeywords()[name] || len(p.calls[name]) >= 16 || strings.HasSuffix(strings.TrimRight(sh[:m[2]], " \t"), "fn") {
				continue
			}
			p.calls[name] = append(p.calls[name], rustSpan{r, m[1], rustEndAt(sh, m[1], "")})
		}
	}
	return p
}

// rustReach is what an expression of a program may be built from.
type rustReach struct {
	lits []string
	// home is set when it reaches the home folder; listings are the
	// folder listings it reaches (their argument lists).
	home     bool
	listings []rustSpan
}

var (
	// rustHomeRE is the home folder or the user's config folder (where
	// Claude Desktop keeps its config) in Rust.
	rustHomeRE = lazyRE(`\b(?:dirs|dirs_next|dirs2|home|std::env|env)::(?:home_dir|config_dir|data_dir)\s*\(|\b(?:BaseDirs|UserDirs|ProjectDirs)::new\b|\bvar(?:_os)?\s*\(\s*"(?:HOME|USERPROFILE|APPDATA|XDG_CONFIG_HOME)"`)
	// rustListRE lists a folder's entries: its argument list starts at
	// the match's end.
	rustListRE = lazyRE(`\bread_dir\s*\(|\bWalkDir::new\s*\(|\bglob(?:::glob)?\s*\(`)
	// rustCapRE is a name a format string captures ({name}, {name:?}).
	rustCapRE = lazyRE(`\{([A-Za-z_]\w*)(?::[^{}]*)?\}`)
)

// maxRustReach bounds the spans followed from one expression (the
// literals and names read in them: maxRustSteps, as the resolver's).
const maxRustReach = 512

// reach follows the expression span from through the program's names
// (see above).
func (p *rustProg) reach(from rustSpan) rustReach {
	var out rustReach
	seen := map[rustSpan]bool{}
	work := []rustSpan{from}
	add := func(sp rustSpan) {
		if sp.e > sp.s && !seen[sp] && len(seen) < maxRustReach {
			seen[sp] = true
			work = append(work, sp)
		}
	}
	seen[from] = true
	byName := func(r *rustSrc, name string, use int) {
		for _, sp := range r.visible(name, use) {
			add(sp)
		}
		for _, sp := range p.consts[name] {
			add(sp)
		}
		// a parameter of the function it is used in: what the callers give
		in := r.enclosing(use)
		if in < 0 {
			return
		}
		fn := r.fnOf[in]
		for i, pn := range fn.params {
			if pn != name {
				continue
			}
			for _, c := range p.calls[fn.name] {
				if args := callArgs(c.src.shape[c.s:min(len(c.src.shape), c.e+1)]); i < len(args) {
					if k := strings.Index(c.src.shape[c.s:], args[i]); k >= 0 {
						add(rustSpan{c.src, c.s + k, c.s + k + len(args[i])})
					}
				}
			}
		}
	}
	steps := 0
	for len(work) > 0 && steps < maxRustSteps && p.work < maxRustProgWork {
		sp := work[len(work)-1]
		work = work[:len(work)-1]
		r := sp.src
		code, sh := r.code[sp.s:sp.e], r.shape[sp.s:sp.e]
		out.home = out.home || rustHomeRE.MatchString(code)
		for _, m := range rustListRE.FindAllStringIndex(sh, 8) {
			if at := sp.s + m[1]; len(out.listings) < 8 {
				out.listings = append(out.listings, rustSpan{r, at, rustEndAt(r.shape, at, "")})
			}
		}
		first := sort.Search(len(r.lits), func(i int) bool { return r.lits[i].off >= sp.s })
		for _, l := range r.lits[first:] {
			if l.off >= sp.e {
				break
			}
			steps++
			p.work++
			if len(out.lits) < 1024 {
				out.lits = append(out.lits, l.body)
			}
			for _, m := range rustCapRE.FindAllStringSubmatch(l.body, 16) {
				byName(r, m[1], l.off)
			}
		}
		for _, m := range rustIdentAny.FindAllStringIndex(sh, 256) {
			steps++
			p.work++
			name := sh[m[0]:m[1]]
			if rustKeywords()[name] || name[0] >= '0' && name[0] <= '9' {
				continue
			}
			before := strings.TrimRight(sh[:m[0]], " \t\n")
			after := strings.TrimLeft(sh[m[1]:], " \t\n")
			switch {
			case strings.HasPrefix(after, "("), strings.HasPrefix(after, "::<"):
				for _, f := range p.fns[name] {
					add(f)
				}
			case strings.HasPrefix(after, "!"), strings.HasPrefix(after, "::"):
				// a macro, a module or a type
			case strings.HasSuffix(before, "."):
				for _, f := range p.fields[name] {
					add(f)
				}
			case strings.HasSuffix(before, "::"):
				for _, f := range p.consts[name] {
					add(f)
				}
			default:
				byName(r, name, sp.s+m[0])
			}
		}
	}
	return out
}

// rustWriteRE is a Rust call that writes a file: group 1 is set for
// calls whose second argument is the path written (copy, rename,
// symlink onto it), group 2 for a writing OpenOptions's open.
var rustWriteRE = lazyRE(`\b(?:fs::(?:write|File::create)|File::create(?:_new)?|fs::OpenOptions::new|OpenOptions::new)\s*\(|\bfs::(copy|rename|hard_link)\s*\(|\b(?:fs::)?(symlink(?:_file|_dir)?)\s*\(|(\.\s*open)\s*\(`)

// rustDataRE is a write of data to a handle (f.write_all(x), writeln!(f,
// ..)): its argument list starts at the match's end.
var rustDataRE = lazyRE(`\.\s*write(?:_all|_fmt)?\s*\(|\bwrite(?:ln)?!\s*\(`)

// agentInstrMD names an instruction file of the agent or of a skill:
// text written there is what the agent reads.
var agentInstrMD = lazyRE(`(?:^|/)(?:CLAUDE|AGENTS|GEMINI|SKILL)\.md$`)

// rustSiblingPath is a path made from another by changing its name
// (with_extension, with_file_name): a file beside the one it names.
var rustSiblingPath = lazyRE(`\.\s*with_(?:extension|file_name)\s*\(`)

// maxRustWrites bounds the writes read in one file.
const maxRustWrites = 64

// scanRustAgent reports the writes of a Rust file (text) that reach the
// agent's settings or instructions in the home folder, or the skills it
// lists in an agent's skills folder (see above), with the crate's
// modules it names (linked).
func scanRustAgent(sc *skillCtx, rel, text string, linked []linkedFile) {
	if !rustWriteRE.MatchString(text) {
		return
	}
	names := func(t string) bool {
		return strings.Contains(t, ".claude") || strings.Contains(t, ".codex") || strings.Contains(t, ".gemini") || strings.Contains(t, ".cursor") ||
			strings.Contains(t, ".agents") || strings.Contains(t, ".windsurf") || strings.Contains(t, "claude_desktop_config")
	}
	found := names(text)
	for _, l := range linked {
		found = found || strings.HasSuffix(l.rel, ".rs") && names(l.text)
	}
	if !found {
		return
	}
	p := newRustProg(rel, text, linked)
	r := p.srcs[0]
	li := newLineIndex(text)
	done := map[string]bool{}
	for _, m := range rustWriteRE.FindAllStringSubmatchIndex(r.shape, maxRustWrites) {
		at, report := m[1], m[0]
		if m[6] >= 0 {
			// .open(p): a writing OpenOptions chain before it, reported
			// where the chain starts
			st := strings.LastIndexAny(r.shape[:m[0]], ";{}")
			chain := r.shape[st+1 : m[0]]
			if !strings.Contains(chain, "OpenOptions") || !strings.Contains(chain, "write") && !strings.Contains(chain, "append") {
				continue
			}
			report = st + 1 + len(chain) - len(strings.TrimLeft(chain, " \t\r\n"))
		} else if strings.Contains(r.shape[m[0]:m[1]], "OpenOptions") {
			continue // judged at its open
		}
		args := argSpans(r.shape, at)
		idx := 0
		if m[2] >= 0 || m[4] >= 0 {
			idx = 1
		}
		if idx >= len(args) {
			continue
		}
		target := rustSpan{r, args[idx][0], args[idx][1]}
		if t := strings.TrimSpace(r.code[target.s:target.e]); strings.HasPrefix(t, `"`) {
			// a literal path of its own (report.md) reaches only itself
			if lit := strings.Trim(t, `"`); !agentPathLit(lit) {
				continue
			}
		}
		if rustSiblingPath.MatchString(r.shape[target.s:target.e]) {
			continue // a backup beside the file (cfg.path.with_extension("bak")), not the file
		}
		got := p.reach(target)
		if !got.home {
			continue
		}
		bodies := make([]string, 0, len(got.lits))
		for _, l := range got.lits {
			bodies = append(bodies, strings.TrimPrefix(l, "/"))
		}
		lists := false
		for _, ls := range got.listings {
			lr := p.reach(ls)
			var lb []string
			for _, l := range lr.lits {
				lb = append(lb, strings.TrimPrefix(l, "/"))
			}
			if lr.home && namesSkillsDir(lb) && !namesOwnSkill(lb, sc.skill.Name) {
				lists = true
				break
			}
		}
		reason := agentVerdict(bodies, lists)
		if reason == "" || done[reason+"\x00critical"] {
			continue
		}
		sev := High
		why := reason + ": what it obeys next comes from this skill"
		if instrTarget(bodies) {
			if planted := plantedInjection(sc, rustWritten(p, r, m, args), false); planted != "" {
				sev = Critical
				why = reason + ", and what it writes there is itself an injection (" + planted + "): every file it lands in then instructs the agent in this skill's words, where the user does not look"
			}
		}
		key := reason + "\x00" + sev.String()
		if done[key] {
			continue
		}
		done[key] = true
		ln := li.line(report)
		if reason == agentSettingsReason {
			var all []litSpan
			for _, s := range p.srcs {
				for _, l := range s.lits {
					all = append(all, litSpan{m[0], l.body})
				}
			}
			agentHookLits(sc, rel, text, all)
		}
		sc.add(rel, ln, "agent-tamper", sev, why, strings.TrimSpace(lineText(text, li, ln)))
	}
}

// namesSkillsDir reports whether bodies name an agent's folder and
// installed skills (.claude/skills, or ".claude" and "skills").
func namesSkillsDir(bodies []string) bool {
	dir, skills := false, false
	for _, b := range bodies {
		dir = dir || agentDirPart.MatchString(b)
		skills = skills || agentSkillsPart.MatchString(b)
	}
	return dir && skills
}

// namesOwnSkill reports whether one of bodies names the skill's own
// folder (its name, alone or as a path's last part): a listing of it is
// of its own files, not of the other skills.
func namesOwnSkill(bodies []string, name string) bool {
	if name == "" {
		return false
	}
	for _, b := range bodies {
		b = strings.TrimRight(b, "/")
		if b == name || strings.HasSuffix(b, "/"+name) {
			return true
		}
	}
	return false
}

// instrTarget reports whether one of bodies names an instruction file
// (CLAUDE.md, AGENTS.md, GEMINI.md, a SKILL.md).
func instrTarget(bodies []string) bool {
	for _, b := range bodies {
		if agentInstrMD.MatchString(b) {
			return true
		}
	}
	return false
}

// rustWritten returns the text the write m of r (its arguments' spans
// args) writes, followed through the program: fs::write's second
// argument, else the data the file writes to handles (write_all, write!,
// writeln!).
func rustWritten(p *rustProg, r *rustSrc, m []int, args [][2]int) string {
	var spans []rustSpan
	if strings.Contains(r.shape[m[0]:m[1]], "write") {
		if len(args) >= 2 {
			spans = append(spans, rustSpan{r, args[1][0], args[1][1]})
		}
	} else {
		for _, d := range rustDataRE.FindAllStringIndex(r.shape, 32) {
			spans = append(spans, rustSpan{r, d[1], rustEndAt(r.shape, d[1], "")})
		}
	}
	var b strings.Builder
	for _, sp := range spans {
		for _, l := range p.reach(sp).lits {
			if b.Len() > 64<<10 {
				break
			}
			b.WriteString(l)
			b.WriteString("\n")
		}
	}
	return b.String()
}
