package audit

import (
	"fmt"
	"net/url"
	"path"
	"strings"
	"sync"

	"gopkg.in/yaml.v3"
)

// Rule ci-secret-exposure for a release tool's announcement: GoReleaser's
// .goreleaser.yaml announce: section posts a message on every tagged
// release (webhook, slack, discord, telegram, teams, mattermost, smtp,
// mastodon, discourse, reddit, twitter, linkedin, bluesky,
// opencollective), and its templates read the release job's environment
// ({{ .Env.GITHUB_TOKEN }}, {{ index .Env "X" }}, {{ envOrDefault "X" ""
// }}). The job's environment holds the tokens GoReleaser publishes with
// (the GitHub token, a Homebrew tap's, a registry's, the cosign key and
// its password), so a secret put into an announcement's message, title,
// headers or URL is sent with no script at all. As for a workflow's
// secret (cisecretsend.go), where it goes decides: a webhook's
// endpoint_url host (smtp's and mastodon's or discourse's server),
// else the provider's own service (Slack for slack). A secret whose name
// names a service (GITHUB_TOKEN, DOCKERHUB_TOKEN) sent to a host not of
// that service is the token handed to whoever runs that host: critical
// in a file the skill ships, high in documentation; a webhook's
// Authorization header carrying the token of the webhook's own service
// is how such an API is called. A secret whose name names no service is
// judged only when the announcements carry it to two unrelated domains,
// the trade-off cisecretsend.go makes for kind-only names. A destination
// the config computes (an endpoint from a template) is not judged.

var (
	// goreleaserEnvRef reads one environment variable in a Go template:
	// group 1, 2 or 3 its name.
	goreleaserEnvRef = lazyRE(`\{\{[^}]*?(?:\.Env\.([A-Za-z_]\w*)|\bindex\s+\$?\.Env\s+"([A-Za-z_]\w*)"|\b(?:envOrDefault|env)\s+"([A-Za-z_]\w*)")`)
	// goreleaserTemplate is one Go template action.
	goreleaserTemplate = lazyRE(`\{\{.*?\}\}`)
	// goreleaserTopKeys are top-level keys only a GoReleaser config has
	// besides announce:.
	goreleaserTopKeys = lazySet("project_name", "builds", "archives", "checksum", "changelog", "brews", "homebrew_casks", "nfpms",
		"dockers", "dockers_v2", "docker_manifests", "signs", "docker_signs", "release", "snapshot", "scoops", "winget", "kos", "nix", "aurs", "universal_binaries", "upx", "before", "sboms")
)

// goreleaserHostless are the announce providers that post to their own
// service (its endpoint read from the job's environment, SLACK_WEBHOOK):
// the host labels of that service, made on first use (TestInitIsCheap).
var goreleaserHostless = sync.OnceValue(func() map[string][]string {
	return map[string][]string{
		"slack": {"slack"}, "discord": {"discord", "discordapp"}, "telegram": {"telegram"},
		"teams": {"microsoft", "office", "office365", "teams"}, "mattermost": {"mattermost"},
		"reddit": {"reddit"}, "twitter": {"twitter", "x"}, "linkedin": {"linkedin"},
		"bluesky": {"bsky", "bluesky"}, "opencollective": {"opencollective"},
	}
})

// goreleaserDestKeys are the provider keys naming where a message goes
// (a URL or server), read as its host.
var goreleaserDestKeys = []string{"endpoint_url", "server", "host"}

// goreleaserSend is one secret put into one provider's message.
type goreleaserSend struct {
	secret, provider string
	line             int
	text             string
	// hosts is the fixed host the message goes to (nil: the provider's
	// own service, labels; both empty: computed, not judged).
	hosts  []string
	labels map[string]bool
}

// looksLikeGoReleaser reports whether a YAML document (its top mapping)
// is a GoReleaser config with an announce: section.
func looksLikeGoReleaser(rel string, top *yaml.Node) bool {
	if top == nil || top.Kind != yaml.MappingNode || mapGet(top, "announce") == nil {
		return false
	}
	if strings.Contains(strings.ToLower(path.Base(rel)), "goreleaser") {
		return true
	}
	for i := 0; i+1 < len(top.Content); i += 2 {
		if goreleaserTopKeys()[top.Content[i].Value] {
			return true
		}
	}
	return false
}

// scanGoReleaserAnnounce reports a secret of the release job's
// environment put into an announcement sent to a host not of the
// secret's service (see above).
func scanGoReleaserAnnounce(sc *skillCtx, rel, text string, line0 int, w where) {
	if !strings.Contains(text, "announce") || !strings.Contains(text, "Env") {
		return
	}
	var doc yaml.Node
	if yaml.Unmarshal([]byte(text), &doc) != nil || len(doc.Content) == 0 {
		return
	}
	top := doc.Content[0]
	if !looksLikeGoReleaser(rel, top) {
		return
	}
	ann := mapGet(top, "announce")
	if ann.Kind != yaml.MappingNode {
		return
	}
	li := newLineIndex(text)
	var sends []goreleaserSend
	for i := 0; i+1 < len(ann.Content); i += 2 {
		prov, body := ann.Content[i].Value, ann.Content[i+1]
		if body.Kind != yaml.MappingNode || goreleaserOff(body) {
			continue
		}
		var hosts []string
		var labels map[string]bool
		if ls, ok := goreleaserHostless()[prov]; ok {
			labels = map[string]bool{}
			for _, l := range ls {
				labels[l] = true
			}
		}
		for _, k := range goreleaserDestKeys {
			if d := mapGet(body, k); d != nil && d.Kind == yaml.ScalarNode {
				if h := goreleaserHost(d.Value); h != "" {
					hosts, labels = []string{h}, nil
				}
			}
		}
		goreleaserSecrets(body, func(n *yaml.Node, name string) {
			ln := goreleaserLine(text, li, n, name)
			sends = append(sends, goreleaserSend{secret: name, provider: prov, line: line0 + ln - 1,
				text: trimmedLine(text, ln), hosts: hosts, labels: labels})
		})
	}
	if len(sends) == 0 {
		return
	}
	sev, suffix := ciWhere(sc, w)
	// kind-only names, judged together by the domains they reach
	var unnamed []ciSend
	unnamedSecret := map[string]string{}
	for _, s := range sends {
		own := ciServiceLabels(s.secret, "")
		if own == nil {
			if len(s.hosts) > 0 {
				unnamed = append(unnamed, ciSend{file: rel, line: s.line, hosts: s.hosts, text: s.text})
				unnamedSecret[s.hosts[0]] = s.secret
			}
			continue
		}
		dest := ""
		switch {
		case len(s.hosts) > 0:
			if _, h, ok := ciForeignSend(own, []ciSend{{hosts: s.hosts}}); ok {
				dest = h
			}
		case s.labels != nil && !goreleaserLabelsMeet(own, s.labels):
			dest = s.provider + " (the announce provider's service)"
		}
		if dest == "" {
			continue
		}
		sc.add(rel, s.line, "ci-secret-exposure", sev, fmt.Sprintf("a GoReleaser announce.%s message carries the release job's %s to %s, not a host of the service the secret is for: every tagged release hands the token to whoever runs that host%s", s.provider, s.secret, dest, suffix), s.text)
		return
	}
	if s, host, ok := ciForeignSend(nil, unnamed); ok {
		secret := unnamedSecret[s.hosts[0]]
		sc.add(rel, s.line, "ci-secret-exposure", sev, fmt.Sprintf("GoReleaser announcements carry the release job's %s to %s: two unrelated domains, so one of them is not the service it is for%s", secret, host, suffix), s.text)
	}
}

// goreleaserOff reports whether a provider is switched off by a literal
// (enabled: false, skip: true); a template deciding it is read as on.
func goreleaserOff(body *yaml.Node) bool {
	if e := mapGet(body, "enabled"); e != nil && e.Kind == yaml.ScalarNode && strings.EqualFold(strings.TrimSpace(e.Value), "false") {
		return true
	}
	if s := mapGet(body, "skip"); s != nil && s.Kind == yaml.ScalarNode && strings.EqualFold(strings.TrimSpace(s.Value), "true") {
		return true
	}
	return false
}

// goreleaserHost returns the fixed host of a destination value (a URL,
// or a bare server name), "" when a template computes it.
func goreleaserHost(v string) string {
	v = strings.TrimSpace(v)
	if !strings.Contains(v, "://") {
		v = "https://" + v
	}
	// a template in the path or query (a token in ?t={{ .Env.X }})
	// leaves the host fixed; one in the host computes it
	_, auth, _ := strings.Cut(v, "://")
	if i := strings.IndexAny(auth, "/?#"); i >= 0 {
		auth = auth[:i]
	}
	if auth == "" || strings.Contains(auth, "{{") {
		return ""
	}
	v = goreleaserTemplate.ReplaceAllString(v, "x")
	u, err := url.Parse(v)
	if err != nil {
		return ""
	}
	return strings.ToLower(u.Hostname())
}

// goreleaserSecrets calls f for each secret variable (psSecretVar) a
// provider's values read through a template, once per name, in the
// order they appear; the destination keys' own templates are the
// endpoint, not a message, unless they carry a secret (a token in a
// webhook URL's query is sent too).
func goreleaserSecrets(body *yaml.Node, f func(n *yaml.Node, name string)) {
	seen := map[string]bool{}
	var walk func(n *yaml.Node, depth int)
	walk = func(n *yaml.Node, depth int) {
		if depth > 8 {
			return
		}
		switch n.Kind {
		case yaml.ScalarNode:
			for _, m := range goreleaserEnvRef.FindAllStringSubmatch(n.Value, 32) {
				name := m[1] + m[2] + m[3]
				if secret, _ := psSecretVar(name); secret && !seen[name] {
					seen[name] = true
					f(n, name)
				}
			}
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				switch n.Content[i].Value {
				case "enabled", "skip":
					continue
				}
				walk(n.Content[i+1], depth+1)
			}
		case yaml.SequenceNode:
			for _, c := range n.Content {
				walk(c, depth+1)
			}
		}
	}
	walk(body, 0)
}

// goreleaserLine returns the 1-based line of text where node n's value
// reads variable name: the first line at or after the node's naming it.
func goreleaserLine(text string, li lineIndex, n *yaml.Node, name string) int {
	start := n.Line
	if start < 1 || start > len(li) {
		return max(start, 1)
	}
	if i := strings.Index(text[li[start-1]:], name); i >= 0 {
		return li.line(li[start-1] + i)
	}
	return start
}

// goreleaserLabelsMeet reports whether two sets of host labels share
// one: the secret's service is the provider's.
func goreleaserLabelsMeet(a, b map[string]bool) bool {
	for k := range a {
		if b[k] {
			return true
		}
	}
	return false
}
