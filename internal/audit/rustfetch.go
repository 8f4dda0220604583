package audit

import (
	"path"
	"strings"
)

// What a Rust file holds from the network, for the download-then-run
// reading of rustexec.go. Rust rarely binds a download to a plain let:
// build scripts unwrap the fallible client calls with patterns (let
// Ok(resp) = ureq::get(&url).call() else { return }; if let Some(b) =
// ..; while let Ok(n) = ..), match arms (match reqwest::blocking::get(u)
// { Ok(r) => .. }), closures (.and_then(|r| r.into_string().ok())),
// helpers of their own (fn fetch(url: &str) -> String { .. } called
// where the body is needed), the items of a for loop over an answer
// (its lines, chunks, an archive's entries), a buffer a reader fills (resp.into_reader()
// .read_to_end(&mut buf), a std::net::TcpStream read), or a curl or
// wget process whose output they keep (Command::new("curl").output()).
// Each of these names what the server sent as a plain let does, so a
// write of it to a path and a later run of that path is the same
// download run, whichever way the answer was unwrapped.
//
// A digest check of the download against a pinned digest (a hex literal,
// or a const or let bound to one) that stops on a mismatch (if d != PIN
// { panic!/bail!/return/process::exit }, assert_eq!(d, PIN), ensure!(d
// == PIN)) reads as the shell's sha256sum -c of the written path, so a
// pinned release stays medium as in the shell and the other languages.

var (
	// rustNetSrc is an expression that reaches the network: one of
	// Rust's HTTP clients, or a std::net (tokio::net) TCP stream.
	rustNetSrc = lazyRE(`\b(?:reqwest|ureq|attohttpc|isahc|minreq|surf|hyper|http_req|ehttp)::|\b(?:TcpStream|UdpSocket)::connect\b`)
	// rustBindAny is a binding that names what its value holds: let, if
	// let, while let, with a plain name or one wrapped in a variant
	// (Ok(x), Some(x), Result::Ok(mut x)): group 1 the wrapped name,
	// group 2 the plain one; the value starts at the match's end.
	rustBindAny = lazyRE(`\b(?:(?:if|while)\s+)?let\s+(?:(?:[A-Z]\w*::)*[A-Z]\w*\s*\(\s*(?:ref\s+)?(?:mut\s+)?([a-z_]\w*)\s*\)|(?:mut\s+)?([a-z_]\w*))\s*(?::[^=;{\n]+)?=[^=]`)
	// rustMatchOpen is a match on an expression: the scrutinee is group
	// 1; the arms' block opens at the match's end.
	rustMatchOpen = lazyRE(`\bmatch\s+([^{;]+)\{`)
	// rustArmBind is an arm binding a wrapped value: group 1 the name.
	rustArmBind = lazyRE(`(?:[A-Z]\w*::)*[A-Z]\w*\s*\(\s*(?:ref\s+)?(?:mut\s+)?([a-z_]\w*)\s*\)\s*(?:if\b[^=]*)?=>`)
	// rustClosureOn is a method given a closure: group 1 its parameter
	// (the receiver's value, as map and and_then hand it).
	rustClosureOn = lazyRE(`\.\s*\w+\s*\(\s*(?:move\s+)?\|\s*(?:mut\s+)?([a-z_]\w*)\s*(?::[^|]*)?\|`)
	// rustReadInto fills a buffer from a reader: group 1 the buffer; the
	// reader is the statement before the match.
	rustReadInto = lazyRE(`\.\s*read_to_(?:end|string)\s*\(\s*&\s*mut\s+([a-z_]\w*)\s*\)`)
	// rustForIn is a for loop over an expression: group 1 the name each
	// item is bound to, group 2 the expression; the body opens at the
	// match's end.
	rustForIn = lazyRE(`\bfor\s+(?:mut\s+)?([a-z_]\w*)\s+in\s+([^{;]+)\{`)
	// rustFnDecl is a function returning a value: group 1 its name; its
	// body opens at the match's end.
	rustFnDecl = lazyRE(`\bfn\s+([a-z_]\w*)\s*(?:<(?:[^<>{]|<[^<>{]*>)*>)?\s*\([^)]*\)\s*->[^{;]+\{`)
	// rustFetchProg names a download program started as a process.
	rustFetchProg = lazySet("curl", "wget", "aria2c", "fetch")
	// rustDigestCall computes a digest of its first argument: the
	// RustCrypto hashers' ::digest, the sha256 crate's digest, ring's
	// digest(&SHA256, data) (data second), blake3::hash.
	rustDigestCall = lazyRE(`\b(?:Sha(?:1|224|256|384|512)|Sha3_(?:256|384|512)|Blake2[bs]\w*|Md5)::digest\s*\(|\b(?:sha256|sha2|md5)::digest\s*\(|\bblake3::hash\s*\(|\b(ring::)?digest::digest\s*\(`)
	// rustHasherNew starts an incremental hasher: group 1 its name.
	rustHasherNew = lazyRE(`\blet\s+(?:mut\s+)?([a-z_]\w*)\s*(?::[^=;]+)?=\s*(?:\w+::)*(?:Sha(?:1|224|256|384|512)|Sha3_(?:256|384|512)|Blake2[bs]\w*|Md5|Hasher)::new\s*\(`)
	// rustHasherFeed feeds a hasher: group 1 the hasher, the data at
	// the match's end.
	rustHasherFeed = lazyRE(`\b([a-z_]\w*)\s*\.\s*(?:update|input|write_all)\s*\(`)
	// rustFsRead reads a file whole: its path at the match's end.
	rustFsRead = lazyRE(`^(?:(?:std|tokio)::)?fs::read(?:_to_string)?\s*\(`)
	// rustCompareIf is an if comparing two operands: group 1 the left,
	// group 2 the operator, group 3 the right; the block opens at the
	// match's end.
	rustCompareIf = lazyRE(`\bif\s+([^{};=!]+?)\s*(==|!=)\s*([^{};]+?)\s*\{`)
	// rustAssertEq asserts two operands equal, or a comparison holds:
	// its arguments at the match's end.
	rustAssertEq = lazyRE(`\b(?:(?:debug_)?assert(?:_eq)?|ensure|anyhow::ensure)\s*!\s*\(`)
	// rustStop ends the program or its function: what a check does on a
	// mismatch.
	rustStop = lazyRE(`\bpanic!|\bbail!|\breturn\b|\bprocess::exit\b|\bexit\s*\(|\babort\s*\(|\bunreachable!|\bErr\s*\(`)
)

// rustNet is what a Rust file holds from the network.
type rustNet struct {
	c   string
	res *rustResolver
	// names are the variables holding what a server sent; fns the
	// file's functions that return it.
	names, fns map[string]bool
}

// newRustNet follows the answers of c's network calls through its
// bindings (see above).
func newRustNet(c string, res *rustResolver) *rustNet {
	n := &rustNet{c: c, res: res, names: map[string]bool{}, fns: map[string]bool{}}
	fns := rustFnDecl.FindAllStringSubmatchIndex(c, 256)
	binds := rustBindAny.FindAllStringSubmatchIndex(c, 1024)
	matches := rustMatchOpen.FindAllStringSubmatchIndex(c, 256)
	closures := rustClosureOn.FindAllStringSubmatchIndex(c, 512)
	reads := rustReadInto.FindAllStringSubmatchIndex(c, 256)
	loops := rustForIn.FindAllStringSubmatchIndex(c, 256)
	for pass := 0; pass < 8; pass++ {
		grew := false
		mark := func(name string) {
			if name != "" && name != "_" && !n.names[name] {
				n.names[name], grew = true, true
			}
		}
		for _, m := range fns {
			name := c[m[2]:m[3]]
			if !n.fns[name] && n.source(c[m[1]:rustSkipCall(c, m[1])]) {
				n.fns[name], grew = true, true
			}
		}
		for _, m := range binds {
			name := rustBoundName(c, m)
			if n.source(rustStmtRest(c, m[1]-1, rustBlockLet(c[m[0]:m[1]]))) {
				mark(name)
			}
		}
		for _, m := range matches {
			if !n.source(c[m[2]:m[3]]) {
				continue
			}
			block := c[m[1]:rustSkipCall(c, m[1])]
			for _, a := range rustArmBind.FindAllStringSubmatch(block, 16) {
				mark(a[1])
			}
		}
		for _, m := range closures {
			if n.source(c[rustStmtStart(c, m[0]):m[0]]) {
				mark(c[m[2]:m[3]])
			}
		}
		for _, m := range reads {
			if n.source(c[rustStmtStart(c, m[0]):m[0]]) {
				mark(c[m[2]:m[3]])
			}
		}
		for _, m := range loops {
			if n.source(c[m[4]:m[5]]) {
				mark(c[m[2]:m[3]]) // an item of an answer: a line, a chunk, an archive's entry
			}
		}
		if !grew {
			break
		}
	}
	return n
}

// source reports whether expression e reaches what a server sent: a
// network call, a name holding an answer, a call of a function of the
// file returning one, or a download program started as a process.
func (n *rustNet) source(e string) bool {
	if rustNetSrc.MatchString(e) || mentionsAny(e, n.names) {
		return true
	}
	for name := range n.fns {
		for at := wordIndex(e, name, 0); at >= 0; at = wordIndex(e, name, at+len(name)) {
			if rest := strings.TrimLeft(e[at+len(name):], " \t"); strings.HasPrefix(rest, "(") && (at == 0 || e[at-1] != '.') {
				return true
			}
		}
	}
	for _, m := range rustCmdNew.FindAllStringIndex(e, 8) {
		if a := callArgs(e[m[1]:]); len(a) > 0 {
			p := n.res.word(a[0])
			if rustFetchProg()[path.Base(p)] {
				return true
			}
		}
	}
	return false
}

// rustStmtStart returns the start of the statement holding c[at]: just
// past the ';', '{' or '}' before it (bounded).
func rustStmtStart(c string, at int) int {
	lo := max(0, at-800)
	if i := strings.LastIndexAny(c[lo:at], ";{}"); i >= 0 {
		return lo + i + 1
	}
	return lo
}

// rustBoundName returns the name a rustBindAny match binds.
func rustBoundName(c string, m []int) string {
	if m[2] >= 0 {
		return c[m[2]:m[3]]
	}
	if m[4] >= 0 {
		return c[m[4]:m[5]]
	}
	return ""
}

// rustBlockLet reports whether a binding's text is an if let or while
// let, whose value ends at the block it opens.
func rustBlockLet(b string) bool {
	return strings.HasPrefix(b, "if") || strings.HasPrefix(b, "while")
}

// rustStmtRest returns the value of a binding starting at c[i:]: up to
// the ';' ending its statement, or, when block (an if let, a while let),
// the '{' opening its block, outside nested brackets (bounded).
func rustStmtRest(c string, i int, block bool) string {
	depth := 0
	for j := i; j < len(c) && j < i+2000; j++ {
		switch c[j] {
		case '"':
			j = stringEnd(c, j, false)
		case '(', '[':
			depth++
		case ')', ']':
			depth--
		case '{':
			if depth <= 0 && block {
				return c[i:j]
			}
			depth++
		case '}':
			depth--
		case ';':
			if depth <= 0 {
				return c[i:j]
			}
		}
	}
	return c[i:min(len(c), i+2000)]
}

// rustDigestChecks returns, by 0-based line, the shell form of each
// check of a written download's digest against a pinned one that stops
// on a mismatch (see above); written maps a variable written to a path
// (fs::write(path, v)) to that path's shell word.
func (n *rustNet) rustDigestChecks(li lineIndex, written map[string]string) map[int]string {
	c := n.c
	out := map[int]string{}
	if !rustDigestCall.MatchString(c) && !rustHasherNew.MatchString(c) {
		return out
	}
	// digest maps a name holding a digest to the path of the data it is
	// a digest of (the written path's shell word).
	digest := map[string]string{}
	dataPath := func(e string) string {
		e = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(e), "&"))
		if m := rustFsRead.FindStringIndex(e); m != nil {
			if a := callArgs(e[m[1]:]); len(a) > 0 {
				return n.res.word(a[0])
			}
		}
		if v := rustPlainVar.FindStringSubmatch(e); v != nil {
			if p, ok := written[v[1]]; ok {
				return p
			}
		}
		return ""
	}
	// digestOf returns the path whose digest expression e computes.
	digestOf := func(e string) string {
		if m := rustDigestCall.FindStringSubmatchIndex(e); m != nil {
			a := callArgs(e[m[1]:])
			if m[2] >= 0 || strings.HasPrefix(e[m[0]:], "digest::") {
				a = a[min(1, len(a)):] // ring: digest(&SHA256, data)
			}
			if len(a) > 0 {
				return dataPath(a[0])
			}
			return ""
		}
		for _, id := range jsIdent.FindAllString(e, 32) {
			if p, ok := digest[id]; ok {
				return p
			}
		}
		return ""
	}
	hashers := map[string]bool{}
	for _, m := range rustHasherNew.FindAllStringSubmatch(c, 16) {
		hashers[m[1]] = true
	}
	for _, m := range rustHasherFeed.FindAllStringSubmatchIndex(c, 64) {
		if h := c[m[2]:m[3]]; hashers[h] {
			if a := callArgs(c[m[1]:]); len(a) > 0 {
				if p := dataPath(a[0]); p != "" {
					digest[h] = p
				}
			}
		}
	}
	binds := rustBindAny.FindAllStringSubmatchIndex(c, 1024)
	for pass := 0; pass < 4; pass++ {
		for _, m := range binds {
			name := rustBoundName(c, m)
			if _, ok := digest[name]; ok {
				continue
			}
			if p := digestOf(rustStmtRest(c, m[1]-1, rustBlockLet(c[m[0]:m[1]]))); p != "" {
				digest[name] = p
			}
		}
	}
	pin := func(e string) string {
		e = strings.TrimSpace(e)
		e = strings.TrimSuffix(strings.TrimSuffix(e, ".as_str()"), ".to_lowercase()")
		if s, ok := n.res.literal(e); ok && hexPin.MatchString(s) {
			return strings.ToLower(s)
		}
		return ""
	}
	check := func(at int, a, b string) {
		p, want := digestOf(a), pin(b)
		if p == "" || want == "" {
			p, want = digestOf(b), pin(a)
		}
		if p == "" || want == "" || !rustCheckPath.MatchString(p) {
			return
		}
		p = strings.Trim(p, "'")
		out[li.line(at)-1] = `echo "` + want + "  " + p + `" | sha256sum -c - || exit 1`
	}
	for _, m := range rustCompareIf.FindAllStringSubmatchIndex(c, 128) {
		block := c[m[1]:rustSkipCall(c, m[1])]
		if c[m[4]:m[5]] == "!=" && rustStop.MatchString(block) {
			check(m[0], c[m[2]:m[3]], c[m[6]:m[7]])
		}
	}
	for _, m := range rustAssertEq.FindAllStringIndex(c, 64) {
		a := callArgs(c[m[1]:])
		switch {
		case len(a) >= 2 && strings.Contains(c[m[0]:m[1]], "_eq"):
			check(m[0], a[0], a[1])
		case len(a) >= 1:
			if l, r, ok := strings.Cut(a[0], "=="); ok {
				check(m[0], l, r)
			}
		}
	}
	return out
}

// rustCheckPath is a path word the shell form of a digest check can
// quote: a variable or a plain relative or absolute path.
var rustCheckPath = lazyRE(`^(?:\$[A-Za-z_]\w*|'?[\w./-]+'?)$`)
