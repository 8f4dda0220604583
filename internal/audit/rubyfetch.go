package audit

import (
	"regexp"
	"strings"
)

// Rule download-exec for Ruby that fetches with an HTTP library rather
// than a program: Net::HTTP.get(URI(u)), URI.open(u).read, open-uri's
// open(u), HTTParty.get(u).body, a Faraday (or Net::HTTP, Excon,
// HTTPClient) connection's get, RestClient, http.rb. The answer is
// followed through the file's names as it came (a name assigned the
// call, its .body or .read, a decoder of it, a block's parameter) and
// what is done with it is written as the shell command that does the
// same, read with the file's other commands as one script
// (rubytask.go): saved to a file (File.write, File.open(p, "w") with a
// block writing it, IO.copy_stream) it is `curl -fsSLo FILE URL`, so a
// later system, exec, backticks or rake sh of the file is a download run
// (high); handed to a shell as its command line (system(body),
// `#{body}`, sh -c body, eval) or its stdin (IO.popen("bash", "w") with
// a block writing it, Open3.capture2("sh", stdin_data: body)) it is
// `curl -fsSL URL | sh` (critical, as the shell ranks it). A check of
// the saved file's digest, or of the answer's
// (Digest::SHA256.hexdigest(body)), against a pinned one that stops the
// file on a mismatch before the run is the shell's sha256sum -c: medium.
// An answer only parsed (JSON.parse) and read is not a finding.

var (
	// rubyFetchRe is a call whose result is what a server answered.
	rubyFetchRe = lazyRE(`\bNet::HTTP\.(?:get|get_response|post|post_form|start)\b|\bURI\.open\b|\bOpenURI\.open_uri\b|\bURI(?:\.parse)?\([^()\n]*\)\.(?:open|read)\b|\b(?:HTTParty|Faraday|RestClient|HTTPX|Excon|Typhoeus|HTTP|HTTPClient)\.(?:get|post|request)\b|(?:^|[^.\w:])(?:Kernel\.)?open\(\s*['"]https?://`)
	// rubyClientNew makes an HTTP client object: its get and request
	// calls fetch.
	rubyClientNew = lazyRE(`\b(?:Faraday|Net::HTTP|Excon|HTTPClient|HTTPX|RestClient::Resource|Typhoeus::Request)\.(?:new|start|with\w*)\b`)
	// rubyBlockParam is a block's first parameter (do |x| or { |x|).
	rubyBlockParam = lazyRE(`(?:\bdo|\{)[ \t]*\|[ \t]*([A-Za-z_]\w*)`)
	// rubyAssignAll is every assignment at a line's start.
	rubyAssignAll = lazyRE(`(?m)^[ \t]*([A-Za-z_]\w*)[ \t]*=[ \t]*([^=~\n][^\n]*)$`)
	// rubyDecoder wraps an answer without changing whose text it is.
	rubyDecoder = lazyRE(`^(?:Base64\.(?:strict_|urlsafe_)?decode64|JSON\.parse|Zlib::Inflate\.inflate|Zlib\.gunzip|String|CGI\.unescape)\(\s*(.*?)\s*\)(?:\[[^\]\n]*\]|\.\w+[!?]?)*$`)
	// rubyAccessors is an accessor chain after an answer's name.
	rubyAccessors = lazyRE(`^(?:\.(?:body|read|to_s|string|strip|chomp|force_encoding\([^()]*\)|encode\([^()]*\)|dup|b|data|response_body|parsed_response)|\[[^\]\n]*\]|\.(?:fetch|dig)\([^()\n]*\))*$`)
	// rubyInterpShell is a shell or interpreter that runs the program
	// on its stdin, or given as its -c argument.
	rubyInterpShell = lazyRE(`^(?:/usr/bin/env[ \t]+)?(?:/bin/|/usr/bin/|/usr/local/bin/)?(sh|bash|zsh|dash|ksh|ruby|python3?|perl|node)(?:[ \t]+(?:-[a-z]+|-s|--))*$`)
	// rubyStdinOpt is Open3's stdin_data: option.
	rubyStdinOpt = lazyRE(`\bstdin_data:\s*(.+)$`)
	// rubyHashDigest is a digest of text in memory: group 1 the text.
	rubyHashDigest = lazyRE(`^(?:OpenSSL::)?Digest::SHA(?:1|2|256|384|512)(?:\.new(?:\(\d*\))?)?\.hexdigest\(\s*(.+?)\s*\)(?:\.downcase)?$`)
)

// rubyAnswer is a name holding what a server answered, with the URL
// its fetch named (as a shell word).
type rubyAnswer struct {
	url string
	// checked is the line of a check of the answer's digest against a
	// pinned one that stops the file, and pin the pin (0: none).
	checked int
	pin     string
}

// fetchAnswers returns the file's names holding a server's answer.
func (r *rubyScan) fetchAnswers() map[string]*rubyAnswer {
	out := map[string]*rubyAnswer{}
	clients := map[string]bool{}
	for _, m := range rubyAssignAll.FindAllStringSubmatch(r.code, 1024) {
		if rubyClientNew.MatchString(m[2]) {
			clients[m[1]] = true
		}
	}
	// block parameters of a fetch or a client's start: the response or
	// the client
	for _, m := range rubyBlockParam.FindAllStringSubmatchIndex(r.code, 256) {
		ls := strings.LastIndexByte(r.code[:m[0]], '\n') + 1
		head := r.code[ls:m[0]]
		switch {
		case strings.Contains(head, "Net::HTTP.start") || rubyClientNew.MatchString(head) && !strings.Contains(head, ".get"):
			clients[r.code[m[2]:m[3]]] = true
		case rubyFetchRe.MatchString(head) || r.clientCall(head, clients):
			out[r.code[m[2]:m[3]]] = &rubyAnswer{url: r.fetchURL(head)}
		}
	}
	assigns := rubyAssignAll.FindAllStringSubmatch(r.code, 1024)
	for range 4 {
		grew := false
		for _, m := range assigns {
			if out[m[1]] != nil {
				continue
			}
			v := strings.TrimSpace(m[2])
			if rubyFetchRe.MatchString(v) || r.clientCall(v, clients) {
				out[m[1]] = &rubyAnswer{url: r.fetchURL(v)}
				grew = true
			} else if a := r.answerOf(v, out, clients); a != nil {
				out[m[1]] = a
				grew = true
			}
		}
		if !grew {
			break
		}
	}
	return out
}

// clientCall reports whether code calls get or request on a client.
func (r *rubyScan) clientCall(code string, clients map[string]bool) bool {
	n := 0
	for c := range clients {
		if n++; n > 8 {
			break
		}
		if regexp.MustCompile(`(?:^|[^\w.])` + regexp.QuoteMeta(c) + `\.(?:get|request|get_content|request_get)\b`).MatchString(code) {
			return true
		}
	}
	return false
}

// answerOf returns the answer an expression is: a fetch, a client's
// get, or an answer's name with accessors, each maybe in decoders.
func (r *rubyScan) answerOf(expr string, ans map[string]*rubyAnswer, clients map[string]bool) *rubyAnswer {
	expr = strings.TrimSpace(expr)
	for range 4 {
		m := rubyDecoder.FindStringSubmatch(expr)
		if m == nil {
			break
		}
		expr = strings.TrimSpace(m[1])
	}
	if expr == "" {
		return nil
	}
	if rubyFetchRe.MatchString(expr) && !strings.Contains(expr, "#{") || r.clientCall(expr, clients) {
		if _, isLit := r.litOf(expr); !isLit {
			return &rubyAnswer{url: r.fetchURL(expr)}
		}
	}
	n := 0
	for n < len(expr) && isIdentByte(expr[n]) {
		n++
	}
	if a := ans[expr[:n]]; a != nil && n > 0 && rubyAccessors.MatchString(expr[n:]) {
		return a
	}
	return nil
}

// fetchURL returns the URL a fetch names as a shell word: its first
// literal (or a name assigned one) with no interpolation, else $X.
func (r *rubyScan) fetchURL(code string) string {
	m := rubyFetchRe.FindStringIndex(code)
	if m == nil {
		return "$X"
	}
	rest := code[m[0]:]
	if i := strings.IndexByte(rest, '('); i >= 0 {
		rest = rest[i+1:]
	}
	arg := strings.TrimSpace(strings.SplitN(strings.SplitN(rest, ",", 2)[0], ")", 2)[0])
	for _, p := range []string{"URI.parse(", "URI("} {
		arg = strings.TrimPrefix(arg, p)
	}
	if v, ok := r.assigns[arg]; ok {
		arg = strings.TrimSpace(v)
		for _, p := range []string{"URI.parse(", "URI("} {
			if strings.HasPrefix(arg, p) && strings.HasSuffix(arg, ")") {
				arg = strings.TrimSpace(arg[len(p) : len(arg)-1])
			}
		}
	}
	if i, ok := r.litOf(arg); ok && !strings.Contains(r.lits[i].body, "$") && strings.Contains(r.lits[i].body, "://") {
		return shellQuote(r.lits[i].body)
	}
	return "$X"
}

// rubyFetchCmds records, as shell commands of the file's script, what
// the file does with a server's answer (see the top of this file).
func (r *rubyScan) fetchCmds() {
	if !rubyFetchRe.MatchString(r.code) && !rubyClientNew.MatchString(r.code) {
		return
	}
	ans := r.fetchAnswers()
	if len(ans) == 0 && !rubyFetchRe.MatchString(r.code) {
		return
	}
	clients := map[string]bool{}
	for _, m := range rubyAssignAll.FindAllStringSubmatch(r.code, 1024) {
		if rubyClientNew.MatchString(m[2]) {
			clients[m[1]] = true
		}
	}
	of := func(expr string) *rubyAnswer { return r.answerOf(expr, ans, clients) }
	r.answerChecks(ans)
	// saves
	for _, m := range rubyFetchWrite.FindAllStringIndex(r.code, 64) {
		if _, ok := r.inLit(m[0]); ok {
			continue
		}
		call := r.code[m[0]:m[1]]
		args := r.args(m[1], strings.HasSuffix(call, "("))
		var a *rubyAnswer
		pathArg := 0
		switch {
		case strings.HasPrefix(call, "IO.copy_stream"):
			if len(args) < 2 {
				continue
			}
			a, pathArg = of(args[0]), 1
		case strings.HasPrefix(call, "File.open") || strings.HasPrefix(call, "File.new"):
			if len(args) < 2 || !rubyWriteMode.MatchString(args[1]) {
				continue
			}
			a = r.blockWrites(m[1], of)
		default:
			if len(args) < 2 {
				continue
			}
			a = of(args[1])
		}
		if a == nil {
			continue
		}
		p := r.path(args[pathArg], 0)
		if !rubyPlainPath.MatchString(p) || p == "$X" {
			continue
		}
		r.addFetchCmd(m[0], "curl -fsSLo "+p+" "+a.url, a, p)
	}
	// runs of the answer: as the command line, or a shell's stdin
	for _, m := range rubyRunAnswer.FindAllStringIndex(r.code, 64) {
		if _, ok := r.inLit(m[1] - 1); ok {
			continue
		}
		call := strings.TrimSpace(strings.TrimLeft(r.code[m[0]:m[1]], "\n\t ;"))
		args := r.args(m[1], strings.HasSuffix(call, "("))
		for len(args) > 0 && strings.HasPrefix(args[0], "{") {
			args = args[1:]
		}
		if len(args) == 0 {
			continue
		}
		interp := "sh"
		if strings.Contains(call, "eval") {
			interp = "ruby"
		}
		stdin := ""
		for len(args) > 1 && (strings.Contains(args[len(args)-1], "=>") || rubyOption.MatchString(args[len(args)-1])) {
			if sm := rubyStdinOpt.FindStringSubmatch(args[len(args)-1]); sm != nil {
				stdin = sm[1]
			}
			args = args[:len(args)-1]
		}
		var a *rubyAnswer
		if prog := r.shellProg(args[0]); prog != "" {
			interp = prog
			for k, x := range args[1:] {
				if l := r.literal(x); (l == "-c" || l == "-lc" || l == "-e") && k+2 < len(args) {
					a = of(args[k+2])
				}
			}
			if a == nil && stdin != "" {
				a = of(stdin)
			}
			if a == nil && (strings.Contains(call, "popen") || strings.Contains(call, "Open3")) {
				a = r.blockWrites(m[1], of)
			}
		} else if len(args) == 1 {
			a = of(args[0])
		}
		if a != nil {
			r.addFetchRun(m[1], a, interp)
		}
	}
	for i, l := range r.lits {
		if !l.cmd {
			continue
		}
		raw := strings.TrimSpace(r.src[l.start:l.end])
		raw = strings.TrimPrefix(strings.TrimPrefix(raw, "%x"), "`")
		if len(raw) < 4 {
			continue
		}
		raw = strings.TrimSpace(raw[1 : len(raw)-1])
		if strings.HasPrefix(raw, "{") && strings.HasSuffix(raw, "}") && strings.Count(raw, "#{") == 0 {
			if a := of(raw[1 : len(raw)-1]); a != nil {
				r.addFetchRun(r.lits[i].start, a, "sh")
			}
		}
	}
}

var (
	// rubyFetchWrite is a call that writes a file: its first argument
	// the path (IO.copy_stream its second).
	rubyFetchWrite = lazyRE(`\b(?:File|IO)\.(?:write|binwrite)[ \t]*\(?|\bFile\.(?:open|new)[ \t]*\(?|\bIO\.copy_stream[ \t]*\(?`)
	// rubyRunAnswer is a call that runs its argument as a command line,
	// a program with its arguments, or Ruby code.
	rubyRunAnswer = lazyRE(`(?:^|[^.\w:])(?:Kernel\.)?(?:system|exec|spawn|sh|eval|instance_eval)\b[ \t]*\(?|\bProcess\.spawn[ \t]*\(?|\bOpen3\.(?:capture2e?|capture3|popen2e?|popen3)[ \t]*\(?|\bIO\.popen[ \t]*\(?|\bPTY\.spawn[ \t]*\(?`)
)

// shellProg returns the shell or interpreter an argument names (a
// literal, or an array of literals), "" for anything else.
func (r *rubyScan) shellProg(expr string) string {
	expr = strings.TrimSpace(expr)
	text := r.literal(expr)
	if strings.HasPrefix(expr, "[") && strings.HasSuffix(expr, "]") {
		var words []string
		for _, el := range splitTop(expr[1 : len(expr)-1]) {
			words = append(words, r.literal(el))
		}
		text = strings.Join(words, " ")
	}
	if m := rubyInterpShell.FindStringSubmatch(strings.TrimSpace(text)); m != nil {
		return m[1]
	}
	return ""
}

// blockWrites returns the answer the block of the call whose arguments
// start at off writes (f.write(body), io.puts body, io << body), if any.
func (r *rubyScan) blockWrites(off int, of func(string) *rubyAnswer) *rubyAnswer {
	end := strings.IndexByte(r.code[off:], '\n')
	if end < 0 {
		end = len(r.code) - off
	}
	text := r.code[off : off+end]
	if strings.HasSuffix(strings.TrimSpace(text), "do") || strings.Contains(text, " do |") {
		lines := strings.SplitN(r.code[off:], "\n", 22)
		var body []string
		for _, l := range lines[1:] {
			if strings.TrimSpace(l) == "end" {
				break
			}
			body = append(body, l)
		}
		text += "\n" + strings.Join(body, "\n")
	}
	for _, m := range rubyBlockWrite.FindAllStringSubmatch(text, 16) {
		arg := strings.TrimSpace(m[1] + m[2])
		arg = strings.TrimSpace(strings.TrimSuffix(arg, "}"))
		if strings.HasPrefix(arg, "(") && strings.HasSuffix(arg, ")") {
			arg = arg[1 : len(arg)-1]
		}
		if a := of(arg); a != nil {
			return a
		}
	}
	return nil
}

// rubyBlockWrite is a write to a block's file or pipe: group 1 what it
// writes, to the line's end.
var rubyBlockWrite = lazyRE(`\.(?:write|puts|print|syswrite)[ \t]*(\(?[^\n;]+)|<<[ \t]*([^\n;]+)`)

// answerChecks records each stopping check of an answer's digest
// against a pinned one (abort unless Digest::SHA256.hexdigest(body) ==
// PIN).
func (r *rubyScan) answerChecks(ans map[string]*rubyAnswer) {
	for n, ln := range strings.Split(r.code, "\n") {
		if !strings.Contains(ln, "hexdigest(") || !rubyStopWord.MatchString(ln) {
			continue
		}
		lhs, rhs, neg, ok := rubyCompare(ln)
		if !ok {
			continue
		}
		unless, ifw := rubyUnless.MatchString(ln), rubyIf.MatchString(ln)
		if !(unless && !neg || ifw && neg || rubyStopAfter.MatchString(ln) && !neg && !unless && !ifw) {
			continue
		}
		for _, pair := range [][2]string{{lhs, rhs}, {rhs, lhs}} {
			m := rubyHashDigest.FindStringSubmatch(strings.TrimSpace(pair[0]))
			if m == nil {
				continue
			}
			a := ans[strings.TrimSpace(m[1])]
			if pin := r.pinOf(pair[1]); a != nil && pin != "" && a.checked == 0 {
				a.checked, a.pin = n+1, pin
			}
		}
	}
}

// addFetchCmd records a save of an answer to path p; an answer checked
// against a pin before the save is checked in its file right after it.
func (r *rubyScan) addFetchCmd(off int, text string, a *rubyAnswer, p string) {
	if a.checked > 0 && a.checked <= r.li.line(off) {
		text += `; echo "` + a.pin + "  " + p + `" | sha256sum -c - || exit 1`
	}
	r.addCmd(off, text, false)
	r.fetched = true
}

// addFetchRun records a run of an answer by interp: the shell's fetch
// piped into it, or, when the answer was checked against a pin before,
// the answer saved, checked and run.
func (r *rubyScan) addFetchRun(off int, a *rubyAnswer, interp string) {
	if a.checked > 0 && a.checked <= r.li.line(off) {
		p := "/tmp/.answer"
		r.addCmd(off, "curl -fsSLo "+p+" "+a.url+`; echo "`+a.pin+"  "+p+`" | sha256sum -c - || exit 1; `+interp+" "+p, false)
	} else {
		r.addCmd(off, "curl -fsSL "+a.url+" | "+interp, false)
	}
	r.fetched = true
}
