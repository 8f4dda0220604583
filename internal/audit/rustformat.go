package audit

import "strings"

// Rust command lines assembled before they are run: a build.rs that
// gives sh -c format!("{} | sh", fetch), with fetch bound by let to
// format!("{} -fsSL {}", "curl", url) and url to a const array of URL
// pieces joined with .concat(), hands the shell curl -fsSL URL | sh
// however the pieces are spelled. rustResolver reads an argument
// expression as the text Rust builds: string literals, format! and
// concat! with their arguments filled in, [..].concat() and .join(sep)
// over literals, String::from, .to_string() and the like, and plain
// names followed through the file's let and const bindings (a bounded
// depth, so a binding naming itself ends). The home folder
// (env::var("HOME"), dirs::home_dir() and the other expressions rustWipe
// knows, with their unwrap or ?) reads as $HOME, and a path joined to it
// (home.join(".ssh"), also through a name) as $HOME/.ssh, so a program
// started on it (Command::new("rm").arg("-rf").arg(&home)) reads as the
// shell's rm -rf $HOME. What it cannot read stays a shell variable
// ($name, $ARG), as rustWord reads it.

var (
	// rustBindRE is a let or const binding: group 1 the name, group 2
	// the value up to the statement's end.
	rustBindRE = lazyRE(`\b(?:let\s+(?:mut\s+)?|(?:pub\s+)?(?:const|static)\s+)([A-Za-z_]\w*)\s*(?::[^=;]+)?=\s*([^;]+);`)
	// rustFormatRE is format!, concat! or a print-to-string macro: its
	// arguments start at the match's end.
	rustFormatRE = lazyRE(`^(?:format|concat)\s*!\s*\(`)
	// rustPlaceRE is a format! placeholder: group 1 its name or index.
	rustPlaceRE = lazyRE(`\{([A-Za-z_0-9]*)(?::[^{}]*)?\}`)
	// rustStrConv is a conversion that keeps a string's text.
	rustStrConv = lazyRE(`^(?:String::from|str::to_string|std::string::String::from|(?:std::path::)?PathBuf::from|(?:std::path::)?Path::new)\s*\(`)
	// rustConvTail is a method that keeps a value's text.
	rustConvTail = lazyRE(`\s*\.\s*(?:to_string|to_owned|into|as_str|clone|display|to_string_lossy|as_ref)\s*\(\s*\)$`)
	// rustJoinTail is .concat() or .join(sep) ending an expression:
	// group 1 the separator's literal when it is join.
	rustJoinTail = lazyRE(`\s*\.\s*(?:concat\s*\(\s*\)|join\s*\(\s*("(?:[^"\\]|\\.)*")\s*\))$`)
	// rustPathJoin is a path's .join( call; its argument starts at the
	// match's end.
	rustPathJoin = lazyRE(`\.\s*join\s*\(`)
)

// maxRustResolve bounds the depth of bindings followed for one argument.
const maxRustResolve = 6

// rustResolver reads argument expressions of one Rust file (comments
// blanked) through its bindings.
type rustResolver struct {
	binds map[string]string
	steps int // expressions read for the current word, bounded by maxRustSteps
	// partial is set when a text read since the last word or literal
	// call holds what the code computes at run time (a name it could not
	// follow, the home folder): a shell word, not the program's literal.
	partial bool
}

// maxRustSteps bounds the expressions read for one argument, so bindings
// that format each other many times over cost a bounded amount of work.
const maxRustSteps = 4096

// maxRustText bounds the text one joined or formatted expression reads as.
const maxRustText = 16 << 10

// clipText cuts s to maxRustText bytes.
func clipText(s string) string {
	if len(s) > maxRustText {
		return s[:maxRustText]
	}
	return s
}

// newRustResolver collects the let, const and static bindings of c; a
// name bound twice keeps its first value (the common shape is one
// binding per name in a build script).
func newRustResolver(c string) *rustResolver {
	r := &rustResolver{binds: map[string]string{}}
	for _, m := range rustBindRE.FindAllStringSubmatch(c, 1024) {
		if _, ok := r.binds[m[1]]; !ok {
			r.binds[m[1]] = strings.TrimSpace(m[2])
		}
	}
	return r
}

// word is the shell word the argument expression e reads as: the text
// Rust builds when it can be read (see above), else rustWord's reading.
func (r *rustResolver) word(e string) string {
	r.steps, r.partial = 0, false
	if s, ok := r.text(strings.TrimSpace(e), 0); ok {
		return s
	}
	return rustWord(e)
}

// literal returns the text the expression e builds when all of it is
// written in the file (no home folder, no name it cannot follow).
func (r *rustResolver) literal(e string) (string, bool) {
	r.steps, r.partial = 0, false
	s, ok := r.text(strings.TrimSpace(e), 0)
	return s, ok && !r.partial
}

// text returns the string the expression e builds, and whether it could
// be read; a name it cannot follow reads as $name inside a format!.
func (r *rustResolver) text(e string, depth int) (string, bool) {
	if r.steps++; depth > maxRustResolve || e == "" || r.steps > maxRustSteps {
		return "", false
	}
	e = strings.TrimPrefix(strings.TrimSpace(e), "&")
	for {
		loc := rustConvTail.FindStringIndex(e)
		if loc == nil {
			break
		}
		e = strings.TrimSpace(e[:loc[0]])
	}
	if len(e) >= 2 && e[0] == '"' && stringEnd(e, 0, false) == len(e)-1 {
		return unescapeLit(e[1 : len(e)-1]), true
	}
	if m := rustStrConv.FindStringIndex(e); m != nil && strings.HasSuffix(e, ")") {
		if a := callArgs(e[m[1]:]); len(a) == 1 {
			return r.text(a[0], depth+1)
		}
	}
	if m := rustFormatRE.FindStringIndex(e); m != nil {
		return r.format(e[:m[1]], callArgs(e[m[1]:]), depth)
	}
	if m := rustWipe.home.FindStringIndex(e); m != nil && m[0] == 0 && m[1] == len(e) {
		r.partial = true
		return "$HOME", true
	}
	if m := rustJoinTail.FindStringSubmatchIndex(e); m != nil {
		sep := ""
		if m[2] >= 0 {
			sep = unescapeLit(e[m[2]+1 : m[3]-1])
		}
		if parts, ok := r.list(strings.TrimSpace(e[:m[0]]), depth+1); ok {
			return clipText(strings.Join(parts, sep)), true
		}
		if m[2] < 0 {
			return "", false
		}
	}
	if s, ok := r.pathJoin(e, depth); ok {
		return s, true
	}
	if isIdent(e) {
		if v, ok := r.binds[e]; ok {
			return r.text(v, depth+1)
		}
	}
	return "", false
}

// pathJoin reads e when it ends in a path's .join(part) (home.join(".ssh"),
// PathBuf::from(dir).join(name)): the base's text, a slash and the part's;
// a base that is a name it cannot follow reads as $name.
func (r *rustResolver) pathJoin(e string, depth int) (string, bool) {
	if !strings.HasSuffix(e, ")") {
		return "", false
	}
	ms := rustPathJoin.FindAllStringIndex(e, 16)
	for i := len(ms) - 1; i >= 0; i-- {
		m := ms[i]
		if m[0] == 0 || rustSkipCall(e, m[1]) != len(e) {
			continue
		}
		a := callArgs(e[m[1]:])
		if len(a) != 1 {
			return "", false
		}
		base, ok := r.text(e[:m[0]], depth+1)
		if b := strings.TrimPrefix(strings.TrimSpace(e[:m[0]]), "&"); !ok && isIdent(b) {
			// a folder the file computes (OUT_DIR, a parameter): the
			// shell's $dir, so dir.join("install.sh") and an unpack
			// into dir name the same folder
			base, ok, r.partial = "$"+b, true, true
		}
		if !ok {
			return "", false
		}
		part, ok := r.text(a[0], depth+1)
		if !ok {
			return "", false
		}
		return clipText(strings.TrimSuffix(base, "/") + "/" + part), true
	}
	return "", false
}

// list returns the strings of a literal array or vec! (or a name bound
// to one).
func (r *rustResolver) list(e string, depth int) ([]string, bool) {
	if depth > maxRustResolve {
		return nil, false
	}
	e = strings.TrimPrefix(strings.TrimSpace(e), "&")
	if isIdent(e) {
		if v, ok := r.binds[e]; ok {
			return r.list(v, depth+1)
		}
		return nil, false
	}
	e = strings.TrimSpace(strings.TrimPrefix(e, "vec!"))
	if !strings.HasPrefix(e, "[") {
		return nil, false
	}
	var out []string
	for _, a := range callArgs(e[1:]) {
		s, ok := r.text(a, depth+1)
		if !ok {
			return nil, false
		}
		out = append(out, s)
	}
	return out, len(out) > 0
}

// format fills a format! string (or joins concat!'s parts) with its
// arguments' text; an argument it cannot read reads as $name or $ARG.
func (r *rustResolver) format(macro string, args []string, depth int) (string, bool) {
	if len(args) == 0 {
		return "", false
	}
	arg := func(a string) string {
		if s, ok := r.text(a, depth+1); ok {
			return clipText(s)
		}
		r.partial = true
		return rustWord(a)
	}
	if strings.HasPrefix(macro, "concat") {
		var b strings.Builder
		for _, a := range args {
			if b.Len() > maxRustText {
				break
			}
			b.WriteString(arg(a))
		}
		return clipText(b.String()), true
	}
	f := strings.TrimSpace(args[0])
	if len(f) < 2 || f[0] != '"' || stringEnd(f, 0, false) != len(f)-1 {
		return "", false
	}
	f = unescapeLit(f[1 : len(f)-1])
	f = strings.NewReplacer("{{", "\x00", "}}", "\x01").Replace(f)
	pos, rest := 0, args[1:]
	named := map[string]string{}
	var positional []string
	for _, a := range rest {
		if i := strings.Index(a, "="); i > 0 && isIdent(strings.TrimSpace(a[:i])) && !strings.HasPrefix(a[i:], "==") {
			named[strings.TrimSpace(a[:i])] = a[i+1:]
			continue
		}
		positional = append(positional, a)
	}
	out := rustPlaceRE.ReplaceAllStringFunc(f, func(p string) string {
		name := rustPlaceRE.FindStringSubmatch(p)[1]
		switch {
		case name == "":
			if pos < len(positional) {
				pos++
				return arg(positional[pos-1])
			}
			r.partial = true
			return "$ARG"
		case name[0] >= '0' && name[0] <= '9':
			i := 0
			for _, ch := range name {
				i = i*10 + int(ch-'0')
			}
			if i < len(positional) {
				return arg(positional[i])
			}
			r.partial = true
			return "$ARG"
		}
		if v, ok := named[name]; ok {
			return arg(v)
		}
		return arg(name) // captured from scope: format!("{url}")
	})
	return clipText(strings.NewReplacer("\x00", "{", "\x01", "}").Replace(out)), true
}

// rustIdentRE is one Rust identifier.
var rustIdentRE = lazyRE(`^[A-Za-z_]\w*$`)

// isIdent reports whether e is one identifier.
func isIdent(e string) bool { return len(e) < 128 && rustIdentRE.MatchString(e) }
