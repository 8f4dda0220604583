package audit

import (
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// Rule credential-exfil, a netrc entry looked up by the host of the
// request it authenticates, in a shell script (credhostkey.go has the
// Python reader and the reasoning). curl --netrc-file FILE hands the
// file to curl, which sends each host only the entry stored for it: the
// file is a login, as ssh -i KEY is, not data the command sends, and its
// read is credential-read, medium. A script may also look the entry up
// itself: a variable set from an awk program over the netrc file that
// prints fields of the one line whose machine field equals ($2 == h) an
// awk variable bound to the host variable (-v h="$host"), the host set
// only from the URL variable (host=$(printf %s "$url" | sed …),
// ${url#*://}), the URL variable set once before it. When every use of
// what the lookup gives (and of a variable built from it: "$user:$pass",
// $(printf … | base64)) is a test or the -u/--user value or the
// "Authorization:" header of a curl whose every URL is the URL variable
// or https://$host/…, the script authenticates: credential-read, medium.
// Critical stays: a use anywhere else (a body, the query, a message, a
// file), another destination, a lookup matching the default entry or
// any line but the host's (||, !, a regular expression, grep), a second
// assignment of the key or the URL, a curl told to connect elsewhere
// (--resolve, --connect-to, a proxy, --location-trusted, -K). A fetch of
// a URL in a variable that carries a credential variable is a send
// wherever it goes.

// shHostKeyed is the judgement of one script: the awk lookups of the
// netrc keyed by a URL's host (reads) and the curl calls that send what
// they found only as their login (calls).
type shHostKeyed struct {
	reads map[*syntax.CallExpr]bool
	calls map[*syntax.CallExpr]bool
}

// shKUse is a use of a variable: the expansion and the nodes around it,
// outermost first.
type shKUse struct {
	pe    *syntax.ParamExp
	stack []syntax.Node
}

// maxShKeyedUses bounds the expansions the judgement follows: past it
// the script's lookups stay reported as sent.
const maxShKeyedUses = 20000

// shKPlain reports whether pe is a plain expansion of a variable ($v,
// ${v}): no default, pattern, slice, length or indirection.
func shKPlain(pe *syntax.ParamExp) bool {
	return pe != nil && pe.Param != nil && !pe.Excl && !pe.Length && !pe.Width && pe.Index == nil && pe.Slice == nil && pe.Repl == nil && pe.Exp == nil && pe.Names == 0
}

// shKSoleParam returns the variable a word expands whole ("$v", $v,
// ${v}), plain, or "".
func shKSoleParam(w *syntax.Word) string {
	if w == nil || len(w.Parts) != 1 {
		return ""
	}
	p := w.Parts[0]
	if dq, ok := p.(*syntax.DblQuoted); ok && len(dq.Parts) == 1 {
		p = dq.Parts[0]
	}
	if pe, ok := p.(*syntax.ParamExp); ok && shKPlain(pe) {
		return pe.Param.Value
	}
	return ""
}

// shKSoleSubst returns the one statement of a word that is one command
// substitution ($(…), "$(…)"), or nil.
func shKSoleSubst(w *syntax.Word) *syntax.Stmt {
	if w == nil || len(w.Parts) != 1 {
		return nil
	}
	p := w.Parts[0]
	if dq, ok := p.(*syntax.DblQuoted); ok && len(dq.Parts) == 1 {
		p = dq.Parts[0]
	}
	if cs, ok := p.(*syntax.CmdSubst); ok && len(cs.Stmts) == 1 && len(cs.Stmts[0].Redirs) == 0 {
		return cs.Stmts[0]
	}
	return nil
}

// shKStages returns the commands of a statement: one call, or each
// stage of a pipeline of calls; nil for anything else.
func shKStages(st *syntax.Stmt) []*syntax.CallExpr {
	var stmts []*syntax.Stmt
	if bc, ok := st.Cmd.(*syntax.BinaryCmd); ok {
		if !isPipe(bc) {
			return nil
		}
		stmts = flattenPipe(bc)
	} else {
		stmts = []*syntax.Stmt{st}
	}
	var out []*syntax.CallExpr
	for _, s := range stmts {
		ce, ok := s.Cmd.(*syntax.CallExpr)
		if !ok || len(ce.Args) == 0 || len(ce.Assigns) > 0 || len(s.Redirs) > 0 {
			return nil
		}
		out = append(out, ce)
	}
	return out
}

// shKLit returns a word's text when it is only literal (unquoted, single
// or double quoted, no expansion), and whether it is.
func shKLit(w *syntax.Word) (string, bool) {
	var b strings.Builder
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			b.WriteString(p.Value)
		case *syntax.SglQuoted:
			if p.Dollar {
				return "", false
			}
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				l, ok := q.(*syntax.Lit)
				if !ok {
					return "", false
				}
				b.WriteString(l.Value)
			}
		default:
			return "", false
		}
	}
	return b.String(), true
}

// netrcHostKeyed judges script f (its text code) and records in s.hk the
// lookups and sends that authenticate (see above); nothing when any use
// of what a lookup gives may go elsewhere.
func (s *shScan) netrcHostKeyed(f *syntax.File, code string) {
	if s.w != inScript || !strings.Contains(code, "netrc") {
		return
	}
	assigns := map[string][]*syntax.Assign{}
	unknown := map[string]bool{} // set by read, a loop, printf -v…
	var uses []shKUse
	var stack []syntax.Node
	looped := map[syntax.Node]bool{} // assignments and calls inside a loop
	loops := 0
	over := false
	syntax.Walk(f, func(n syntax.Node) bool {
		if n == nil {
			switch stack[len(stack)-1].(type) {
			case *syntax.ForClause, *syntax.WhileClause:
				loops--
			}
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		switch n.(type) {
		case *syntax.ForClause, *syntax.WhileClause:
			loops++
		case *syntax.Assign, *syntax.CallExpr:
			if loops > 0 {
				looped[n] = true
			}
		}
		switch n := n.(type) {
		case *syntax.Assign:
			if n.Name != nil {
				if n.Value == nil || n.Array != nil || n.Index != nil || n.Append {
					unknown[n.Name.Value] = true
				}
				assigns[n.Name.Value] = append(assigns[n.Name.Value], n)
			}
		case *syntax.WordIter:
			if n.Name != nil {
				unknown[n.Name.Value] = true
			}
		case *syntax.CallExpr:
			if len(n.Args) == 0 {
				break
			}
			name, _ := shKLit(n.Args[0])
			switch name {
			case "eval", "source", ".", "let":
				over = true // sets what the scan cannot see
			case "printf":
				if len(n.Args) > 2 {
					if t, _ := shKLit(n.Args[1]); t == "-v" {
						if v, ok := shKLit(n.Args[2]); ok {
							unknown[v] = true
						} else {
							over = true
						}
					}
				}
			case "read", "mapfile", "readarray", "getopts", "unset", "declare", "typeset", "local", "export":
				// the names they set
				for _, a := range n.Args[1:] {
					if t, ok := shKLit(a); ok {
						unknown[t] = true
					} else {
						over = true
					}
				}
			}
		case *syntax.ParamExp:
			if len(uses) >= maxShKeyedUses {
				over = true
				return false
			}
			uses = append(uses, shKUse{n, append([]syntax.Node(nil), stack...)})
		}
		return true
	})
	if over {
		return
	}
	// the lookups, and the host and URL variables they are keyed by
	keyed := map[string]string{} // variable -> its host variable
	reads := map[*syntax.CallExpr]bool{}
	for v, as := range assigns {
		if len(as) != 1 || unknown[v] {
			continue
		}
		st := shKSoleSubst(as[0].Value)
		if st == nil {
			continue
		}
		stages := shKStages(st)
		if len(stages) != 1 {
			continue
		}
		if k := s.awkNetrcLookup(stages[0], assigns, code); k != "" {
			keyed[v] = k
			reads[stages[0]] = true
		}
	}
	if len(keyed) == 0 {
		return
	}
	for _, k := range keyed {
		if shKHostFrom(k, assigns, unknown) == "" {
			return // a host the script names: the service-bound rule's
		}
	}
	// variables built from what a lookup gave: "$user:$pass", or
	// $(printf '%s:%s' "$user" "$pass" | base64)
	derive := map[*syntax.Assign]bool{}
	derivers := map[*syntax.CallExpr]bool{}
	for changed := true; changed; {
		changed = false
		for v, as := range assigns {
			if _, ok := keyed[v]; ok || len(as) != 1 || unknown[v] {
				continue
			}
			if k, calls := shKDerived(as[0].Value, keyed); k != "" {
				keyed[v] = k
				derive[as[0]] = true
				for _, c := range calls {
					derivers[c] = true
				}
				changed = true
			}
		}
	}
	// every use of those variables: a test, a derivation, or a curl's
	// login to the lookup's host
	calls := map[*syntax.CallExpr]bool{}
	for _, u := range uses {
		k, ok := keyed[u.pe.Param.Value]
		if !ok {
			continue
		}
		if !s.keyedUse(u, k, derive, derivers, calls) {
			return
		}
	}
	// the host is set before every lookup and login, none in a loop
	// (a later pass could set it again and log in with what an earlier
	// one looked up)
	for ce := range reads {
		for _, k := range keyed {
			for _, a := range assigns[k] {
				if looped[a] || a.Pos().Offset() > ce.Pos().Offset() {
					return
				}
			}
		}
		if looped[ce] {
			return
		}
	}
	for ce := range calls {
		for _, k := range keyed {
			for _, a := range assigns[k] {
				if a.Pos().Offset() > ce.Pos().Offset() {
					return
				}
			}
		}
		if looped[ce] {
			return
		}
	}
	s.hk = shHostKeyed{reads: reads, calls: calls}
}

// keyedUse reports whether use u of a lookup's variable (keyed by host
// variable k) is a test, a derivation, or the login of a curl to that
// host, recording such a curl in calls.
func (s *shScan) keyedUse(u shKUse, k string, derive map[*syntax.Assign]bool, derivers, calls map[*syntax.CallExpr]bool) bool {
	for i := len(u.stack) - 2; i >= 0; i-- {
		switch n := u.stack[i].(type) {
		case *syntax.Assign:
			return derive[n]
		case *syntax.TestClause:
			return true
		case *syntax.CaseClause:
			return i+1 < len(u.stack) && u.stack[i+1] == n.Word
		case *syntax.CallExpr:
			if derivers[n] {
				return true
			}
			if len(n.Args) == 0 {
				return false
			}
			name, _ := shKLit(n.Args[0])
			if name == "[" || name == "test" {
				return true
			}
			if name != "curl" || i+1 >= len(u.stack) {
				return false
			}
			w, ok := u.stack[i+1].(*syntax.Word)
			if !ok || !shKCurlLogin(n, w, k) {
				return false
			}
			calls[n] = true
			return true
		case *syntax.Redirect, *syntax.ForClause, *syntax.ArithmExp, *syntax.ArithmCmd, *syntax.Stmt, *syntax.DeclClause:
			return false
		}
	}
	return false
}

// shKProgram is the one rule of an awk program: its condition and its
// action.
var shKProgram = lazyRE(`^\s*([^{}]*?)\s*\{([\s\S]*)\}\s*$`)

// shKTerm is a term of the condition: a field equal to a literal or a
// variable.
var shKTerm = lazyRE(`^\(*\s*(?:\$(\d+)\s*==\s*("[^"]*"|[A-Za-z_]\w*)|("[^"]*"|[A-Za-z_]\w*)\s*==\s*\$(\d+))\s*\)*$`)

// shKAwkUnsafe is what an action must not do: read more lines, run or
// write anything, read the environment, change the record separator.
var shKAwkUnsafe = lazyRE(`\bgetline\b|\bsystem\b|\|\||\||\bprintf?\b[^;{}]*>|\bENVIRON\b|\bclose\b|\bfflush\b|\bRS\b|\bBEGIN\b|\bEND\b|[{}]`)

// awkNetrcLookup reports the host variable an awk call looks the netrc
// up by, or "": its one file is the netrc, and its program is one rule
// whose condition is a conjunction of field equalities with $2 equal to
// an awk variable bound to that host variable, and whose action only
// prints fields of the line.
func (s *shScan) awkNetrcLookup(ce *syntax.CallExpr, assigns map[string][]*syntax.Assign, code string) string {
	name, _ := shKLit(ce.Args[0])
	if name != "awk" && name != "gawk" && name != "mawk" {
		return ""
	}
	bound := map[string]string{} // awk variable -> shell variable
	prog, file := "", (*syntax.Word)(nil)
	havProg := false
	for i := 1; i < len(ce.Args); i++ {
		a := ce.Args[i]
		t, lit := shKLit(a)
		switch {
		case lit && t == "-v" && i+1 < len(ce.Args):
			i++
			w := ce.Args[i]
			if len(w.Parts) < 2 {
				return ""
			}
			l, ok := w.Parts[0].(*syntax.Lit)
			if !ok || !strings.HasSuffix(l.Value, "=") {
				return ""
			}
			rest := &syntax.Word{Parts: w.Parts[1:]}
			v := shKSoleParam(rest)
			if v == "" {
				return ""
			}
			bound[strings.TrimSuffix(l.Value, "=")] = v
		case lit && (t == "-F" || t == "--field-separator") && i+1 < len(ce.Args):
			i++
		case lit && strings.HasPrefix(t, "-F"):
		case lit && strings.HasPrefix(t, "-") && t != "-":
			return "" // -f progfile, -i include, …
		case !havProg:
			if !lit {
				return ""
			}
			prog, havProg = t, true
		case file != nil:
			return "" // a second file
		default:
			file = a
		}
	}
	if file == nil || !s.namesNetrc(file, assigns, code) {
		return ""
	}
	m := shKProgram.FindStringSubmatch(prog)
	if m == nil || strings.Contains(m[1], "||") || strings.Contains(m[1], "!") || shKAwkUnsafe.MatchString(m[2]) {
		return ""
	}
	key := ""
	for _, term := range strings.Split(m[1], "&&") {
		t := shKTerm.FindStringSubmatch(strings.TrimSpace(term))
		if t == nil {
			return ""
		}
		field, val := t[1]+t[4], t[2]+t[3]
		if strings.HasPrefix(val, `"`) {
			continue
		}
		v, ok := bound[val]
		if !ok {
			return "" // an awk variable not given by the script
		}
		if field != "2" || key != "" && key != v {
			return ""
		}
		key = v
	}
	return key
}

// namesNetrc reports whether word w is the netrc file: its text names it
// (~/.netrc, $HOME/.netrc), or it is a variable whose every assignment
// names it (netrc="${NETRC:-$HOME/.netrc}").
func (s *shScan) namesNetrc(w *syntax.Word, assigns map[string][]*syntax.Assign, code string) bool {
	src := shKSource(w, code)
	if strings.Contains(src, ".netrc") {
		return true
	}
	v := shKSoleParam(w)
	if v == "" || len(assigns[v]) == 0 {
		return false
	}
	for _, a := range assigns[v] {
		if !strings.Contains(shKSource(a.Value, code), ".netrc") {
			return false
		}
	}
	return true
}

// shKSource returns the source text of node n in code.
func shKSource(n syntax.Node, code string) string {
	if n == nil {
		return ""
	}
	a, b := int(n.Pos().Offset()), int(n.End().Offset())
	if a < 0 || b > len(code) || a > b {
		return ""
	}
	return code[a:b]
}

// shKFilters may stand in a substitution that takes a host from a URL.
var shKFilters = sync.OnceValue(func() map[string]bool {
	return set("printf", "echo", "sed", "awk", "gawk", "mawk", "cut", "tr", "head", "grep")
})

// shKHostFrom returns the URL variable host variable k is set from, or
// "": every assignment of k expands only k and one other variable u
// (through filters: printf, sed, cut, awk with no command run), at least
// one u; u is set once, before k first is, and nothing else sets either.
func shKHostFrom(k string, assigns map[string][]*syntax.Assign, unknown map[string]bool) string {
	if unknown[k] || len(assigns[k]) == 0 {
		return ""
	}
	u := ""
	first := assigns[k][0].Pos().Offset()
	for _, a := range assigns[k] {
		if a.Pos().Offset() < first {
			first = a.Pos().Offset()
		}
		ok, expands := true, false
		syntax.Walk(a.Value, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.ParamExp:
				if n.Param == nil || n.Excl || n.Index != nil {
					ok = false
					break
				}
				expands = true
				if v := n.Param.Value; v != k {
					if u != "" && u != v {
						ok = false
					}
					u = v
				}
			case *syntax.CmdSubst:
				for _, st := range n.Stmts {
					stages := shKStages(st)
					if stages == nil {
						ok = false
					}
					for _, c := range stages {
						name, _ := shKLit(c.Args[0])
						if !shKFilters()[name] {
							ok = false
						}
						for _, w := range c.Args[1:] {
							if t, lit := shKLit(w); lit && (strings.Contains(t, "system") || strings.Contains(t, "getline") || name == "sed" && shSedWrites.MatchString(t) || strings.HasPrefix(t, "-i")) {
								ok = false
							}
						}
					}
				}
			case *syntax.ProcSubst, *syntax.ArithmExp:
				ok = false
			}
			return ok
		})
		if !ok || !expands {
			return "" // a host set from a literal: not the URL's
		}
	}
	if u == "" || unknown[u] || len(assigns[u]) != 1 || assigns[u][0].Pos().Offset() > first {
		return ""
	}
	return u
}

// shKDerived reports the host variable of the lookup a value is built
// from, and the printf or echo calls building it, or "": a word of
// literals and plain expansions of lookup variables (one host), or a
// substitution of printf or echo given such words, piped to base64 and
// tr only.
func shKDerived(w *syntax.Word, keyed map[string]string) (string, []*syntax.CallExpr) {
	k := ""
	ok := true
	var calls []*syntax.CallExpr
	plain := func(w *syntax.Word) {
		syntax.Walk(w, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.ParamExp:
				if !shKPlain(n) {
					ok = false
					break
				}
				kk, is := keyed[n.Param.Value]
				if !is || k != "" && kk != k {
					ok = false
				}
				k = kk
			case *syntax.CmdSubst, *syntax.ProcSubst, *syntax.ArithmExp:
				ok = false
			}
			return ok
		})
	}
	if st := shKSoleSubst(w); st != nil {
		stages := shKStages(st)
		if len(stages) == 0 {
			return "", nil
		}
		for j, c := range stages {
			name, _ := shKLit(c.Args[0])
			switch {
			case j == 0 && (name == "printf" || name == "echo"):
				for _, a := range c.Args[1:] {
					plain(a)
				}
				calls = append(calls, c)
			case j > 0 && name == "base64":
				for _, a := range c.Args[1:] {
					if t, lit := shKLit(a); !lit || t == "-d" || t == "--decode" || t == "-D" {
						ok = false
					}
				}
			case j > 0 && name == "tr":
				for _, a := range c.Args[1:] {
					if _, lit := shKLit(a); !lit {
						ok = false
					}
				}
			default:
				return "", nil
			}
		}
	} else {
		plain(w)
	}
	if !ok {
		return "", nil
	}
	return k, calls
}

// shKCurlValue are curl's options that take a value.
var shKCurlValue = sync.OnceValue(func() map[string]bool {
	return set("-o", "--output", "-u", "--user", "-H", "--header", "-X", "--request", "-d", "--data", "--data-binary", "--data-raw", "--data-urlencode", "--json", "-F", "--form", "-T", "--upload-file",
		"-A", "--user-agent", "-e", "--referer", "-m", "--max-time", "--connect-timeout", "-w", "--write-out", "-r", "--range", "-b", "--cookie", "-c", "--cookie-jar", "-E", "--cert", "--key", "--cacert", "--capath",
		"--retry", "--retry-delay", "--retry-max-time", "-C", "--continue-at", "--limit-rate", "-z", "--time-cond", "--max-filesize", "--output-dir", "-Y", "--speed-limit", "-y", "--speed-time", "--url", "--max-redirs", "--tlsv1.2", "--proto", "--proto-redir")
})

// shKCurlRedirect are curl's options that send the request, or its
// login, somewhere the URL does not name.
var shKCurlRedirect = sync.OnceValue(func() map[string]bool {
	return set("--resolve", "--connect-to", "-x", "--proxy", "--preproxy", "-U", "--proxy-user", "--location-trusted", "-K", "--config", "--unix-socket", "--abstract-unix-socket", "--socks4", "--socks4a", "--socks5", "--socks5-hostname", "-n", "--netrc", "--netrc-optional", "--netrc-file")
})

// shKAuthHeader is an Authorization header's start.
var shKAuthHeader = lazyRE(`(?i)^\s*authorization\s*:`)

// shKCurlLogin reports whether curl call ce sends word w (holding a
// lookup's variable, keyed by host variable k) only as its login: w is
// the value of -u/--user or an Authorization header, every URL the call
// fetches is https://$k/…, and no option sends it anywhere else.
func shKCurlLogin(ce *syntax.CallExpr, w *syntax.Word, k string) bool {
	login, urls := false, 0
	for i := 1; i < len(ce.Args); i++ {
		a := ce.Args[i]
		t, lit := shKLit(a)
		if lit && len(t) > 2 && t[0] == '-' && t[1] != '-' {
			// a cluster of short options: the first taking a value
			// takes the rest of the cluster, or the next argument
			for j := 1; j < len(t); j++ {
				o := "-" + t[j:j+1]
				if shKCurlRedirect()[o] {
					return false
				}
				if !shKCurlValue()[o] {
					continue
				}
				if j+1 == len(t) && i+1 < len(ce.Args) {
					i++
					switch {
					case (o == "-u" || o == "-H" && shKAuthHeader.MatchString(wordText(ce.Args[i]))) && ce.Args[i] == w:
						login = true
					case ce.Args[i] == w:
						return false
					}
				}
				break
			}
			continue
		}
		if !lit {
			// an argument with expansions: a URL, or glued to its option
			pre := ""
			if l, ok := a.Parts[0].(*syntax.Lit); ok {
				pre = l.Value
			}
			switch {
			case strings.HasPrefix(pre, "--user=") || strings.HasPrefix(pre, "-u") && !strings.HasPrefix(pre, "--"):
				login = login || a == w
			case strings.HasPrefix(pre, "--header=") || strings.HasPrefix(pre, "-H") && !strings.HasPrefix(pre, "--"):
				if a == w {
					login = login || shKAuthHeader.MatchString(strings.TrimPrefix(strings.TrimPrefix(wordText(a), "--header="), "-H"))
				}
			case strings.HasPrefix(pre, "-"):
				if a == w {
					return false
				}
			default:
				if a == w || !shKKeyedURL(a, k) {
					return false
				}
				urls++
			}
			continue
		}
		switch {
		case shKCurlRedirect()[t] || strings.HasPrefix(t, "--proxy") || strings.HasPrefix(t, "--resolve=") || strings.HasPrefix(t, "--connect-to=") || strings.HasPrefix(t, "-x") && !strings.HasPrefix(t, "--"):
			return false
		case t == "-u" || t == "--user":
			if i+1 < len(ce.Args) && ce.Args[i+1] == w {
				login = true
			}
			i++
		case t == "-H" || t == "--header":
			if i+1 < len(ce.Args) && ce.Args[i+1] == w && shKAuthHeader.MatchString(wordText(w)) {
				login = true
			}
			i++
		case t == "--url":
			if i+1 >= len(ce.Args) || ce.Args[i+1] == w || !shKKeyedURL(ce.Args[i+1], k) {
				return false
			}
			urls++
			i++
		case shKCurlValue()[t]:
			if i+1 < len(ce.Args) && ce.Args[i+1] == w {
				return false // the lookup in a body, a form, a cookie…
			}
			i++
		case strings.HasPrefix(t, "-"):
		default:
			return false // a literal URL: another host
		}
	}
	return login && urls > 0
}

// shKKeyedURL reports whether word w is a URL whose host is host
// variable k (https://$k/…, "https://${k}:8443/…"): curl then connects
// to the host whose entry it sends. The URL the host was cut from is
// not: a host cut by hand (sed 's#^[a-z]+://([^/:@]+).*#\1#') is not
// always the one curl connects to (https://github.com@collect.example/
// gives github.com, curl goes to collect.example).
func shKKeyedURL(w *syntax.Word, k string) bool {
	parts := w.Parts
	if len(parts) == 1 {
		if dq, ok := parts[0].(*syntax.DblQuoted); ok {
			parts = dq.Parts
		}
	}
	if len(parts) < 2 {
		return false
	}
	l, ok := parts[0].(*syntax.Lit)
	if !ok || l.Value != "https://" && l.Value != "http://" {
		return false
	}
	pe, ok := parts[1].(*syntax.ParamExp)
	if !ok || !shKPlain(pe) || pe.Param.Value != k {
		return false
	}
	if len(parts) == 2 {
		return true
	}
	// a path or query, or a literal port before one: nothing that could
	// make the host a login (https://$k:@collect.example/)
	next, ok := parts[2].(*syntax.Lit)
	if !ok || next.Value == "" {
		return false
	}
	rest := next.Value
	if rest[0] == ':' {
		j := 1
		for j < len(rest) && rest[j] >= '0' && rest[j] <= '9' {
			j++
		}
		if j == 1 || j == len(rest) && len(parts) > 3 {
			return false
		}
		if rest = rest[j:]; rest == "" {
			return true
		}
	}
	return rest[0] == '/' || rest[0] == '?'
}

// curlNetrcFile returns the file a curl call is given with --netrc-file
// (its login file), or "".
func curlNetrcFile(c call) string {
	if c.name != "curl" {
		return ""
	}
	for i, a := range c.args {
		if a == "--netrc-file" && i+1 < len(c.args) {
			return c.args[i+1]
		}
		if f, ok := strings.CutPrefix(a, "--netrc-file="); ok {
			return f
		}
	}
	return ""
}

// loginReason is the reason of a netrc read that only logs in: curl's
// login file, or an entry looked up by the request's host.
func loginReason(what string, file bool) string {
	if file {
		return "reads " + what + " as curl's login file (--netrc-file): curl sends each host only the entry stored for it: authentication, not exfiltration"
	}
	return hostKeyedReason(what)
}
