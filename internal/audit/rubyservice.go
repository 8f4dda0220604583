package audit

import "strings"

// A Ruby script that reads one service-bound credential store (~/.netrc
// looked up by machine, ~/.npmrc, ~/.pypirc, gh's hosts.yml, docker's
// config.json) and sends only to that service's hosts is ranked as the
// Python, JavaScript and shell readers rank it (credservice.go): high,
// not critical. The kinds come from every credential path the script
// names, the destinations from every literal URL and from the
// destination of each call that opens a connection (Net::HTTP.start,
// Net::HTTP.post, Net::HTTP::Post.new, HTTParty.post, Faraday.new(url:),
// RestClient, URI.open, TCPSocket.new), followed through the variables,
// constants, URI(…) and uri.host it is built from. A destination the
// scan cannot follow (ARGV, ENV, an instance variable, an interpolated
// host), a network call it does not read, a second credential or a
// secret variable (ENV["X_TOKEN"]) keeps it critical.

// rubyDestCall is a Ruby call that opens a connection or makes a
// request, up to its arguments: group 1 is "(" when they are
// parenthesised.
var rubyDestCall = lazyRE(`\bNet::HTTP(?:::(?:Post|Put|Patch|Get|Delete|Head)\.new|\.(?:start|new|post|post_form|get|get_response|put|patch|delete))(\(|[ \t]+)|\b(?:HTTParty|Faraday|RestClient|Excon|Typhoeus|HTTPX|HTTP)\s*\.\s*(?:post|put|patch|get|delete|head|request|new)(\(|[ \t]+)|\bURI\.open(\(|[ \t]+)|\b(?:TCPSocket|SSLSocket|UDPSocket)\.(?:new|open)(\(|[ \t]+)`)

// rubyEnvNamed reads one environment variable by a literal name.
var rubyEnvNamed = lazyRE(`\bENV(?:\[\s*|\.fetch\(\s*)['"](\w+)['"]`)

// rubyHostAttr is a URI's host taken from a variable: uri.host.
var rubyHostAttr = lazyRE(`^([a-z_]\w*)\.(?:host|hostname)$`)

// rubyURICall builds a URI from its first argument: URI(…),
// URI.parse(…), URI.join(…), URI::HTTPS.build(host: …) is left out.
var rubyURICall = lazyRE(`^(?:URI|URI\.parse|URI\.join|Kernel\.URI)\s*\(`)

// rubyServiceBound reports whether a Ruby script (comments blanked)
// that reads a credential and sends sends only one service-bound
// credential to that service's hosts, and the hosts it sends to.
func rubyServiceBound(code string) ([]string, bool) {
	kinds := map[string]bool{}
	for _, m := range credPath.FindAllString(code, 16) {
		kinds[credService(m)] = true
	}
	lits := strLit.FindAllStringIndex(code, -1)
	for _, w := range wordListWords(code) {
		lits = append(lits, []int{w.off, w.off + len(w.body)})
	}
	home := homeRef.MatchString(code)
	for _, l := range lits {
		lit := code[l[0]:l[1]]
		if lit[0] != '"' && lit[0] != '\'' {
			lit = `"` + lit + `"`
		}
		if home && (credPartRe.MatchString(lit) || relCredPath(lit)) {
			kinds[credService("the credential path part "+lit)] = true
		}
	}
	if rubyEnvDump(code) >= 0 || credStoreRead.MatchString(code) || credEnvRe.MatchString(code) {
		kinds[""] = true
	}
	for _, m := range rubyEnvNamed.FindAllStringSubmatch(code, 32) {
		if secret, _ := psSecretVar(m[1]); secret {
			kinds[""] = true // a secret variable: a second credential
		}
	}
	if _, ok := oneService(kinds); !ok {
		return nil, false
	}
	d := rubyDestinations(code)
	_, hosts, ok := serviceBound(kinds, d, code)
	return hosts, ok
}

// rubyDestinations returns the destinations of Ruby code with comments
// blanked: every literal URL and the destination of every call that
// connects, an unknown one for a network call not followed.
func rubyDestinations(c string) destinations {
	d := destinations{rb: true}
	for _, m := range urlHostRe.FindAllStringSubmatch(c, -1) {
		d.url(m[0])
	}
	li := newLineIndex(c)
	covered := map[int]bool{}
	calls := rubyDestCall.FindAllStringSubmatchIndex(c, maxDestCalls+1)
	if len(calls) > maxDestCalls {
		d.unknown = true
		return d
	}
	for _, m := range calls {
		covered[li.line(m[0])] = true
		rest := c[m[1]:]
		if !strings.HasSuffix(c[m[0]:m[1]], "(") {
			// arguments without parentheses run to the line's end or
			// the block it opens
			if i := strings.IndexByte(rest, '\n'); i >= 0 {
				rest = rest[:i]
			}
			if i := strings.Index(rest, " do"); i >= 0 {
				rest = rest[:i]
			}
			rest += ")"
		}
		d.rubyArgs(c, callArgs(rest))
	}
	for _, re := range []*lazyRegexp{otherNet, rubySend} {
		for _, m := range re.FindAllStringIndex(c, -1) {
			ln := li.line(m[0])
			line := strings.TrimSpace(lineText(c, li, ln))
			if covered[ln] || strings.HasPrefix(line, "require") || m[1] < len(c) && isWordByte(c[m[1]]) {
				continue // a library loaded, a response class (Net::HTTPSuccess)
			}
			if t := c[m[0]:m[1]]; t == "Net::HTTP" && strings.HasPrefix(c[m[1]:], "::") {
				continue // a class of it named (Net::HTTP::Post) outside a call
			}
			d.unknown = true
		}
	}
	return d
}

// rubyArgs records the destination of a Ruby call's arguments: its
// url:, host: or base_url: keyword, else its first positional argument.
func (d *destinations) rubyArgs(c string, args []string) {
	var pos []string
	for _, a := range args {
		if k, v, ok := strings.Cut(a, ":"); ok && identRe.MatchString(k) && !strings.HasPrefix(v, ":") {
			switch k {
			case "url", "host", "base_url", "uri", "address":
				d.expr(c, v, 0)
				return
			}
			continue
		}
		pos = append(pos, a)
	}
	if len(pos) == 0 {
		return // a client made with no destination yet
	}
	d.expr(c, pos[0], 0)
}
