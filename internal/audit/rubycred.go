package audit

import "strings"

// Ruby's credential reads and sends (rule credential-exfil), read as the
// Python and JavaScript ones are (code.go, envdump.go): the whole
// environment (ENV.to_h, ENV.each, ENV.select { ... }, JSON.generate(ENV),
// the output of env or printenv) or a secret variable SDKs read
// (ENV["AWS_SECRET_ACCESS_KEY"]), in a script that also sends data over
// the network, is every token the job or the user exported leaving the
// machine: critical. A CI job's environment holds its tokens
// (CI_JOB_TOKEN, GITHUB_TOKEN, ACTIONS_RUNTIME_TOKEN and the project's
// secret variables), so a collector that filters names by a CI or cloud
// prefix or a secret word is still a dump; one that keeps only names
// under the program's own prefix (k.start_with?("MYAPP_")) is its
// settings, not a dump. The environment handed to a child process
// (system(ENV.to_h.merge(...), cmd)) is the child's, not a dump.

// rubyEnvWhole finds an enumeration or copy of the whole environment.
var rubyEnvWhole = lazyRE(`\bENV\.(?:to_h|to_hash|to_a|to_s|to_json|inspect|each|each_pair|each_with_object|map|flat_map|filter_map|select|filter|find_all|reject|values|sort|sort_by|group_by|entries|dup|clone|sum|reduce|inject|collect)\b|\bHash\[\s*ENV\s*\]|\(\s*ENV\s*[,)]|` + "`" + `\s*(?:env|printenv)\s*` + "`" + `|%x[({\[]\s*(?:env|printenv)\s*[)}\]]`)

// rubyEnvSecret reads one secret variable SDKs read (sdkSecretVars),
// by index or fetch.
var rubyEnvSecret = lazyRE(`\bENV(?:\[\s*|\.fetch\(\s*)['"](?:` + sdkSecretVars + `)['"]`)

// rubySend finds a Ruby call that sends data over the network or opens
// a connection: Net::HTTP (post, post_form, a request object), the
// common HTTP gems, sockets, mail and FTP.
var rubySend = lazyRE(`\bNet::(?:HTTP|SMTP|FTP)\b|\b(?:HTTParty|Faraday|RestClient|Excon|Typhoeus|HTTPX|HTTP|Curl)\s*(?:::\w+)*\s*\.\s*(?:post|put|patch|get|request|new|perform|via|headers|auth|basic_auth|connect)\b|\b(?:TCPSocket|UDPSocket|Socket|SSLSocket)\s*(?:\.new|\.open|\.tcp)\b|\bURI\.open\b|\bOpenURI\b|\bResolv\b`)

// rubyPrefixTest is a test of a name against one anchored prefix:
// k.start_with?("A_", "B_"), k =~ /\AA_/, k.match?(/^A_/).
var rubyPrefixTest = lazyRE(`\.start_with\?\(\s*['"]\w+['"](?:\s*,\s*['"]\w+['"])*\s*\)|=~\s*/(?:\\A|\^)\w+/[a-z]*|\.match\??\(\s*/(?:\\A|\^)\w+/[a-z]*\s*\)`)

// rubyAnyTest is any other test of a name in a filter's block.
var rubyAnyTest = lazyRE(`=~|\.match\??\(|\.include\?\(|\.end_with\?\(|\.start_with\?\(|==|\.grep\(`)

// envCredPrefix is a name prefix under which CI systems and clouds put
// their tokens and keys, in a filter's test.
var envCredPrefix = lazyRE(`(?i)(?:^|[^A-Za-z0-9])\^?(?:CI|GITLAB|GITHUB|ACTIONS|RUNNER|BUILDKITE|CIRCLE|TRAVIS|JENKINS|BITBUCKET|DRONE|AWS|AZURE|ARM|GCP|GOOGLE|GCLOUD|NPM|DOCKER|VAULT|HEROKU|SSH)_`)

// rubyExecLead is a call that runs a command opening just before an
// expression: its first argument is the child's environment.
var rubyExecLead = lazyRE(`(?:\b(?:system|exec|spawn|popen|popen2e?|popen3|capture2e?|capture3|pipeline\w*))[ \t]*\(?[ \t]*$`)

// rubyEnvDump returns the offset in code of the first read of the whole
// environment that is neither a child's environment nor filtered to the
// program's own prefix, or -1.
func rubyEnvDump(code string) int {
	for _, m := range rubyEnvWhole.FindAllStringIndex(code, 32) {
		start := m[0]
		if code[start] == '(' {
			start++ // JSON.generate(ENV): the call is the sink
		}
		lineStart := strings.LastIndexByte(code[:start], '\n') + 1
		if rubyExecLead.MatchString(code[lineStart:start]) {
			continue
		}
		match := code[m[0]:m[1]]
		if strings.HasSuffix(match, "select") || strings.HasSuffix(match, "filter") || strings.HasSuffix(match, "find_all") || strings.HasSuffix(match, "filter_map") {
			if rubyOwnPrefixBlock(rubyBlockAfter(code[m[1]:])) {
				continue
			}
		}
		return m[0]
	}
	return -1
}

// rubyBlockAfter returns the block that follows a call: a brace block to
// its matching brace, a do block to its end, at most 400 bytes; "" when
// none follows.
func rubyBlockAfter(rest string) string {
	t := strings.TrimLeft(rest, " \t")
	if len(t) > 400 {
		t = t[:400]
	}
	switch {
	case strings.HasPrefix(t, "{"):
		depth := 0
		for i := 0; i < len(t); i++ {
			switch t[i] {
			case '{':
				depth++
			case '}':
				depth--
				if depth == 0 {
					return t[:i+1]
				}
			}
		}
	case strings.HasPrefix(t, "do"):
		if e := strings.Index(t, "end"); e >= 0 {
			return t[:e]
		}
	}
	return ""
}

// rubyOwnPrefixBlock reports whether a filter's block tests names only
// by anchored prefixes that are neither secret words nor CI or cloud
// prefixes.
func rubyOwnPrefixBlock(block string) bool {
	tests := rubyPrefixTest.FindAllStringIndex(block, -1)
	if len(tests) == 0 || rubyAnyTest.MatchString(rubyPrefixTest.ReplaceAllString(block, "")) {
		return false
	}
	for _, t := range tests {
		s := block[t[0]:t[1]]
		if envSecretWord.MatchString(s) || envCredPrefix.MatchString(s) {
			return false
		}
	}
	return true
}

// credSends adds credential-exfil for a Ruby script that reads the whole
// environment or a cloud secret and sends data over the network.
func (r *rubyScan) credSends() {
	cred, off := "the whole environment", rubyEnvDump(r.code)
	if off < 0 {
		m := rubyEnvSecret.FindStringIndex(r.code)
		if m == nil {
			return
		}
		cred, off = strings.TrimSpace(r.code[m[0]:m[1]])+"]", m[0]
		if strings.Contains(cred, "fetch(") {
			cred = strings.TrimSuffix(cred, "]") + ")"
		}
	}
	s := r.sendAfter(off)
	if s < 0 {
		return
	}
	ln := r.li.line(max(off, s))
	r.sc.add(r.rel, ln, "credential-exfil", r.sc.rank(Critical, inScript, false), "reads "+cred+" and sends data over the network in the same file", strings.TrimSpace(lineText(r.src, r.li, ln)))
}

// rubyPutVerb is a call that carries data out (a post, put, patch, a
// request object, a socket write), preferred as the finding's line.
var rubyPutVerb = lazyRE(`(?i)post|put|patch|request|write|send|puts`)

// sendAfter returns the offset of the network send in the script (the
// last one at or after off when there is one, else the first), or -1.
func (r *rubyScan) sendAfter(off int) int {
	all := rubySend.FindAllStringIndex(r.code, 64)
	if len(all) == 0 {
		return -1
	}
	for _, m := range all {
		if m[0] >= off && rubyPutVerb.MatchString(r.code[m[0]:min(len(r.code), m[1]+16)]) {
			return m[0]
		}
	}
	for _, m := range all {
		if m[0] >= off {
			return m[0]
		}
	}
	return all[0][0]
}
