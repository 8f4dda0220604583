package audit

import (
	"path"
	"regexp"
	"strings"
)

// Terraform and Packer run commands on the machine that runs them (the
// user's, a CI runner), not only on what they build: Terraform's
// local-exec provisioner runs its command (with /bin/sh -c, or the
// interpreter it names), an external data source runs its program at
// every plan, and Packer's shell-local provisioner and post-processor
// run their command or their inline lines as one script on the build
// host. An http data source (data "http") fetches a body at plan or
// build time; that body handed to one of these places as what runs
// (the whole command or inline line, the script after sh -c or eval, a
// command's first word, a pipe into a shell, or through a local or an
// environment variable bound to it) lets the server decide what runs:
// download-exec, critical, as curl | sh in a script. The body used as
// an argument (an IP address for a firewall rule, a version echoed to a
// file) is not a finding. The literal commands of these places are
// read as shell at their lines too, as Terragrunt's run_cmd is
// (tgruncmd.go), so curl | sh written in a local-exec command ranks as
// in a script. A guest's shell provisioner and Terraform's remote-exec
// run on the machine being built, not the user's, and are not read.

var (
	// hclHostBlock opens a block whose commands run on the host: group
	// 1 the block type, group 2 local-exec/shell-local or "external".
	hclHostBlock = lazyRE(`(?m)^[ \t]*(provisioner|post-processor|error-cleanup-provisioner|data)[ \t]+"(local-exec|shell-local|external)"(?:[ \t]+"[\w-]+")?[ \t]*\{`)
	// hclLocalsBlock opens a locals block.
	hclLocalsBlock = lazyRE(`(?m)^[ \t]*locals[ \t]*\{`)
	// hclAttr is an attribute at the start of the text it is matched
	// against (a line): group 1 its name.
	hclAttr = lazyRE(`^[ \t]*([A-Za-z_][\w-]*)[ \t]*=[ \t]*([^=]|$)`)
	// hclHTTPBody reads an http data source's fetched body (Terraform's
	// response_body and response_body_base64, Packer's and the old
	// provider's body).
	hclHTTPBody = lazyRE(`\bdata\.http\.[\w-]+\.(?:response_body_base64|response_body|body)\b`)
	// hclHTTPName is the data source a body reference reads: group 1.
	hclHTTPName = lazyRE(`\bdata\.http\.([\w-]+)\.`)
	// hclBodyBuilds is a call that builds a new string from its
	// arguments (a format, a join), where the body is one value among
	// others and not the command.
	hclBodyBuilds = lazyRE(`^\s*(?:format|formatlist|join|replace|templatefile|templatestring|concat|length|sha256|md5|base64sha256|tolist|toset|contains|regex|regexall|can|startswith|endswith|strcontains|sha1|base64encode)\s*\(`)
	// hclShellProgram is a shell as an interpreter or program.
	hclShellProgram = lazyRE(`^(?:/(?:usr/)?(?:local/)?bin/)?(?:env\s+)?(?:ba|z|k|da|a)?sh$`)
)

// hclBodyMark stands, in a command's shell text, for the fetched body.
const hclBodyMark = "HCLFETCHEDBODY"

// hclBodyRuns are the places in shell text where the mark runs: a
// command's first word (after a separator, a subshell or a keyword, or
// a prefix such as eval, exec, sudo), the script of sh -c or of another
// interpreter's -c/-e, a here-string into a shell, or a pipe into one.
var hclBodyRuns = []*lazyRegexp{
	lazyRE(`(?:^|[;&|({\x60\n]|\$\(|\b(?:then|do|else)\b)[ \t]*(?:(?:eval|exec|command|sudo|nohup|time|env)[ \t]+(?:-\S+[ \t]+)*)*["']?` + hclBodyMark),
	lazyRE(`\b(?:ba|z|k|da|a)?sh[ \t]+(?:-\S+[ \t]+)*-[a-z]*c[ \t]+["']?` + hclBodyMark),
	lazyRE(`\b(?:python[\d.]*|perl|ruby|node|pwsh|powershell)[ \t]+(?:-\S+[ \t]+)*-(?:c|e|Command)[ \t]+["']?` + hclBodyMark),
	lazyRE(`\b(?:ba|z|k|da|a)?sh[ \t]+(?:-\S+[ \t]+)*<<<[ \t]*["']?` + hclBodyMark),
	lazyRE(hclBodyMark + `[^|;&\n]*\|[ \t]*(?:sudo[ \t]+)?(?:/\S*/)?(?:(?:ba|z|k|da|a)?sh|python[\d.]*|perl|ruby|node|pwsh)\b`),
}

// hclItem is one value of an attribute: a string or heredoc's text
// (escapes read, interpolations kept whole) or a bare expression, and
// the file line it starts at.
type hclItem struct {
	text string
	line int
	bare bool
}

// scanHCLHostCmds reads the host commands of a Terraform or Packer file
// (see above).
func scanHCLHostCmds(sc *skillCtx, rel, content string) {
	switch strings.ToLower(path.Ext(rel)) {
	case ".tf", ".tofu", ".hcl":
	default:
		return
	}
	if !strings.Contains(content, "local-exec") && !strings.Contains(content, "shell-local") && !strings.Contains(content, `"external"`) {
		return
	}
	body := hclBodyRefs(content)
	for _, m := range hclHostBlock.FindAllStringSubmatchIndex(content, 64) {
		kind, typ := content[m[2]:m[3]], content[m[4]:m[5]]
		if (kind == "data") != (typ == "external") {
			continue
		}
		end := hclBlockEnd(content, m[1]-1)
		block := content[m[1]:end]
		attrs := hclAttrs(content, m[1], block)
		tool := "terraform"
		if typ == "shell-local" {
			tool = "packer"
		}
		env := hclEnvBodies(attrs, body)
		switch typ {
		case "external":
			hclRunArgv(sc, rel, content, attrs["program"], body, env, tool)
		case "local-exec":
			interp := attrs["interpreter"]
			shell := len(interp) == 0 || hclShellProgram.MatchString(interp[0].text)
			hclRunScript(sc, rel, content, attrs["command"], body, env, tool, shell)
		default:
			hclRunScript(sc, rel, content, attrs["command"], body, env, tool, true)
			hclRunScript(sc, rel, content, attrs["inline"], body, env, tool, true)
		}
		if typ != "external" {
			scanHCLWipe(sc, rel, content, m[1], end, attrs, tool) // the module's values put in: hclwipe.go
		}
	}
}

// hclBodyRefs returns a pattern matching a reference to a fetched body:
// the data source's attribute, or a local bound (in a locals block of
// the file, through other locals too) to an expression reading one.
func hclBodyRefs(content string) *regexp.Regexp {
	refs := []string{hclHTTPBody.String()}
	type localValue struct {
		name  string
		value hclItem
	}
	var locals []localValue
	for _, m := range hclLocalsBlock.FindAllStringIndex(content, 32) {
		end := hclBlockEnd(content, m[1]-1)
		for name, items := range hclAttrs(content, m[1], content[m[1]:end]) {
			if len(items) == 1 {
				locals = append(locals, localValue{name, items[0]})
			}
		}
	}
	re := regexp.MustCompile(strings.Join(refs, "|"))
	for changed := true; changed; {
		changed = false
		for i, l := range locals {
			if l.name == "" || !hclIsBody(l.value, re) {
				continue
			}
			refs = append(refs, `\blocal\.`+regexp.QuoteMeta(l.name)+`\b`)
			locals[i].name = ""
			re = regexp.MustCompile(strings.Join(refs, "|"))
			changed = true
		}
	}
	return re
}

// hclIsBody reports whether a value is a fetched body itself: a bare
// expression reading one (maybe decoded or trimmed, not a value built
// from it), or a string that is only an interpolation of one.
func hclIsBody(it hclItem, body *regexp.Regexp) bool {
	if it.bare {
		return body.MatchString(it.text) && !hclBodyBuilds.MatchString(it.text)
	}
	return strings.TrimSpace(hclMarkBody(it.text, body, nil)) == hclBodyMark
}

// hclEnvBodies returns the environment variables a block sets to a
// fetched body: Terraform's environment = { NAME = … } map and Packer's
// environment_vars = ["NAME=…"] and env = { NAME = … }.
func hclEnvBodies(attrs map[string][]hclItem, body *regexp.Regexp) []string {
	var names []string
	for _, it := range attrs["environment_vars"] {
		if n, v, ok := strings.Cut(it.text, "="); ok && body.MatchString(v) {
			names = append(names, strings.TrimSpace(n))
		}
	}
	for _, a := range []string{"environment", "env"} {
		for _, it := range attrs[a] {
			for _, m := range hclMapEntry.FindAllStringSubmatch(it.text, 32) {
				if body.MatchString(m[2]) {
					names = append(names, m[1])
				}
			}
		}
	}
	return names
}

// hclMapEntry is one NAME = value line of a map: group 1 the name
// (quoted or not), group 2 the value.
var hclMapEntry = lazyRE(`(?m)^[ \t{]*"?([A-Za-z_]\w*)"?[ \t]*[=:][ \t]*([^\n]*)`)

// hclRunScript reads the items of a command or inline attribute as one
// script run by a shell (shell false: by another interpreter, whose
// script only a body run whole is judged in).
func hclRunScript(sc *skillCtx, rel, content string, items []hclItem, body *regexp.Regexp, env []string, tool string, shell bool) {
	if len(items) == 0 {
		return
	}
	for _, it := range items {
		if hclReportBody(sc, rel, content, it, body, env, tool, shell) {
			return
		}
	}
	if !shell {
		return
	}
	var b strings.Builder
	line := items[0].line
	for i, it := range items {
		if it.bare {
			continue
		}
		if i > 0 {
			if it.line > line {
				b.WriteString(strings.Repeat("\n", it.line-line))
				line = it.line
			} else {
				b.WriteString("; ")
			}
		}
		t := hclShellText(it.text)
		b.WriteString(t)
		line += strings.Count(t, "\n")
	}
	scanShell(sc, rel, b.String(), items[0].line, inScript)
}

// hclRunArgv reads an external data source's program list: sh -c
// SCRIPT as a script, other programs as one command line.
func hclRunArgv(sc *skillCtx, rel, content string, items []hclItem, body *regexp.Regexp, env []string, tool string) {
	if len(items) == 0 {
		return
	}
	if len(items) >= 3 && !items[0].bare && hclShellProgram.MatchString(items[0].text) && strings.HasPrefix(items[1].text, "-") && strings.HasSuffix(items[1].text, "c") {
		hclRunScript(sc, rel, content, items[2:3], body, env, tool, true)
		return
	}
	if hclReportBody(sc, rel, content, items[0], body, env, tool, false) {
		return
	}
	words := make([]string, 0, len(items))
	for _, it := range items {
		if it.bare {
			return
		}
		words = append(words, shellQuote(hclShellText(it.text)))
	}
	scanShell(sc, rel, strings.Join(words, " "), items[0].line, inScript)
}

// hclReportBody reports, and returns true for, an item that runs a
// fetched body: a bare expression that is the body (the reference,
// maybe decoded or trimmed, not a value built from it), or a string
// whose shell text runs it (shell false: only a string that is the body
// alone).
func hclReportBody(sc *skillCtx, rel, content string, it hclItem, body *regexp.Regexp, env []string, tool string, shell bool) bool {
	ref := body.FindString(it.text)
	if it.bare {
		if ref == "" || hclBodyBuilds.MatchString(it.text) {
			return false
		}
	} else {
		text := hclMarkBody(it.text, body, env)
		if !strings.Contains(text, hclBodyMark) {
			return false
		}
		runs := strings.TrimSpace(strings.Trim(strings.TrimSpace(text), `"'`)) == hclBodyMark
		for _, re := range hclBodyRuns {
			if runs || !shell {
				break
			}
			runs = re.MatchString(text)
		}
		if !runs {
			return false
		}
		if ref == "" {
			ref = body.FindString(content)
		}
	}
	what := "a fetched body"
	if ref != "" {
		what = Escape(ref, 60)
	}
	if m := hclHTTPName.FindStringSubmatch(ref); m != nil {
		if u := hclHTTPURL(content, m[1]); u != "" {
			what += " (fetched from " + Escape(u, 80) + ")"
		}
	}
	sc.add(rel, it.line, "download-exec", Critical, "runs, on the machine that runs "+tool+", "+what+" as a command: what an http data source fetched at plan or build time, so the server decides what runs, as curl | sh",
		trimmedLine(content, it.line))
	return true
}

// hclMarkBody returns a string's text as the shell sees it (see
// hclShellText) with each interpolation reading a fetched body, and each
// use of an environment variable bound to one, written hclBodyMark.
func hclMarkBody(s string, body *regexp.Regexp, env []string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case strings.HasPrefix(s[i:], "$${"):
			b.WriteString("${")
			i += 2
		case hclInterpEnd(s, i) > i:
			k := hclInterpEnd(s, i)
			if body.MatchString(s[i:k]) {
				b.WriteString(hclBodyMark)
			} else {
				b.WriteByte('X')
			}
			i = k - 1
		default:
			b.WriteByte(s[i])
		}
	}
	t := b.String()
	for _, n := range env {
		t = regexp.MustCompile(`\$(?:\{`+regexp.QuoteMeta(n)+`\}|`+regexp.QuoteMeta(n)+`\b)`).ReplaceAllLiteralString(t, hclBodyMark)
	}
	return t
}

// hclHTTPURL returns the url attribute of the http data source name in
// content, as written, or "".
func hclHTTPURL(content, name string) string {
	re := regexp.MustCompile(`(?m)^[ \t]*data[ \t]+"http"[ \t]+"` + regexp.QuoteMeta(name) + `"[ \t]*\{`)
	m := re.FindStringIndex(content)
	if m == nil {
		return ""
	}
	end := hclBlockEnd(content, m[1]-1)
	if u := hclAttrs(content, m[1], content[m[1]:end])["url"]; len(u) > 0 {
		return u[0].text
	}
	return ""
}

// hclAttrs returns the attributes set at the top of a block whose body
// (block) starts at offset off of content: each name's values (a list's
// items, or the one value), nested blocks' attributes left out.
func hclAttrs(content string, off int, block string) map[string][]hclItem {
	attrs, _ := hclAttrsRaw(content, off, block)
	return attrs
}

// hclAttrsRaw is hclAttrs, also returning each attribute's value as its
// source text (for the evaluator, hcleval.go).
func hclAttrsRaw(content string, off int, block string) (map[string][]hclItem, map[string]string) {
	attrs, raw := map[string][]hclItem{}, map[string]string{}
	depth := 0
	for i := 0; i < len(block); {
		if m := hclAttr.FindStringSubmatchIndex(block[i:]); depth == 0 && m != nil {
			name := block[i+m[2] : i+m[3]]
			items, end := hclValue(content, off+i+m[4])
			if _, ok := attrs[name]; !ok {
				attrs[name] = items
				if start := off + i + m[4]; end > start && end <= len(content) {
					raw[name] = strings.TrimSpace(content[start:end])
				}
			}
			if end <= off+i {
				end = off + i + 1
			}
			i = end - off
			if i >= len(block) {
				break
			}
			continue
		}
		// to the next line, counting the braces of nested blocks
		nl := hclSkipLine(content, off+i) - off
		quoted := false
		for _, c := range block[i:min(nl, len(block))] {
			switch {
			case c == '"':
				quoted = !quoted
			case quoted:
			case c == '{':
				depth++
			case c == '}':
				depth--
			}
		}
		i = nl
	}
	return attrs, raw
}

// hclSkipLine returns the offset past the line at i (strings and
// heredocs opening on it skipped whole).
func hclSkipLine(text string, i int) int {
	for i < len(text) {
		switch {
		case text[i] == '\n':
			return i + 1
		case text[i] == '"':
			if _, end, ok := hclQuoted(text, i); ok {
				i = end
				continue
			}
		case strings.HasPrefix(text[i:], "<<"):
			if end := hclHeredocSkip(text, i); end > i {
				i = end
				continue
			}
		}
		i++
	}
	return i
}

// hclValue reads the value starting at off: a list's items to its
// closing ], or one item. It returns them and the offset past the value.
func hclValue(text string, off int) ([]hclItem, int) {
	for off < len(text) && (text[off] == ' ' || text[off] == '\t') {
		off++
	}
	if off >= len(text) {
		return nil, off
	}
	if text[off] == '[' {
		var items []hclItem
		i := off + 1
		for len(items) < 256 {
			for i < len(text) && strings.ContainsRune(" \t\r\n,", rune(text[i])) {
				i++
			}
			if i >= len(text) {
				return items, i
			}
			if text[i] == ']' {
				return items, i + 1
			}
			if text[i] == '#' || strings.HasPrefix(text[i:], "//") {
				i = hclSkipLine(text, i)
				continue
			}
			it, end := hclOneItem(text, i, true)
			if end <= i {
				return items, i + 1
			}
			items, i = append(items, it), end
		}
		return items, i
	}
	it, end := hclOneItem(text, off, false)
	if end <= off {
		return nil, off
	}
	return []hclItem{it}, end
}

// hclOneItem reads one value at i: a quoted string, a heredoc, or a bare
// expression (to a comma or ] at its depth in a list, else to its line's
// end, brackets and strings inside it skipped).
func hclOneItem(text string, i int, inList bool) (hclItem, int) {
	line := 1 + strings.Count(text[:i], "\n")
	if text[i] == '"' {
		if s, end, ok := hclQuoted(text, i); ok {
			if j := end; !hclMoreExpr(text, j, inList) {
				return hclItem{text: s, line: line}, end
			}
		}
	}
	if strings.HasPrefix(text[i:], "<<") {
		if h := hclHeredocOpen.FindStringSubmatchIndex(text[i:]); h != nil {
			word, start := text[i+h[2]:i+h[3]], i+h[1]
			if end := hclHeredocEnd(text, start, word); end >= 0 {
				return hclItem{text: text[start:end], line: line + 1}, end + strings.Index(text[end:], word) + len(word)
			}
		}
	}
	depth, j := 0, i
	for j < len(text) {
		c := text[j]
		switch {
		case c == '"':
			if _, end, ok := hclQuoted(text, j); ok {
				j = end
				continue
			}
		case strings.HasPrefix(text[j:], "<<"):
			if end := hclHeredocSkip(text, j); end > j {
				j = end
				continue
			}
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			if depth == 0 {
				return hclItem{text: strings.TrimSpace(text[i:j]), line: line, bare: true}, j
			}
			depth--
		case c == ',' && depth == 0 && inList:
			return hclItem{text: strings.TrimSpace(text[i:j]), line: line, bare: true}, j
		case c == '\n' && depth == 0 && !inList:
			return hclItem{text: strings.TrimSpace(text[i:j]), line: line, bare: true}, j
		case c == '#' && depth == 0:
			return hclItem{text: strings.TrimSpace(text[i:j]), line: line, bare: true}, hclSkipLine(text, j) - 1
		}
		j++
	}
	return hclItem{text: strings.TrimSpace(text[i:j]), line: line, bare: true}, j
}

// hclMoreExpr reports whether the expression goes on after a string
// ending at j (an operator, a call's dot), rather than ending there.
func hclMoreExpr(text string, j int, inList bool) bool {
	for j < len(text) && (text[j] == ' ' || text[j] == '\t') {
		j++
	}
	if j >= len(text) {
		return false
	}
	switch c := text[j]; {
	case c == '\n' || c == '\r' || c == '#' || c == ']' || c == '}' || c == ')':
		return false
	case c == ',' && inList:
		return false
	case strings.HasPrefix(text[j:], "//"):
		return false
	}
	return true
}

// hclHeredocSkip returns the offset past the heredoc opening at i, or i.
func hclHeredocSkip(text string, i int) int {
	h := hclHeredocOpen.FindStringSubmatchIndex(text[i:])
	if h == nil {
		return i
	}
	word := text[i+h[2] : i+h[3]]
	end := hclHeredocEnd(text, i+h[1], word)
	if end < 0 {
		return i
	}
	return end + strings.Index(text[end:], word) + len(word)
}

// hclBlockEnd returns the offset of the } closing the block whose {
// is at open (strings, heredocs and comments skipped), or len(text).
func hclBlockEnd(text string, open int) int {
	depth := 0
	for i := open; i < len(text); {
		c := text[i]
		switch {
		case c == '"':
			if _, end, ok := hclQuoted(text, i); ok {
				i = end
				continue
			}
		case strings.HasPrefix(text[i:], "<<"):
			if end := hclHeredocSkip(text, i); end > i {
				i = end
				continue
			}
		case c == '#' || strings.HasPrefix(text[i:], "//"):
			i = hclSkipComment(text, i)
			continue
		case strings.HasPrefix(text[i:], "/*"):
			if e := strings.Index(text[i+2:], "*/"); e >= 0 {
				i += e + 4
				continue
			}
			return len(text)
		case c == '{':
			depth++
		case c == '}':
			if depth--; depth == 0 {
				return i
			}
		}
		i++
	}
	return len(text)
}

// hclSkipComment returns the offset of the newline ending the line
// comment at i (or the text's end).
func hclSkipComment(text string, i int) int {
	if nl := strings.IndexByte(text[i:], '\n'); nl >= 0 {
		return i + nl
	}
	return len(text)
}
