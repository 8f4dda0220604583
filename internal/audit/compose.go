package audit

import (
	"fmt"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"
)

// A Compose file (docker-compose.yml, compose.yaml, or the file a dev
// container names in dockerComposeFile) gives its services the same
// reach into the host a devcontainer.json does (rule
// container-host-access): a bind mount of the home folder, the root or
// the Docker socket, privileged: true, network_mode, pid or ipc "host".
// A service's command or entrypoint is read as shell, and one that
// fetches code and runs it makes the finding high.

// looksLikeCompose is the cheap test: services plus a key that reaches
// the host.
func looksLikeCompose(text string) bool {
	return strings.Contains(text, "services:") && (strings.Contains(text, "volumes:") || strings.Contains(text, "privileged:") ||
		strings.Contains(text, "network_mode:") || strings.Contains(text, "pid:") || strings.Contains(text, "ipc:"))
}

// composeService is the part of a service the rule reads.
type composeService struct {
	Volumes     []any  `yaml:"volumes"`
	Privileged  bool   `yaml:"privileged"`
	NetworkMode string `yaml:"network_mode"`
	Pid         string `yaml:"pid"`
	Ipc         string `yaml:"ipc"`
	Command     any    `yaml:"command"`
	Entrypoint  any    `yaml:"entrypoint"`
}

// scanCompose runs the rule over a Compose text whose first line is file
// line line0.
func scanCompose(sc *skillCtx, rel, text string, line0 int, w where) {
	var doc struct {
		Services map[string]composeService `yaml:"services"`
	}
	if yaml.Unmarshal([]byte(text), &doc) != nil || len(doc.Services) == 0 {
		return
	}
	li := newLineIndex(text)
	lineOf := func(needle string) int { return li.firstLine(text, needle, line0) }
	names := make([]string, 0, len(doc.Services))
	for n := range doc.Services {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		svc := doc.Services[name]
		var grants []string
		first := 0
		grant := func(what, needle string) {
			grants = append(grants, what)
			if first == 0 {
				first = lineOf(needle)
			}
		}
		for _, v := range svc.Volumes {
			src, raw := "", ""
			switch x := v.(type) {
			case string:
				src, _, _ = strings.Cut(x, ":")
				raw = x
			case map[string]any:
				src, _ = x["source"].(string)
				raw = src
			}
			switch {
			case dockerSock.MatchString(src):
				grant("the Docker socket mounted (root on the host through the daemon)", raw)
			case hostSource.MatchString(src):
				grant("the host's "+homeOrRoot(src)+" mounted ("+src+")", raw)
			}
		}
		if svc.Privileged {
			grant("privileged: true (every device and capability of the host)", "privileged:")
		}
		for _, ns := range [][2]string{{"network_mode", svc.NetworkMode}, {"pid", svc.Pid}, {"ipc", svc.Ipc}} {
			if ns[1] == "host" {
				grant(fmt.Sprintf("the host's %s namespace (%s: host)", strings.TrimSuffix(ns[0], "_mode"), ns[0]), ns[0]+":")
			}
		}
		if len(grants) == 0 {
			continue
		}
		remote := ""
		for _, c := range []any{svc.Command, svc.Entrypoint} {
			for _, cmd := range lifecycleCommands(c) {
				cmd = strings.ReplaceAll(cmd, "$$", "$") // Compose's escape for a literal $
				before := len(sc.findings)
				scanShell(sc, rel, cmd, lineOf(strings.SplitN(cmd, "\n", 2)[0]), w)
				if remote == "" && runsRemote(sc.findings[before:]) {
					remote = "its command runs code from the network"
				}
			}
		}
		reportHostAccess(sc, rel, "the service "+name, grants, remote, first, lineText(text, li, first-line0+1), w)
	}
}

// reportHostAccess ranks and reports what a container reaches of the
// host: medium alone, high beside code it runs from the network.
func reportHostAccess(sc *skillCtx, rel, who string, grants []string, remote string, line int, evidence string, w where) {
	sev := Medium
	reason := who + " reaches the host: " + strings.Join(grants, "; ")
	if remote != "" {
		sev = High
		reason += "; and " + remote + ", so whoever serves that code controls the host"
	}
	if w != inScript && w != inHidden {
		sev = sc.rank(sev, w, false).lower(1)
		reason += " (in " + w.String() + ")"
	} else if w == inHidden {
		sev = Critical
	}
	sc.add(rel, line, "container-host-access", sev, reason, evidence)
}
