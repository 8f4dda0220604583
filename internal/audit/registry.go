package audit

import (
	"encoding/json"
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/pelletier/go-toml/v2"
	"gopkg.in/yaml.v3"
)

// Rule registry-exec-credential (see Rules in rules.go): a package run
// straight from a registry (npx -y, bunx, pnpm dlx, yarn dlx, bun x,
// uvx, pipx run, uv tool run, npm exec) and handed the user's
// credential, as an environment assignment, an option or in words. The
// registry serves whatever the package's owner published last, so the
// credential goes to code nobody reviewed. The vendor's own tool given
// the vendor's token (@linear/mcp-server and LINEAR_API_KEY, vercel
// and VERCEL_TOKEN) is what the token is for and is not reported.
// Every process also inherits the environment it is started in; the
// rule is about a credential handed over on purpose, which is where a
// skill steers it.

// runner returns the package a call runs from a registry, and the
// arguments after it, or ok false when the call runs none.
func runner(c call) (pkg string, rest []string, ok bool) {
	args := c.args
	switch c.name {
	case "npx", "bunx", "pnpx", "uvx":
	case "pipx", "pnpm", "yarn", "bun", "npm":
		sub := map[string]string{"pipx": "run", "pnpm": "dlx", "yarn": "dlx", "bun": "x", "npm": "exec"}[c.name]
		if len(args) == 0 || args[0] != sub {
			return "", nil, false
		}
		args = args[1:]
	case "uv":
		if len(args) < 2 || args[0] != "tool" || args[1] != "run" {
			return "", nil, false
		}
		args = args[2:]
	default:
		return "", nil, false
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-p" || a == "--package" || a == "--from" || a == "--spec":
			if i+1 < len(args) {
				return args[i+1], args[i+2:], true
			}
		case strings.HasPrefix(a, "--package=") || strings.HasPrefix(a, "--from="):
			return a[strings.IndexByte(a, '=')+1:], args[i+1:], true
		case a == "--":
		case strings.HasPrefix(a, "-"):
			if a == "--python" || a == "--with" || a == "--index-url" || a == "--pip-args" || a == "--cache" || a == "--registry" {
				i++
			}
		default:
			return a, args[i+1:], true
		}
	}
	return "", nil, false
}

// secretName matches the name of a variable, option or setting that
// holds a credential.
var secretName = lazyRE(`(?i)(?:token|secret|api[_-]?key|apikey|access[_-]?key|private[_-]?key|password|passwd|credential|(?:^|[_-])pat$|^--?pat$|^--?auth$|[_-]auth$|auth[_-]?token|bearer)`)

// secretRef matches a value that refers to a credential: a variable
// named like one, a CI secret, or an Authorization header.
var secretRef = lazyRE(`\$\{?[A-Za-z_]*(?i:token|secret|api_?key|apikey|access_?key|password|passwd|credential|_pat)[A-Za-z0-9_]*\}?|\$\{\{\s*secrets\.|(?i:authorization:\s*(?:bearer|token|basic))`)

// vendorScopes are registry scopes of organisations whose packages are
// their own tools (a scope cannot be taken by others on npm), and
// vendorTools well-known tools published under a plain name by the
// vendor they belong to (vercel, wrangler, playwright, semantic-release,
// the reference MCP servers on PyPI): handing them a credential is
// what they are for. The lists are a judgement, kept short; a package
// outside them is reported.
var (
	vendorScopes = sync.OnceValue(func() map[string]bool {
		return set("@modelcontextprotocol", "@anthropic-ai", "@openai", "@google", "@google-cloud", "@googleapis", "@azure", "@microsoft", "@aws-sdk", "@aws", "@aws-cdk", "@github", "@octokit", "@vercel", "@netlify", "@cloudflare", "@sentry", "@supabase", "@stripe", "@shopify", "@slack", "@linear", "@notionhq", "@neondatabase", "@upstash", "@planetscale", "@prisma", "@playwright", "@railway", "@heroku", "@semantic-release", "@changesets", "@expo", "@firebase", "@auth0", "@clerk", "@datadog", "@gitlab", "@atlassian", "@figma", "@hubspot", "@mongodb-js", "@elastic", "@pinecone-database", "@huggingface", "@mistralai", "@browserstack", "@nx", "@turbo", "@pulumi", "@snyk")
	})
	vendorTools = sync.OnceValue(func() map[string]bool {
		return set("vercel", "netlify-cli", "wrangler", "firebase-tools", "supabase", "eas-cli", "expo", "heroku", "railway", "playwright", "prisma", "drizzle-kit",
			"semantic-release", "release-it", "np", "lerna", "nx", "turbo", "aws-cdk", "cdk", "serverless", "sst", "sentry-cli", "snyk", "stripe", "gh", "awscli", "twine", "hatch",
			"browserstack-node-sdk", "browserstack-cypress-cli", "mcp-remote", "mcp-server-git", "mcp-server-fetch", "mcp-server-time", "mcp-server-sqlite")
	})
)

// genericWords are parts of a credential's name that name no vendor.
var genericWords = lazySet("api", "key", "keys", "token", "tokens", "secret", "secrets", "access", "personal", "auth", "pat", "password", "passwd", "client", "id", "private", "app", "bot", "user", "org", "account", "service", "oauth", "bearer", "env", "the", "your", "my", "npm", "node", "pypi")

// vendorPackage reports whether pkg is the tool of the vendor a
// credential named cred belongs to: an official scope, a scope that
// carries the vendor's name (@linear for LINEAR_API_KEY, @neondatabase
// for NEON_API_KEY), or the vendor's unscoped CLI. An unscoped package
// that only carries the vendor's name (github-helper) is anyone's.
func vendorPackage(pkg, cred string) bool {
	p := strings.ToLower(pkg)
	if i := strings.LastIndexByte(p, '@'); i > 0 {
		p = p[:i] // a version
	}
	p = strings.TrimPrefix(strings.TrimPrefix(p, "npm:"), "pypi:")
	vendors := []string{}
	for _, w := range strings.FieldsFunc(strings.ToLower(cred), func(r rune) bool {
		return r == '_' || r == '-' || r == '$' || r == '{' || r == '}' || r == ' ' || r == '.'
	}) {
		if len(w) >= 3 && !genericWords()[w] {
			vendors = append(vendors, w)
		}
	}
	if scope, _, ok := strings.Cut(p, "/"); ok && strings.HasPrefix(scope, "@") {
		if vendorScopes()[scope] {
			return true
		}
		for _, v := range vendors {
			if strings.HasPrefix(scope[1:], v) || strings.HasPrefix(v, strings.SplitN(scope[1:], "-", 2)[0]) {
				return true
			}
		}
		return false
	}
	if vendorTools()[p] {
		return true
	}
	// awslabs.* on PyPI is AWS's own namespace for its MCP servers
	return strings.HasPrefix(p, "awslabs.") && containsAny(strings.ToLower(cred), []string{"aws"})
}

// pinned reports a package run at an exact version (pkg@1.2.3,
// pkg==1.2.3): a published version cannot change on npm or PyPI.
func pinned(pkg string) bool {
	i := strings.LastIndexAny(pkg, "@=")
	if i <= 0 {
		return false
	}
	v := strings.TrimLeft(pkg[i+1:], "=v")
	dots := strings.Count(v, ".")
	return dots == 2 && strings.Trim(v, "0123456789.") == ""
}

// registryCall reports a registry package run with a credential: the
// call's own assignments (TOKEN=… npx …), env's, and options or
// arguments that carry one (--token $NPM_TOKEN).
func (s *shScan) registryCall(line int, c call) {
	pkg, rest, ok := runner(c)
	if !ok || pkg == "" || s.sc.inLiteral {
		return
	}
	cred := ""
	for _, as := range c.raw.Assigns {
		if as.Name != nil && secretName.MatchString(as.Name.Value) && as.Value != nil {
			cred = as.Name.Value
		}
	}
	if cred == "" {
		for _, w := range s.fields(c.raw.Args) {
			if strings.ToLower(path.Base(w)) == c.name {
				break
			}
			if name, _, ok := strings.Cut(w, "="); ok && secretName.MatchString(name) {
				cred = name
			}
		}
	}
	for i := 0; i < len(rest) && cred == ""; i++ {
		a := rest[i]
		name, val, hasVal := strings.Cut(a, "=")
		switch {
		case strings.HasPrefix(a, "-") && secretName.MatchString(strings.TrimLeft(name, "-")) && (hasVal && val != "" || i+1 < len(rest)):
			cred = name
		case secretRef.MatchString(a):
			cred = secretRef.FindString(a)
		}
	}
	if cred == "" {
		return
	}
	registryRank(s.sc, s.line0+line-1, pkg, cred, func(sev Severity, reason string) { s.add(line, "registry-exec-credential", sev, reason, "") })
}

// registryRank ranks a package run with a credential and reports it:
// not reported for the vendor's own tool; low at an exact version;
// medium otherwise, in a script as in documentation (official CLIs run
// this way in CI every day); high when the text around it tells the
// agent not to ask or tell the user. fileLine is the line in the
// current file.
func registryRank(sc *skillCtx, fileLine int, pkg, cred string, report func(Severity, string)) {
	if vendorPackage(pkg, cred) {
		return
	}
	sev := Medium
	reason := "runs " + Escape(pkg, 60) + " straight from the registry and hands it a credential (" + Escape(cred, 40) + "): whatever its owner published last gets the user's access"
	if pinned(pkg) {
		sev = Low
		reason += " (at a pinned version)"
	}
	if silenceRe.MatchString(linesAround(sc.fileText, fileLine, 6)) {
		sev = High
		reason += ", and the text tells the agent not to ask or tell the user"
	}
	report(sev, reason)
}

// linesAround returns lines n-k to n+k (1-based) of text.
func linesAround(text string, n, k int) string {
	ls := strings.Split(text, "\n")
	return strings.Join(ls[max(0, n-1-k):min(len(ls), n+k)], "\n")
}

// runnerWords match a text that may run a registry package; checked
// before the prose and settings scans.
var runnerWords = lazyRE(`\b(?:npx|bunx|pnpx|uvx|pipx\s+run|pnpm\s+dlx|yarn\s+dlx|bun\s+x|uv\s+tool\s+run|npm\s+exec)\b`)

// runnerHints are substrings every runnerWords match holds one of.
var runnerHints = []string{"npx", "bunx", "pnpx", "uvx", "pipx", "dlx", "bun x", "uv tool", "npm exec"}

// mayRunPackage reports whether text, in the current file, holds a word
// runnerWords needs (a cheap check before the pattern).
func mayRunPackage(sc *skillCtx, text string) bool {
	return sc.hints.runner && containsAny(text, runnerHints)
}

// proseRunnerRe finds a registry package named in prose ("run npx -y
// gh-stats"), and proseHandOver the sentence handing it the user's
// credential ("pass it the user's GitHub token").
var (
	proseRunnerRe = lazyRE("\\b(?:npx|bunx|pnpx|uvx|pipx\\s+run|pnpm\\s+dlx|yarn\\s+dlx|bun\\s+x|uv\\s+tool\\s+run|npm\\s+exec)\\s+(?:-{1,2}[\\w-]+\\s+)*`?([@\\w][\\w@./:=-]*)")
	proseHandOver = lazyRE(`(?i)\b(?:pass|give|hand|provide|supply|forward|feed|send|export|use|with|using|add)\w*\b[^.\n]{0,60}?\b(?:(?:(?:the\s+)?user'?s|your|their|my|the)\s+(?:[\w-]+\s+){0,2}?(?:api[ _-]?keys?|tokens?|credentials?|passwords?|secrets?|access[ _-]?keys?|PATs?)\b|\$?[A-Z][A-Z0-9]*_(?:[A-Z0-9]+_)*(?:TOKEN|API_KEY|KEY|SECRET|PAT|PASSWORD)\b)`)
)

// scanRegistryProse reports a sentence that tells the agent to run a
// registry package and hand it the user's credential. A warning ("never
// pass your token to npx packages you do not know") is not reported.
func scanRegistryProse(sc *skillCtx, rel, text string, line0 int, w where) {
	if !mayRunPackage(sc, text) || !runnerWords.MatchString(text) {
		return
	}
	for _, m := range proseRunnerRe.FindAllStringSubmatchIndex(text, 4) {
		ss := strings.LastIndexAny(text[:m[0]], ".!?\n") + 1
		se := len(text)
		if i := strings.IndexAny(text[m[1]:], "\n"); i >= 0 {
			se = m[1] + i
		}
		if j := strings.Index(text[m[1]:se], ". "); j >= 0 {
			se = m[1] + j
		}
		sentence := text[ss:se]
		h := proseHandOver.FindStringIndex(sentence)
		if h == nil || w != inHidden && (negated(sentence[:h[0]]) || negated(text[ss:m[0]]) || warnRe.MatchString(sentence)) {
			continue
		}
		pkg := strings.Trim(text[m[2]:m[3]], "`.,;:")
		ln := line0 + strings.Count(text[:m[0]], "\n")
		registryRank(sc, ln, pkg, sentence[h[0]:h[1]], func(sev Severity, reason string) {
			reason = strings.Replace(reason, "hands it a credential", "is told to hand it the user's credential", 1)
			sev = sc.rank(sev, w, true)
			if w != inProse && w != inScript {
				reason += " (in " + w.String() + ")"
			}
			sc.add(rel, ln, "registry-exec-credential", sev, reason, lineAround(text, m[0], m[1]))
		})
	}
}

// scanRegistryConfig reports MCP server settings (JSON, TOML or YAML:
// "command": "npx", "args", "env") that run a registry package with a credential
// in its environment or arguments.
func scanRegistryConfig(sc *skillCtx, rel, text string, line0 int, w where) {
	if !strings.Contains(text, "command") || !mayRunPackage(sc, text) || !runnerWords.MatchString(text) {
		return
	}
	var doc any
	if json.Unmarshal([]byte(text), &doc) != nil && toml.Unmarshal([]byte(text), &doc) != nil && yaml.Unmarshal([]byte(text), &doc) != nil {
		return
	}
	var walk func(v any, depth int)
	walk = func(v any, depth int) {
		if depth > 16 {
			return
		}
		switch v := v.(type) {
		case []any:
			for _, e := range v {
				walk(e, depth+1)
			}
		case map[string]any:
			if cmd, ok := v["command"].(string); ok {
				sc.registryServer(rel, text, line0, w, cmd, v)
			}
			for _, e := range v {
				walk(e, depth+1)
			}
		}
	}
	walk(doc, 0)
}

// secretService names the service a secret variable belongs to, from its
// first word (GITHUB_TOKEN and GH_TOKEN: github; AWS_SECRET_ACCESS_KEY:
// aws).
func secretService(name string) string {
	first, _, _ := strings.Cut(strings.ToLower(name), "_")
	switch first {
	case "gh":
		return "github"
	case "gcp", "gcloud":
		return "google"
	}
	return first
}

// registryServer checks one server entry of MCP settings.
func (sc *skillCtx) registryServer(rel, text string, line0 int, w where, cmd string, v map[string]any) {
	words := strings.Fields(cmd)
	if args, ok := v["args"].([]any); ok {
		for _, a := range args {
			if s, ok := a.(string); ok {
				words = append(words, s)
			}
		}
	}
	if len(words) == 0 {
		return
	}
	c := call{name: strings.ToLower(path.Base(words[0])), args: words[1:]}
	pkg, rest, ok := runner(c)
	if !ok || pkg == "" {
		return
	}
	cred := ""
	services := map[string]bool{}
	if env, ok := v["env"].(map[string]any); ok {
		// in name order: the reason names the first secret, the same in
		// every run (a map's order is not)
		for _, k := range slices.Sorted(maps.Keys(env)) {
			if s, _ := env[k].(string); s != "" && secretName.MatchString(k) {
				if cred == "" {
					cred = k
				}
				services[secretService(k)] = true
			}
		}
	}
	for i, a := range rest {
		name, _, _ := strings.Cut(a, "=")
		if cred == "" && (strings.HasPrefix(a, "-") && secretName.MatchString(strings.TrimLeft(name, "-")) && (strings.Contains(a, "=") || i+1 < len(rest)) || secretRef.MatchString(a)) {
			cred = name
		}
	}
	if cred == "" {
		return
	}
	ln := line0
	if i := strings.Index(text, pkg); i >= 0 {
		ln += strings.Count(text[:i], "\n")
	}
	registryRank(sc, ln, pkg, cred, func(sev Severity, reason string) {
		if len(services) > 1 && sev < High {
			// one tool has no need of several services' keys: a server
			// handed them all is collecting them
			names := slices.Sorted(maps.Keys(services))
			sev, reason = High, reason+"; and the credentials of "+strconv.Itoa(len(names))+" services ("+strings.Join(names, ", ")+"), more than one tool needs"
		}
		reason += " (MCP server settings)"
		if w != inProse && w != inScript {
			reason += " (in " + w.String() + ")"
		}
		sc.add(rel, ln, "registry-exec-credential", sc.rank(sev, w, false), reason, trimmedLine(text, ln-line0+1))
	})
}
