package audit

import (
	"context"
	"fmt"
	"net/url"
	"path"
	"sort"
	"strings"

	"github.com/skilldex/skilldex/index"
	"gopkg.in/yaml.v3"
)

// Rule ci-secret-exposure for one secret a workflow hands on: a token is
// made to be sent to its own service, so where it goes decides, as for a
// PowerShell script's secret variable (psenvsend.go). A step's run:
// script given ${{ secrets.X }} (inline, or through an env: entry set
// from it), and a LOCAL action given it through a with: input (uses:
// ./.github/actions/notify; the action's action.yml anywhere in the
// skill): a composite action's run: steps reading ${{ inputs.token }},
// a node action's script reading core.getInput('token') or
// process.env.INPUT_TOKEN, a docker action's scripts reading
// $INPUT_TOKEN, are followed to the requests they make (curl and wget in
// shell; fetch, axios, https.request and the like in JavaScript),
// through the variables set from the value. The service is the one the
// secret's name names (GITHUB_TOKEN: GitHub's hosts, NPM_TOKEN: npm's;
// psServiceLabels), else the input's (npm-token); the runner's
// $GITHUB_API_URL and ${{ github.api_url }} are GitHub's. Sent to a fixed
// host not of that service, in a header or in data, it is the token
// handed to whoever runs that host: critical in a workflow the skill
// ships, high in documentation. A secret whose name names no service
// (DEPLOY_TOKEN handed to input token) is judged only when it goes to
// fixed hosts of two unrelated domains: one of them is not the service
// it is for. A destination the workflow or the action computes (an
// input, a variable) is the caller's choice and is not judged; a value
// masked (::add-mask::), measured (${#t}), handed to a program (gh,
// docker login --password-stdin, npm) or to a process's environment
// sends nothing by itself.

// ciUsesLocal finds a step's uses: of a local action.
var ciUsesLocal = lazyRE(`(?m)\buses:\s*['"]?\./([^\s'"@#]+)`)

// maxCIActionFiles bounds the files of the local actions one file links.
const maxCIActionFiles = 12

// ciActionsOf returns the files of the local actions a workflow (or a
// document quoting one) uses: each action.yml of the skill whose folder
// the uses: path names (./.github/actions/notify is
// .github/actions/notify/action.yml, or templates/actions/notify/ in a
// skill shipping it as a template), with the scripts its runs: names
// (main, pre, post) and the shell scripts beside it (a docker action's
// entrypoint).
func ciActionsOf(ctx context.Context, src Source, s index.Skill, rel, content string, files []string) []linkedFile {
	if !strings.Contains(content, "uses:") || !strings.Contains(content, "./") {
		return nil
	}
	var out []linkedFile
	have := map[string]bool{}
	addFile := func(f string) {
		if have[f] || len(out) >= maxCIActionFiles || f == rel {
			return
		}
		have[f] = true
		if text, err := readForAudit(ctx, src, s, f); err == nil {
			out = append(out, linkedFile{rel: f, text: text})
		}
	}
	for _, m := range ciUsesLocal.FindAllStringSubmatch(content, 16) {
		dir := ciActionDir(strings.Trim(path.Clean(m[1]), "/"), files)
		if dir == "" {
			continue
		}
		for _, f := range files {
			if path.Dir(f) != dir {
				continue
			}
			b := strings.ToLower(path.Base(f))
			if b == "action.yml" || b == "action.yaml" {
				addFile(f)
			}
		}
		for _, f := range files {
			if !strings.HasPrefix(f, dir+"/") && dir != "." {
				continue
			}
			switch strings.ToLower(path.Ext(f)) {
			case ".js", ".mjs", ".cjs", ".sh", ".bash":
				if strings.Count(strings.TrimPrefix(f, dir+"/"), "/") <= 1 && !strings.Contains(f, "node_modules/") {
					addFile(f)
				}
			}
		}
	}
	return out
}

// ciActionDir returns the folder of the skill holding the action.yml the
// uses: path p names, "" when none does: the folder p itself, one ending
// in p, or in p without its .github/ (a template kept elsewhere).
func ciActionDir(p string, files []string) string {
	short := strings.TrimPrefix(p, ".github/")
	best := ""
	for _, f := range files {
		b := strings.ToLower(path.Base(f))
		if b != "action.yml" && b != "action.yaml" {
			continue
		}
		d := path.Dir(f)
		switch {
		case d == p:
			return d
		case strings.HasSuffix("/"+d, "/"+p), strings.HasSuffix("/"+d, "/"+short):
			if best == "" {
				best = d
			}
		}
	}
	return best
}

// ciSend is one request a CI script makes carrying the secret.
type ciSend struct {
	file  string
	line  int
	hosts []string // the fixed hosts it goes to
	text  string
}

// ciSecretCarrier is a placeholder variable standing for the secret's
// expression in a run: script.
const ciSecretCarrier = "SKILLDEX_CI_SECRET"

var (
	// ciGitHubURLExpr are the runner's own GitHub addresses.
	ciGitHubAPI    = lazyRE(`\$\{\{\s*github\.api_url\s*\}\}|\$\{?GITHUB_API_URL\}?|\$\{\{\s*github\.graphql_url\s*\}\}|\$\{?GITHUB_GRAPHQL_URL\}?`)
	ciGitHubServer = lazyRE(`\$\{\{\s*github\.server_url\s*\}\}|\$\{?GITHUB_SERVER_URL\}?`)
	// ciShAssign sets a shell variable.
	ciShAssign = lazyRE(`^\s*(?:export\s+|local\s+|readonly\s+|declare\s+(?:-\w+\s+)?)?([A-Za-z_]\w*)=(.*)$`)
	// ciShFetch is a request command in a shell line.
	ciShFetch = lazyRE(`(?:^|[\s|;&(` + "`" + `])(curl|wget)(?:\s|$)`)
)

// ciShellSends returns the requests of a shell script (its first line is
// file line first) that carry one of the variables vars names, or a
// variable set from one.
func ciShellSends(file, script string, first int, vars map[string]bool) []ciSend {
	script = ciGitHubAPI.ReplaceAllString(script, "https://api.github.com")
	script = ciGitHubServer.ReplaceAllString(script, "https://github.com")
	script = ghExpr.ReplaceAllString(script, "$${GHA_EXPR}")
	// logical lines: continuations joined, each with its first line
	var lines []string
	var at []int
	raw := strings.Split(script, "\n")
	for i := 0; i < len(raw); i++ {
		l, start := raw[i], i
		for strings.HasSuffix(l, "\\") && i+1 < len(raw) {
			i++
			l = strings.TrimSuffix(l, "\\") + " " + raw[i]
		}
		if strings.HasPrefix(strings.TrimSpace(l), "#") {
			continue
		}
		lines = append(lines, l)
		at = append(at, first+start)
	}
	tainted := map[string]bool{}
	for v := range vars {
		tainted[v] = true
	}
	assigned := map[string][]string{}
	for _, l := range lines {
		if m := ciShAssign.FindStringSubmatch(l); m != nil {
			assigned[m[1]] = append(assigned[m[1]], m[2])
		}
	}
	for pass := 0; pass < 4; pass++ {
		grew := false
		for name, vals := range assigned {
			if tainted[name] {
				continue
			}
			for _, v := range vals {
				if ciShCarries(v, tainted) {
					tainted[name], grew = true, true
					break
				}
			}
		}
		if !grew {
			break
		}
	}
	var out []ciSend
	for i, l := range lines {
		m := ciShFetch.FindStringSubmatchIndex(l)
		if m == nil {
			continue
		}
		before, args := l[:m[2]], l[m[3]:]
		if cut := strings.IndexAny(args, "|;&"); cut >= 0 && !ciInQuotes(args, cut) {
			args = args[:cut]
		}
		words := ciShWords(args)
		carried := ciShCarries(before, tainted) && strings.Contains(args, "@-") // piped into the body
		var urls []string
		for j, w := range words {
			if strings.Contains(w, "://") {
				urls = append(urls, w)
			} else if strings.HasPrefix(w, "$") && (j == 0 || !strings.HasPrefix(words[j-1], "-")) {
				urls = append(urls, w) // a URL in a variable
			}
			// in a header it authenticates where it goes, in data it is
			// handed over: either way the host gets the token
			carried = carried || ciShCarries(w, tainted)
		}
		if !carried {
			continue
		}
		s := ciSend{file: file, line: at[i], text: strings.TrimSpace(l)}
		fixed := true
		for _, u := range urls {
			h := ciURLHost(u, assigned)
			if h == "" {
				fixed = false
				continue
			}
			s.hosts = append(s.hosts, h)
		}
		if fixed && len(s.hosts) > 0 {
			out = append(out, s)
		}
	}
	return out
}

// ciShCarries reports whether shell text uses a tainted variable's value
// ($t, ${t}, ${t:-x}; not its length ${#t}).
func ciShCarries(s string, tainted map[string]bool) bool {
	for i := 0; i < len(s); i++ {
		if s[i] != '$' || i+1 >= len(s) {
			continue
		}
		j := i + 1
		if s[j] == '{' {
			j++
			if j < len(s) && (s[j] == '#' || s[j] == '!') {
				continue
			}
		}
		k := j
		for k < len(s) && isWordByte(s[k]) {
			k++
		}
		if k > j && tainted[s[j:k]] {
			return true
		}
	}
	return false
}

// ciInQuotes reports whether s[i] stands inside a quoted string.
func ciInQuotes(s string, i int) bool {
	var q byte
	for j := 0; j < i; j++ {
		switch {
		case q == 0 && (s[j] == '"' || s[j] == '\''):
			q = s[j]
		case q != 0 && s[j] == q:
			q = 0
		case s[j] == '\\' && q != '\'':
			j++
		}
	}
	return q != 0
}

// ciShWords splits a command's arguments into words, quotes removed.
func ciShWords(s string) []string {
	var out []string
	var b strings.Builder
	var q byte
	in := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case q != 0 && c == q:
			q = 0
		case q != 0:
			b.WriteByte(c)
		case c == '"' || c == '\'':
			q, in = c, true
		case c == ' ' || c == '\t':
			if in {
				out = append(out, b.String())
				b.Reset()
				in = false
			}
		default:
			b.WriteByte(c)
			in = true
		}
	}
	if in {
		out = append(out, b.String())
	}
	return out
}

// ciURLHost returns the fixed host of a request's URL word (a literal, or
// a variable the script sets once to a literal), "" when it is computed.
func ciURLHost(w string, assigned map[string][]string) string {
	if strings.HasPrefix(w, "$") && !strings.Contains(w, "://") {
		name := strings.Trim(w, "${}\"'")
		if i := strings.IndexAny(name, "/:?"); i >= 0 {
			return ""
		}
		vals := assigned[name]
		if len(vals) != 1 {
			return ""
		}
		w = strings.Trim(strings.TrimSpace(vals[0]), `"'`)
	}
	i := strings.Index(w, "://")
	if i < 0 {
		return ""
	}
	w = w[i-min(i, 8):]
	if j := strings.IndexAny(w, "?#"); j >= 0 {
		w = w[:j]
	}
	u, err := url.Parse(strings.TrimLeft(w, "=@"))
	if err != nil || u.Host == "" || strings.ContainsAny(u.Host, "${}()`") {
		return ""
	}
	return strings.ToLower(u.Hostname())
}

var (
	// jsInputRead reads an action's input: core.getInput('name'),
	// process.env.INPUT_NAME, process.env['INPUT_NAME'].
	jsInputRead = lazyRE(`\bgetInput\(\s*['"]([^'"]+)['"]|process\.env\.INPUT_([\w-]+)|process\.env\[\s*['"]INPUT_([^'"]+)['"]\s*\]`)
	// jsAssignName is a variable assigned in JavaScript.
	jsAssignName = lazyRE(`(?m)^\s*(?:(?:const|let|var)\s+)?([A-Za-z_$][\w$]*)\s*=[^=>]`)
)

// ciInputKey is an input's name as the runner puts it in INPUT_ (upper
// case; spaces become underscores), hyphens read as underscores.
func ciInputKey(name string) string {
	return strings.NewReplacer(" ", "_", "-", "_").Replace(strings.ToUpper(name))
}

// ciJSSends returns the requests of an action's JavaScript that carry the
// input named input.
func ciJSSends(file, code, input string) []ciSend {
	c := codeCommentsBlanked(code, "js")
	key := ciInputKey(input)
	reads := func(s string) bool {
		for _, m := range jsInputRead.FindAllStringSubmatch(s, -1) {
			for _, g := range m[1:] {
				if g != "" && ciInputKey(g) == key {
					return true
				}
			}
		}
		return false
	}
	if !reads(c) {
		return nil
	}
	tainted := map[string]bool{}
	carries := func(s string) bool {
		if reads(s) {
			return true
		}
		for name := range tainted {
			for off := 0; ; {
				i := strings.Index(s[off:], name)
				if i < 0 {
					break
				}
				p := off + i
				off = p + len(name)
				if p > 0 && (isWordByte(s[p-1]) || s[p-1] == '$' || s[p-1] == '.') || off < len(s) && (isWordByte(s[off]) || s[off] == '$') {
					continue
				}
				if strings.HasPrefix(s[off:], ".length") {
					continue
				}
				return true
			}
		}
		return false
	}
	var names []string
	seen := map[string]bool{}
	for _, m := range jsAssignName.FindAllStringSubmatch(c, 256) {
		if !seen[m[1]] {
			seen[m[1]] = true
			names = append(names, m[1])
		}
	}
	for pass := 0; pass < 4; pass++ {
		grew := false
		for _, n := range names {
			if tainted[n] {
				continue
			}
			for _, v := range assignedValues(c, n, 8) {
				if carries(v) {
					tainted[n], grew = true, true
					break
				}
			}
		}
		if !grew {
			break
		}
	}
	li := newLineIndex(c)
	var out []ciSend
	for _, m := range jsDestCall.FindAllStringIndex(c, maxDestCalls) {
		args := callArgs(c[m[1]:])
		if !carries(strings.Join(args, ",")) {
			continue
		}
		var d destinations
		d.arg(c, args, c[m[0]:m[1]], 0)
		if d.unknown || len(d.hosts) == 0 {
			continue
		}
		s := ciSend{file: file, line: li.line(m[0]), text: strings.TrimSpace(lineText(code, li, li.line(m[0])))}
		for h := range d.hosts {
			s.hosts = append(s.hosts, h)
		}
		sort.Strings(s.hosts)
		out = append(out, s)
	}
	return out
}

// ciServiceLabels returns the host labels of the service a secret is
// for: the one its name names, else the one the input's name names; nil
// when neither names one.
func ciServiceLabels(secret, input string) map[string]bool {
	if l := psServiceLabels(ciServiceWords(secret, nil)); l != nil {
		return l
	}
	if input == "" {
		return nil
	}
	return psServiceLabels(ciServiceWords(input, ciGenericInputWords()))
}

// ciServiceWords returns a secret's or an input's name without the words
// that say what kind of service it is for or what the workflow does with
// it (CDN_PURGE_TOKEN, COVERAGE_TOKEN, METRICS_UPLOAD_KEY): a workflow
// names its secrets by their job, and such a word is no vendor whose
// hosts could be known, so a token named only by them names no service
// and is judged as DEPLOY_TOKEN is (by a second unrelated domain), not as
// sent to a foreign host of a service called "cdn". drop holds further
// words to leave out.
func ciServiceWords(name string, drop map[string]bool) string {
	var words []string
	for _, w := range strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return r == '_' || r == '-' || r == ' ' }) {
		if !drop[w] && !ciKindWords()[w] {
			words = append(words, w)
		}
	}
	return strings.Join(words, "_")
}

// ciKindWords are words of a CI secret's name that say what kind of
// service it is for or what is done with it, never who runs the service:
// a CDN, a cache and its purge, coverage, metrics, status, a preview
// site. Vendors (cloudflare, fastly, codecov, sentry) are not here: their
// names keep the hosts they own.
var ciKindWords = lazySet("cdn", "cache", "purge", "invalidate", "invalidation", "coverage", "cov", "analytics",
	"metrics", "telemetry", "monitoring", "monitor", "logs", "logging", "dns", "storage", "upload", "uploader", "notify",
	"notifier", "notification", "notifications", "alert", "alerts", "status", "preview", "site", "website", "docs",
	"zone", "edge", "backup", "sync", "ping", "report", "reports", "reporter")

// ciGenericInputWords are words of an input's name naming no service
// beyond psGenericWords (repo-token, github_token's siblings).
var ciGenericInputWords = lazySet("repo", "repository", "input", "value", "gh", "with")

// ciForeignSend judges the requests carrying a secret: the first one
// going to a fixed host not of the service the secret is for (labels),
// or, when the service is unknown, a request to a second unrelated
// domain. It returns the send, the host and why.
func ciForeignSend(labels map[string]bool, sends []ciSend) (ciSend, string, bool) {
	if labels != nil {
		for _, s := range sends {
			for _, h := range s.hosts {
				if !psLocalHost(h) && !psOwnHost(h, labels) {
					return s, h, true
				}
			}
		}
		return ciSend{}, "", false
	}
	firstReg, firstHost := "", ""
	for _, s := range sends {
		for _, h := range s.hosts {
			reg := psRegistered(h)
			if reg == "" || psLocalHost(h) {
				continue
			}
			if firstReg == "" {
				firstReg, firstHost = reg, h
				continue
			}
			if reg != firstReg && !strings.HasPrefix(reg, firstReg) && !strings.HasPrefix(firstReg, reg) {
				return s, h + " besides " + firstHost, true
			}
		}
	}
	return ciSend{}, "", false
}

// ciSecretName returns the secret one expression reads (secrets.X,
// secrets['X'], github.token), "" for none or several.
func ciSecretName(v string) string {
	name := ""
	for _, m := range ghExpr.FindAllStringSubmatch(v, -1) {
		e := m[1]
		if wholeSecrets.MatchString(e) {
			return ""
		}
		for _, r := range ciSecretRef.FindAllStringSubmatch(e, -1) {
			n := strings.ToUpper(r[1] + r[2])
			if r[3] != "" {
				n = "GITHUB_TOKEN"
			}
			if name != "" && name != n {
				return ""
			}
			name = n
		}
	}
	return name
}

// ciSecretRef reads one secret in an expression.
var ciSecretRef = lazyRE(`(?i)\bsecrets\.(\w+)|\bsecrets\[\s*['"](\w+)['"]\s*\]|\b(github\.token)\b`)

// ciWhere is the severity and the reason's suffix of a workflow's
// findings: critical in a file the skill ships, high in documentation.
func ciWhere(sc *skillCtx, w where) (Severity, string) {
	if w != inScript && w != inHidden {
		return sc.rank(High, w, false), " (in " + w.String() + ")"
	}
	return Critical, ""
}

// scanStepSecretSend reports a run: step (of a workflow or a composite
// action) sending a secret it is given to a host not of the service the
// secret is for. env holds the env: entries in force (workflow, job,
// step) by name.
func scanStepSecretSend(sc *skillCtx, rel string, st *ghStep, shell string, env map[string]*yaml.Node, at func(*yaml.Node) int, w where) {
	if st.run == nil || st.run.Kind != yaml.ScalarNode || ciNotShell(shell) {
		return
	}
	bySecret := map[string]map[string]bool{} // secret: the variables carrying it
	for name, v := range env {
		if s := ciSecretName(v.Value); s != "" {
			if bySecret[s] == nil {
				bySecret[s] = map[string]bool{}
			}
			bySecret[s][name] = true
		}
	}
	script := st.run.Value
	for _, m := range ghExpr.FindAllStringSubmatch(script, -1) {
		if s := ciSecretName(m[0]); s != "" && bySecret[s] == nil {
			bySecret[s] = map[string]bool{}
		}
	}
	names := make([]string, 0, len(bySecret))
	for s := range bySecret {
		names = append(names, s)
	}
	sort.Strings(names)
	for _, secret := range names {
		vars := bySecret[secret]
		vars[ciSecretCarrier] = true
		text := ghExpr.ReplaceAllStringFunc(script, func(e string) string {
			if ciSecretName(e) == secret {
				return "${" + ciSecretCarrier + "}"
			}
			return e
		})
		sends := ciShellSends(rel, text, blockLine(st.run, at), vars)
		if s, host, ok := ciForeignSend(ciServiceLabels(secret, ""), sends); ok {
			sev, suffix := ciWhere(sc, w)
			sc.add(rel, s.line, "ci-secret-exposure", sev, fmt.Sprintf("sends secrets.%s to %s, not a host of the service the secret is for: the token handed to whoever runs that host%s", secret, host, suffix), s.text)
		}
	}
}

// ciNotShell reports a step shell the shell reader does not take.
func ciNotShell(shell string) bool {
	sh := strings.ToLower(shell)
	return strings.Contains(sh, "pwsh") || strings.Contains(sh, "powershell") || strings.HasPrefix(sh, "python") || strings.HasPrefix(sh, "node") || strings.HasPrefix(sh, "cmd")
}

// scanLocalActionSecret reports a step handing one secret through a
// with: input to a local action of the skill that sends it to a host not
// of the service the secret is for.
func scanLocalActionSecret(sc *skillCtx, rel string, st *ghStep, at func(*yaml.Node) int, w where) {
	if !strings.HasPrefix(st.uses, "./") || len(sc.ciActions) == 0 {
		return
	}
	dir := ciActionDir(strings.Trim(path.Clean(strings.TrimPrefix(st.uses, "./")), "/"), ciFileNames(sc.ciActions))
	if dir == "" {
		return
	}
	var action *linkedFile
	for i, f := range sc.ciActions {
		if path.Dir(f.rel) == dir {
			if b := strings.ToLower(path.Base(f.rel)); b == "action.yml" || b == "action.yaml" {
				action = &sc.ciActions[i]
				break
			}
		}
	}
	if action == nil {
		return
	}
	root := parseCIYAML(action.text)
	runs := mapGet(root, "runs")
	if runs == nil {
		return
	}
	using := strings.ToLower(valueOf(mapGet(runs, "using")))
	inputs := []string{}
	for k := range st.with {
		inputs = append(inputs, k)
	}
	sort.Strings(inputs)
	for _, in := range inputs {
		v := st.with[in]
		secret := ciSecretName(v.Value)
		if secret == "" {
			continue
		}
		var sends []ciSend
		switch {
		case using == "composite":
			sends = ciCompositeSends(action, runs, in)
		case strings.HasPrefix(using, "node"):
			for _, k := range []string{"pre", "main", "post"} {
				p := valueOf(mapGet(runs, k))
				if p == "" {
					continue
				}
				p = path.Clean(path.Join(dir, p))
				for _, f := range sc.ciActions {
					if f.rel == p {
						sends = append(sends, ciJSSends(f.rel, f.text, in)...)
					}
				}
			}
		case using == "docker":
			vars := map[string]bool{"INPUT_" + strings.ToUpper(strings.ReplaceAll(in, " ", "_")): true, "INPUT_" + ciInputKey(in): true}
			for _, f := range sc.ciActions {
				if strings.HasPrefix(f.rel, dir+"/") && (strings.HasSuffix(f.rel, ".sh") || strings.HasSuffix(f.rel, ".bash")) {
					sends = append(sends, ciShellSends(f.rel, f.text, 1, vars)...)
				}
			}
		}
		if s, host, ok := ciForeignSend(ciServiceLabels(secret, in), sends); ok {
			sev, suffix := ciWhere(sc, w)
			sc.add(rel, at(v), "ci-secret-exposure", sev, fmt.Sprintf("hands secrets.%s to the local action %s (input %s), which sends it to %s (%s line %d), not a host of the service the secret is for: the token handed to whoever runs that host%s", secret, st.uses, in, host, s.file, s.line, suffix), s.text)
		}
	}
}

// ciCompositeSends returns the requests a composite action's run: steps
// make carrying its input in (${{ inputs.in }} inline or through an
// env: entry set from it).
func ciCompositeSends(action *linkedFile, runs *yaml.Node, in string) []ciSend {
	steps := mapGet(runs, "steps")
	if steps == nil || steps.Kind != yaml.SequenceNode {
		return nil
	}
	isInput := func(e string) bool {
		for _, m := range ciInputRef.FindAllStringSubmatch(e, -1) {
			if ciInputKey(m[1]+m[2]) == ciInputKey(in) {
				return true
			}
		}
		return false
	}
	at := func(n *yaml.Node) int { return n.Line }
	var out []ciSend
	for _, sn := range steps.Content {
		st := readStep(sn)
		if st == nil || st.run == nil || st.run.Kind != yaml.ScalarNode {
			continue
		}
		if st.shell != nil && ciNotShell(st.shell.Value) {
			continue
		}
		vars := map[string]bool{ciSecretCarrier: true}
		if env := mapGet(sn, "env"); env != nil && env.Kind == yaml.MappingNode {
			for j := 0; j+1 < len(env.Content); j += 2 {
				for _, m := range ghExpr.FindAllString(env.Content[j+1].Value, -1) {
					if isInput(m) {
						vars[env.Content[j].Value] = true
					}
				}
			}
		}
		text := ghExpr.ReplaceAllStringFunc(st.run.Value, func(e string) string {
			if isInput(e) {
				return "${" + ciSecretCarrier + "}"
			}
			return e
		})
		out = append(out, ciShellSends(action.rel, text, blockLine(st.run, at), vars)...)
	}
	return out
}

// ciInputRef reads an input in an expression: inputs.name,
// inputs['name'].
var ciInputRef = lazyRE(`\binputs\.([\w-]+)|\binputs\[\s*['"]([^'"]+)['"]\s*\]`)

// ciFileNames returns the paths of linked files.
func ciFileNames(fs []linkedFile) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.rel
	}
	return out
}

// valueOf returns a scalar node's value, "" for nil.
func valueOf(n *yaml.Node) string {
	if n == nil {
		return ""
	}
	return n.Value
}
