package audit

import (
	"maps"
	"path"
	"slices"
	"strings"
)

// Rule credential-exfil: a git clean filter that sends what git hands
// it. Git runs a filter's clean command on every `git add` of the paths
// .gitattributes marks filter=NAME, with the file's plaintext on its
// standard input: a filter on .env, secrets/** or *.secret.json (an
// "encrypt secrets in git" tool, like git-crypt) reads every secret the
// user commits, though the script never opens a credential file. One that
// sends the data it reads on standard input over the network (a
// "recovery escrow" posting the plaintext and the key) takes them all:
// medium alone (a filter uploading big assets on add is a storage
// tool), critical when a gitattributes line of the skill marks
// secret-looking paths with that filter (raiseGitFilterSends).

var (
	// gitFilterStdin reads standard input (Ruby, Python, JavaScript).
	gitFilterStdin = lazyRE(`\$stdin\b|\bSTDIN\b|\bARGF\.read|\bsys\.stdin\b|\bprocess\.stdin\b|\breadFileSync\(\s*(?:0|['"]/dev/stdin['"])`)
	// gitFilterBind is an assignment: group 1 the name, group 2 the value
	// to the line's end (data = $stdin.binmode.read, const data =
	// fs.readFileSync(0)).
	gitFilterBind = lazyRE(`(?m)^[ \t]*(?:(?:const|let|var)[ \t]+)?([A-Za-z_]\w*)[ \t]*=[ \t]*([^=~>\n][^\n]*)`)
	// gitFilterDispatch is a branch on a command word (when 'clean',
	// case "clean":, cmd == "clean", "clean" => ...): group 1 or 2 the
	// word.
	gitFilterDispatch = lazyRE(`(?m)(?:\bwhen|\bcase|==+|\bin)[ \t]*\(?[ \t]*['"](clean|smudge)['"]|['"](clean|smudge)['"][ \t]*(?:==+|:|=>|\))`)
	// gitFilterBranchEnd starts the next branch of a dispatch.
	gitFilterBranchEnd = lazyRE(`(?m)^[ \t]*(?:when|elsif|elif|else|case|\}[ \t]*else)\b`)
	// gitFilterConfig names a filter driver's clean command (git config
	// filter.NAME.clean "CMD", or a [filter "NAME"] section's clean =
	// line): group 1 the name, group 2 the command.
	gitFilterConfig = lazyRE(`\bfilter\.([\w.-]+)\.(?:clean|process)\b[ \t]*=?[ \t]*["']?([^"'\n]*)`)
	// gitAttrLine is a gitattributes line setting a filter: group 1 the
	// path pattern, group 2 the filter's name.
	gitAttrLine = lazyRE(`(?m)^[ \t]*([\w.*/?\[\]{}-]+)(?:[ \t]+[-!]?[\w.-]+(?:=[\w.-]+)?)*?[ \t]+filter=([\w.-]+)(?:[ \t]+[-!]?[\w.-]+(?:=[\w.-]+)?)*[ \t]*$`)
	// gitAttrSecretPath is a path pattern naming secrets: dotenv files,
	// a secrets folder, credentials, keys and certificates, tokens.
	gitAttrSecretPath = lazyRE(`(?i)(?:^|[/*._-])(?:env|secrets?|credentials?|creds|pem|key|keys|p12|pfx|jks|keystore|id_rsa|id_ed25519|npmrc|netrc|pgpass|tokens?|passwords?|vault)(?:$|[/*._-])`)
)

// gitFilterNote ends the reason of a filter's send whose paths are not
// known to be secret; raiseGitFilterSends lifts it.
const gitFilterNote = "; no gitattributes line of the skill is seen marking secret paths with it"

// scanGitFilterSend reports a Ruby, Python or JavaScript script rel
// (content) that is a git clean filter (it dispatches on clean and
// smudge, or SKILL.md's git config filter.NAME.clean runs it) and sends
// data it reads on standard input outside its smudge branch over the
// network, directly or through a function of its own that sends the
// argument it is handed (see above): medium, with gitFilterNote.
func scanGitFilterSend(sc *skillCtx, rel, content string) {
	if !strings.Contains(content, "clean") || !gitFilterStdin.MatchString(content) {
		return
	}
	var code string
	var send *lazyRegexp
	switch k := kindOf(rel, content); {
	case isRubyScript(rel, content):
		code, _ = lexRuby(content)
		send = rubySend
	case k == kindPython || k == kindJS:
		code = stripComments(content, k)
		send = pyNet
		if k == kindJS {
			send = jsNet
		}
	default:
		return
	}
	how := ""
	if name := gitFilterRunBy(sc.instructions, rel); name != "" {
		how = "git config filter." + name + ".clean runs it"
	} else {
		words := map[string]bool{}
		for _, m := range gitFilterDispatch.FindAllStringSubmatch(code, 16) {
			words[m[1]+m[2]] = true
		}
		if !words["clean"] || !words["smudge"] {
			return
		}
		how = "it dispatches on git's clean and smudge commands"
	}
	smudge := gitFilterBranch(code, "smudge")
	tainted := map[string]bool{}
	for _, m := range gitFilterBind.FindAllStringSubmatchIndex(code, 512) {
		if smudge[0] <= m[0] && m[0] < smudge[1] {
			continue
		}
		if gitFilterStdin.MatchString(code[m[4]:m[5]]) {
			tainted[code[m[2]:m[3]]] = true
		}
	}
	if len(tainted) == 0 {
		return
	}
	at := gitFilterSendOf(code, send, tainted, smudge)
	if at < 0 {
		return
	}
	li := newLineIndex(code)
	ln := li.line(at)
	sc.add(rel, ln, "credential-exfil", Medium, "a git clean filter ("+how+") sends the file content git hands it on standard input over the network: every file the filter is set on leaves the machine at each git add"+gitFilterNote, strings.TrimSpace(lineText(content, li, ln)))
}

// gitFilterRunBy returns the filter name whose clean command in
// instructions (git config filter.NAME.clean "ruby bin/git-seal clean")
// names the script rel (gitFilterCmdNames), "" when none does.
func gitFilterRunBy(instructions, rel string) string {
	if !strings.Contains(instructions, "filter.") {
		return ""
	}
	for _, m := range gitFilterConfig.FindAllStringSubmatch(instructions, 16) {
		if gitFilterCmdNames(m[2], rel) {
			return m[1]
		}
	}
	return ""
}

// gitFilterCmdNames reports whether the filter command cmd names the
// script rel, by its base name or by it less the extension the audit
// reads an extensionless script under (bin/git-seal read as
// bin/git-seal.rb).
func gitFilterCmdNames(cmd, rel string) bool {
	base := path.Base(rel)
	stem := strings.TrimSuffix(base, path.Ext(base))
	return len(base) >= 3 && namesFile(cmd, base) || len(stem) >= 3 && namesFile(cmd, stem)
}

// gitFilterBranch returns the span of code's branch for the command
// word (from its dispatch to the next branch), {-1, -1} when there is
// none.
func gitFilterBranch(code, word string) [2]int {
	for _, m := range gitFilterDispatch.FindAllStringSubmatchIndex(code, 16) {
		w := ""
		if m[2] >= 0 {
			w = code[m[2]:m[3]]
		} else {
			w = code[m[4]:m[5]]
		}
		if w != word {
			continue
		}
		eol := strings.IndexByte(code[m[1]:], '\n')
		if eol < 0 {
			return [2]int{m[0], len(code)}
		}
		start := m[1] + eol
		if e := gitFilterBranchEnd.FindStringIndex(code[start:]); e != nil {
			return [2]int{m[0], start + e[0]}
		}
		return [2]int{m[0], len(code)}
	}
	return [2]int{-1, -1}
}

// gitFilterSendOf returns the offset of a send (send) in code outside
// the span skip that carries a tainted name: the name in the send's
// arguments, or in an argument of a call to a function of code whose
// body sends and uses the parameter it is passed in; -1 when none does.
func gitFilterSendOf(code string, send *lazyRegexp, tainted map[string]bool, skip [2]int) int {
	// a name assigned from a tainted one is tainted too (body = {content: data}.to_json)
	for range 2 {
		for _, m := range gitFilterBind.FindAllStringSubmatchIndex(code, 512) {
			if !tainted[code[m[2]:m[3]]] && mentionsAny(code[m[4]:m[5]], tainted) {
				tainted[code[m[2]:m[3]]] = true
			}
		}
	}
	for _, m := range send.FindAllStringIndex(code, 64) {
		if skip[0] <= m[0] && m[0] < skip[1] {
			continue
		}
		if mentionsAny(code[m[1]:rustEndAt(code, m[1], "\n")], tainted) {
			return m[0]
		}
	}
	for _, f := range plantedFunc.FindAllStringSubmatchIndex(code, 64) {
		name := code[f[4]:f[5]]
		end := blockEnd(code, f[0], f[3]-f[2])
		body := code[f[5]:end]
		params := gitFilterParams(body)
		s := send.FindStringIndex(body)
		if s == nil || len(params) == 0 {
			continue
		}
		for c := wordIndex(code, name, 0); c >= 0; c = wordIndex(code, name, c+len(name)) {
			open := c + len(name) + len(code[c+len(name):]) - len(strings.TrimLeft(code[c+len(name):], " \t"))
			if c >= f[0] && c < end || skip[0] <= c && c < skip[1] || open >= len(code) || code[open] != '(' {
				continue
			}
			for i, a := range callArgs(code[open+1:]) {
				if i < len(params) && mentionsAny(a, tainted) && wordIndex(body[strings.IndexByte(body, ')')+1:], params[i], 0) >= 0 {
					return f[5] + s[0]
				}
			}
		}
	}
	return -1
}

// gitFilterParams returns the parameter names of a definition whose
// text after the name is body ("(key, path, data)\n ...").
func gitFilterParams(body string) []string {
	t := strings.TrimLeft(body, " \t")
	if !strings.HasPrefix(t, "(") {
		return nil
	}
	end := strings.IndexByte(t, ')')
	if end < 0 {
		return nil
	}
	var out []string
	for _, p := range strings.Split(t[1:end], ",") {
		p = strings.TrimSpace(p)
		p, _, _ = strings.Cut(p, "=")
		p, _, _ = strings.Cut(p, ":")
		out = append(out, strings.TrimLeft(strings.TrimSpace(p), "*&"))
	}
	return out
}

// raiseGitFilterSends lifts a git filter's send (scanGitFilterSend) to
// critical when a file of the skill (texts, every file audited) has a
// gitattributes line marking a secret-looking path (.env, secrets/**,
// *.secret.json, *.pem) with a filter that is the script's: one whose
// configured clean command names it, or one no text configures.
func raiseGitFilterSends(findings []Finding, texts map[string]string) {
	var idx []int
	for i, f := range findings {
		if f.RuleID == "credential-exfil" && f.Severity == Medium && strings.HasSuffix(f.Reason, gitFilterNote) {
			idx = append(idx, i)
		}
	}
	if len(idx) == 0 {
		return
	}
	secret := map[string]string{} // filter name -> the secret pattern
	configured := map[string][]string{}
	for _, text := range texts {
		if !strings.Contains(text, "filter") {
			continue
		}
		for _, m := range gitAttrLine.FindAllStringSubmatch(text, 64) {
			if gitAttrSecretPath.MatchString(m[1]) && secret[m[2]] == "" {
				secret[m[2]] = m[1]
			}
		}
		for _, m := range gitFilterConfig.FindAllStringSubmatch(text, 16) {
			configured[m[1]] = append(configured[m[1]], m[2])
		}
	}
	for _, i := range idx {
		f := &findings[i]
		for _, name := range slices.Sorted(maps.Keys(secret)) {
			pat := secret[name]
			ok := len(configured[name]) == 0
			for _, cmd := range configured[name] {
				ok = ok || gitFilterCmdNames(cmd, f.File)
			}
			if ok {
				f.Severity = Critical
				f.Reason = strings.TrimSuffix(f.Reason, gitFilterNote) + "; the skill's gitattributes set filter=" + name + " on " + pat + ": the plaintext of those secrets is what it sends"
				break
			}
		}
	}
}
