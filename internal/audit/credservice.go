package audit

import (
	"net/url"
	"sort"
	"strings"
)

// Rule credential-exfil ranks a credential sent only to the service it
// logs in to lower than theft: a publish script reads ~/.pypirc and
// uploads to upload.pypi.org, a deploy script looks api.heroku.com up in
// ~/.netrc and calls https://api.heroku.com. It is high, not critical:
// the script still acts on the user's account with their stored
// credential, and a registry token used to publish to its own registry
// is how npm worms spread, so it stays above the default --fail-on.
// Only one credential store read, of a kind bound to a service, with
// every destination named and all of them that service's hosts, counts;
// a computed destination, a second credential, a secret variable, keys,
// keychains and browser profiles stay critical.

// serviceHosts lists the hosts each service-bound credential store logs
// in to, by the key credService returns.
var serviceHosts = map[string][]string{
	"pypirc": {"pypi.org", "test.pypi.org", "upload.pypi.org", "files.pythonhosted.org"},
	"npmrc":  {"registry.npmjs.org", "npm.pkg.github.com"},
	"gh":     {"github.com", "api.github.com", "uploads.github.com"},
	"docker": nil, // the registries the code names (auths["ghcr.io"])
	"netrc":  nil, // the machines the code looks up (authenticators("host"))
}

// dockerHubHosts are Docker Hub's hosts, which its auths key
// (https://index.docker.io/v1/) logs in to.
var dockerHubHosts = []string{"index.docker.io", "registry-1.docker.io", "auth.docker.io", "hub.docker.com", "registry.hub.docker.com", "docker.io"}

var (
	// netrcLookup names a machine the code looks up in or writes to a
	// netrc file: Python's authenticators("host") or hosts["host"], the
	// npm netrc package's netrc()["host"], a "machine host" line.
	netrcLookup = lazyRE(`(?i)authenticators\(\s*['"]([^'"\s]+)['"]|netrc\w*(?:\([^)]*\))?(?:\.hosts|\.machines)?\s*(?:\[|\.get\()\s*['"]([^'"\s]+)['"]|\bmachine\s+([a-z0-9][a-z0-9.-]*\.[a-z]{2,})\b`)
	// npmRegistry names a registry in .npmrc syntax or a --registry
	// option: registry=https://host, //host/:_authToken.
	npmRegistry = lazyRE(`(?i)registry['"]?\s*[=:\s]\s*['"]?(?:https?:)?//([a-z0-9.-]+)|//([a-z0-9.-]+)(?::\d+)?/[^'"\s]*:_(?:authToken|auth|password)`)
	// dockerAuth names a registry as a key of config.json's auths.
	dockerAuth = lazyRE(`(?i)auths['"]?\]?\s*(?:\[|\.get\(|\.)\s*['"](?:https?://)?([a-z0-9.-]+)`)
	// urlHostRe finds the host of every literal URL in code.
	urlHostRe = lazyRE(`(?i)\b(?:https?|wss?|ftps?)://([^/\s'"\x60?#\\]+)`)
)

// credService returns the service-bound kind of the credential a read
// names ("pypirc", "npmrc", "netrc", "docker", "gh"), or "" for any
// other credential, and for a read naming several.
func credService(what string) string {
	if part, ok := strings.CutPrefix(what, "the credential path part "); ok {
		switch strings.Trim(part, `'"/`) {
		case ".netrc":
			return "netrc"
		case ".npmrc":
			return "npmrc"
		case ".pypirc":
			return "pypirc"
		}
		return credService("~/" + strings.Trim(part, `'"/`)) // .config/gh/hosts.yml, .docker/config.json

	}
	kind := ""
	for _, i := range credPath.FindAllStringIndex(what, -1) {
		m, k := strings.ToLower(what[i[0]:i[1]]), ""
		switch {
		case strings.HasSuffix(m, ".pypirc"):
			k = "pypirc"
		case strings.HasSuffix(m, ".npmrc"):
			k = "npmrc"
		case strings.HasSuffix(m, ".netrc"):
			k = "netrc"
		case strings.HasSuffix(m, ".docker/config.json"):
			k = "docker"
		case strings.HasSuffix(m, ".config/gh/hosts.yml"):
			k = "gh"
		}
		if k == "" || kind != "" && k != kind {
			return ""
		}
		kind = k
	}
	return kind
}

// allowedHosts returns the hosts a credential of kind logs in to, given
// the code that reads it (the machines it looks up, the registries it
// names).
func allowedHosts(kind, code string) map[string]bool {
	hosts := map[string]bool{}
	for _, h := range serviceHosts[kind] {
		hosts[h] = true
	}
	var re *lazyRegexp
	switch kind {
	case "netrc":
		re = netrcLookup
	case "npmrc":
		re = npmRegistry
	case "docker":
		re = dockerAuth
	}
	if re != nil {
		for _, m := range re.FindAllStringSubmatch(code, 64) {
			for _, h := range m[1:] {
				if h = strings.ToLower(strings.TrimSuffix(h, ".")); h != "" {
					hosts[h] = true
					if kind == "docker" && (h == "index.docker.io" || h == "docker.io") {
						for _, d := range dockerHubHosts {
							hosts[d] = true
						}
					}
				}
			}
		}
	}
	return hosts
}

// destinations are the network destinations of one file or code block:
// the hosts named, and whether some send goes to a place the code
// computes (an argument, a variable not set from a literal).
type destinations struct {
	hosts   map[string]bool
	unknown bool
	steps   int // expressions followed (see maxDestSteps)
	// following holds the variables being followed: a variable met
	// again inside its own value (url = url + "/x") starts with what
	// its other assignments give
	following map[string]bool
	// rb reads Ruby: "#{host}" interpolation, URI(…) and uri.host
	// (rubyservice.go)
	rb bool
}

func (d *destinations) host(h string) {
	h = strings.ToLower(strings.TrimSuffix(h, "."))
	if h == "" || strings.ContainsAny(h, "$%{}()<>…") {
		d.unknown = true
		return
	}
	if d.hosts == nil {
		d.hosts = map[string]bool{}
	}
	d.hosts[h] = true
}

// url records the host of a URL, or an unknown destination.
func (d *destinations) url(raw string) {
	u, err := url.Parse(strings.Trim(raw, `'"`))
	if err != nil || u.Host == "" {
		d.unknown = true
		return
	}
	d.host(u.Hostname())
}

// serviceBound reports whether a send is a credential used with its own
// service: kinds (the kinds credService gave each credential read, ""
// for any other) is one service, and every destination is one of its
// hosts. It returns the kind and the hosts sent to, sorted.
func serviceBound(kinds map[string]bool, d destinations, code string) (string, []string, bool) {
	kind, ok := oneService(kinds)
	if !ok || d.unknown || len(d.hosts) == 0 {
		return "", nil, false
	}
	allowed := allowedHosts(kind, code)
	var sent []string
	for h := range d.hosts {
		if !allowed[h] {
			return "", nil, false
		}
		sent = append(sent, h)
	}
	sort.Strings(sent)
	return kind, sent, true
}

// oneService returns the service kind when kinds (see serviceBound) is
// one service's, so a caller can skip working out destinations otherwise.
func oneService(kinds map[string]bool) (string, bool) {
	if len(kinds) != 1 {
		return "", false
	}
	for k := range kinds {
		return k, k != ""
	}
	return "", false
}

// serviceReason is the reason of a credential sent only to its service.
func serviceReason(what string, hosts []string) string {
	return "reads " + what + " and sends only to the service it logs in to (" + strings.Join(hosts, ", ") +
		"): it acts on the user's account with their stored credential; check that it publishes or changes only what the skill says"
}

// Destinations in Python and JavaScript code: every literal URL, and the
// destination argument of each call that opens a connection, followed
// through the variables it is assigned to. A network call whose
// destination the scan cannot follow is an unknown destination.
var (
	pyDestCall = lazyRE(`\b(?:requests|httpx|session|sess|client|s|http|api)\.(?:get|post|put|patch|delete|head|request|stream)\(|\b\w+\.(?:post|put|patch)\(|\burlopen\(|\bRequest\(|\bcreate_connection\(|\bHTTPS?Connection\(|\.connect\(|\.sendto\(|\b(?:httpx\.(?:Async)?Client|aiohttp\.ClientSession)\(`)
	jsDestCall = lazyRE(`\bfetch\(|\baxios(?:\.\w+)?\(|\bhttps?\.(?:request|get)\(|\bgot(?:\.\w+)?\(|\.(?:post|put|patch)\(|\bWebSocket\(|\bnet\.(?:connect|createConnection)\(|\bsendBeacon\(|\.open\(`)
	// noDest are network matches that name no destination: a session
	// or socket made before it connects, data written to a connection.
	noDest = lazyRE(`^(?:requests\.Session|socket\.socket\(|\.sendall\(|\.send\(|\.write\(|urllib3\.|urllib2?\.(?:request|urlopen|urlretrieve|Request)|urllib2|XMLHttpRequest)$`)
	// importLine is an import, where a library's name is no call.
	importLine = lazyRE(`^\s*(?:import\b|from\s+\S+\s+import\b|(?:const|let|var)\s+[\w{}\s,]+=\s*require\()`)
	bareHost   = lazyRE(`(?i)^[a-z0-9-]+(?:\.[a-z0-9-]+)+$`)
	methodLit  = lazyRE(`^['"][A-Za-z]+['"]$`)
	identRe    = lazyRE(`^[A-Za-z_$][\w$]*$`)
)

// maxDestCalls bounds the calls one file's destinations are followed
// through, and maxDestSteps the expressions (a variable assigned from
// itself, a chain of variables); past either the destination is
// unknown.
const (
	maxDestCalls = 64
	maxDestSteps = 256
)

// codeDestinations returns the destinations of Python (js false) or
// JavaScript code with comments blanked.
func codeDestinations(c string, js bool) destinations {
	var d destinations
	for _, m := range urlHostRe.FindAllStringSubmatch(c, -1) {
		d.url(m[0])
	}
	call, net, send := pyDestCall, pyNet, pySend
	if js {
		call, net, send = jsDestCall, jsNet, jsSend
	}
	calls := call.FindAllStringIndex(c, maxDestCalls+1)
	if len(calls) > maxDestCalls {
		d.unknown = true
		return d
	}
	li := newLineIndex(c)
	covered := map[int]bool{} // lines with a call followed
	for _, m := range calls {
		covered[li.line(m[0])] = true
		d.arg(c, callArgs(c[m[1]:]), c[m[0]:m[1]], 0)
	}
	for _, re := range []*lazyRegexp{net, send} {
		for _, m := range re.FindAllStringIndex(c, -1) {
			ln := li.line(m[0])
			text := c[m[0]:m[1]]
			if re == jsSend && text == ".write(" && jsStdStream.MatchString(c[max(0, m[0]-40):m[0]]) {
				continue // the program's own output (sendIndex)
			}
			if covered[ln] || noDest.MatchString(text) || importLine.MatchString(lineText(c, li, ln)) && !strings.Contains(text, "undici") && !strings.Contains(text, "nodemailer") {
				continue
			}
			d.unknown = true
		}
	}
	return d
}

// arg records the destination of a call named name with arguments args.
func (d *destinations) arg(c string, args []string, name string, depth int) {
	pos := []string{}
	for _, a := range args {
		if k, v, ok := strings.Cut(a, "="); ok && identRe.MatchString(strings.TrimSpace(k)) && !strings.HasPrefix(v, "=") {
			if k = strings.TrimSpace(k); k == "url" || k == "base_url" || k == "host" {
				d.expr(c, v, depth)
				return
			}
			continue
		}
		pos = append(pos, a)
	}
	switch {
	case len(pos) == 0:
		return // a session or client made with no destination yet
	case strings.HasSuffix(name, "request(") || strings.HasSuffix(name, "stream(") || name == ".open(":
		if len(pos) > 1 && methodLit.MatchString(pos[0]) {
			pos = pos[1:]
		}
	case strings.HasPrefix(name, "net.") && len(pos) > 1 && strings.Trim(pos[0], "0123456789") == "":
		pos = pos[1:] // net.connect(port, host)
	case name == ".sendto(" && len(pos) > 1:
		pos = pos[1:]
	}
	d.expr(c, pos[0], depth)
}

// expr records the destination an expression names: a literal URL or
// host, a tuple or object holding one, a variable assigned from one, a
// URL built from one. Anything else is unknown.
func (d *destinations) expr(c, e string, depth int) {
	e = strings.TrimSpace(e)
	if d.steps++; depth > 4 || e == "" || d.steps > maxDestSteps {
		d.unknown = true
		return
	}
	if i := topLevel(e, '+'); i > 0 {
		e = strings.TrimSpace(e[:i]) // a concatenation starts with its host
	}
	if d.rb {
		if m := rubyHostAttr.FindStringSubmatch(e); m != nil {
			e = m[1] // uri.host: where uri points
		} else if m := rubyURICall.FindStringIndex(e); m != nil {
			if args := callArgs(e[m[1]:]); len(args) > 0 {
				d.expr(c, args[0], depth+1)
				return
			}
		} else if body := litBody(e); len(e) > 1 && (e[0] == '"' || e[0] == '\'') && strings.HasPrefix(body, "#{") {
			if i := strings.IndexByte(body, '}'); i > 2 {
				d.expr(c, body[2:i], depth+1) // "#{BASE}/x" starts with BASE
				return
			}
		}
	}
	switch {
	case strings.HasPrefix(e, "("), strings.HasPrefix(e, "["):
		if args := callArgs(e[1:]); len(args) > 0 {
			d.expr(c, args[0], depth+1)
			return
		}
	case strings.HasPrefix(e, "{"):
		for _, a := range callArgs(e[1:]) {
			if k, v, ok := strings.Cut(a, ":"); ok {
				switch strings.Trim(strings.TrimSpace(k), `'"`) {
				case "url", "host", "hostname":
					d.expr(c, v, depth+1)
					return
				}
			}
		}
		return // an options object with no host: the default, local
	}
	lit := strings.TrimLeft(e, "fFrRbBuU")
	if len(lit) > 0 && strings.ContainsRune("'\"`", rune(lit[0])) {
		body := litBody(lit)
		switch {
		case strings.HasPrefix(body, "{") || strings.HasPrefix(body, "${"):
			name := strings.TrimPrefix(body, "$")[1:]
			if i := strings.IndexByte(name, '}'); i > 0 {
				d.expr(c, name[:i], depth+1)
				return
			}
		case strings.Contains(body, "://"):
			d.url(body)
			return
		case bareHost.MatchString(body):
			d.host(body)
			return
		default:
			return // a path or method: the destination is set elsewhere
		}
		d.unknown = true
		return
	}
	if i := strings.IndexByte(e, '('); i > 0 && strings.HasSuffix(e, ")") {
		// a URL built by a call: Request(url, data), new URL(path, base)
		fn := strings.TrimPrefix(e[:i], "new ")
		if strings.HasSuffix(fn, "Request") || strings.HasSuffix(fn, "URL") || strings.HasSuffix(fn, "urljoin") {
			d.arg(c, callArgs(e[i+1:]), fn, depth+1)
			return
		}
		d.unknown = true
		return
	}
	if !identRe.MatchString(e) {
		d.unknown = true // an attribute, an index, an argument
		return
	}
	if d.following[e] {
		return
	}
	if d.following == nil {
		d.following = map[string]bool{}
	}
	d.following[e] = true
	defer delete(d.following, e)
	assigns := assignedValues(c, e, 8)
	if len(assigns) == 0 {
		d.unknown = true // a parameter, a loop variable, an import
		return
	}
	for _, a := range assigns {
		d.expr(c, strings.TrimSuffix(strings.TrimSpace(a), ";"), depth+1)
	}
}

// litBody returns the text of the string literal lit starts with (its
// opening quote to the matching close).
func litBody(lit string) string {
	return lit[1:min(stringEnd(lit, 0, false), len(lit))]
}

// callArgs splits the text after a call's opening parenthesis (or a
// tuple's, list's or object's opener) into its top-level arguments.
func callArgs(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s) && i < 4000; i++ {
		switch ch := s[i]; ch {
		case '\'', '"', '`':
			i = stringEnd(s, i, ch != '`')
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth == 0 {
				if a := strings.TrimSpace(s[start:i]); a != "" {
					out = append(out, a)
				}
				return out
			}
			depth--
		case ',':
			if depth == 0 {
				out = append(out, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	return out
}

// stringEnd returns the index of the quote closing the string literal
// that opens at s[i] (len(s) when it is not closed), skipping escaped
// characters; with lineEnds a newline ends it too (a quote, not a
// backtick, string cannot span lines).
func stringEnd(s string, i int, lineEnds bool) int {
	q := s[i]
	j := i + 1
	for j < len(s) && s[j] != q && (!lineEnds || s[j] != '\n') {
		if s[j] == '\\' {
			j++
		}
		j++
	}
	return j
}

// closeOf returns the index of the bracket closing the one at s[open]
// (any of ( [ {), skipping string literals opened by a byte of quotes
// (stringEnd; lineEnds as there), or -1.
func closeOf(s string, open int, quotes string, lineEnds bool) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch ch := s[i]; {
		case strings.IndexByte(quotes, ch) >= 0:
			i = stringEnd(s, i, lineEnds)
		case ch == '(' || ch == '[' || ch == '{':
			depth++
		case ch == ')' || ch == ']' || ch == '}':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// topLevel returns the index of op outside brackets and strings in e, or
// -1.
func topLevel(e string, op byte) int {
	depth := 0
	for i := 0; i < len(e); i++ {
		switch ch := e[i]; ch {
		case '\'', '"', '`':
			i = stringEnd(e, i, false)
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		default:
			if ch == op && depth == 0 {
				return i
			}
		}
	}
	return -1
}
