package audit

import (
	"context"
	"encoding/json"
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/skilldex/skilldex/index"
	"github.com/tailscale/hujson"
)

// A dev container's devcontainer.json (JSON with comments, read with
// tailscale/hujson) decides what of the host the container reaches: its
// lifecycle commands run in the container (initializeCommand on the
// host) and are read as shell, and rule container-host-access reports
// what hands the container the host: the home folder or the root
// mounted, the Docker socket mounted (root on the host through the
// daemon), --privileged, and the host's network, process or IPC
// namespace. Each is seen in real setups (docker-outside-of-docker
// mounts the socket), so alone it is medium; beside a remote command
// loop or a download run in the image (its Dockerfile, read as the
// file's companion) or in a lifecycle command, whoever controls that
// code controls the host: high.

// looksLikeDevcontainer is the cheap test: a file named devcontainer.json
// (also .devcontainer.json), or settings text with the keys only a dev
// container has.
func looksLikeDevcontainer(rel, text string) bool {
	b := strings.ToLower(path.Base(rel))
	if b == "devcontainer.json" || b == ".devcontainer.json" {
		return true
	}
	return strings.Contains(text, `"runArgs"`) || strings.Contains(text, `"postCreateCommand"`) || strings.Contains(text, `"postStartCommand"`) ||
		strings.Contains(text, `"initializeCommand"`) || (strings.Contains(text, `"mounts"`) && strings.Contains(text, `"remoteUser"`))
}

// devLifecycle are the devcontainer.json commands, in the order they run;
// initializeCommand runs on the host.
var devLifecycle = []string{"initializeCommand", "onCreateCommand", "updateContentCommand", "postCreateCommand", "postStartCommand", "postAttachCommand"}

// hostSource matches a mount source that is the host's home folder or
// root, whole; dockerSock the container runtime's socket.
var (
	hostSource = lazyRE(`^(?:\$\{localEnv:(?:HOME|USERPROFILE)\}|\$HOME|\$\{HOME\}|~|/home/[^/]+|/Users/[^/]+|/root|[A-Za-z]:\\Users\\[^\\]+|/)/?$`)
	dockerSock = lazyRE(`(?:^|/)(?:docker|podman|containerd)\.sock$|^//\./pipe/docker_engine$`)
)

// scanDevcontainer runs the rules over a devcontainer.json text whose first
// line is file line line0.
func scanDevcontainer(sc *skillCtx, rel, text string, line0 int, w where) {
	std, err := hujson.Standardize([]byte(text))
	if err != nil {
		return
	}
	var v map[string]any
	if json.Unmarshal(std, &v) != nil {
		return
	}
	li := newLineIndex(text)
	lineOf := func(needle string) int { return li.firstLine(text, needle, line0) }
	// lifecycle commands, and whether one fetches code and runs it
	remote := ""
	for _, k := range devLifecycle {
		for _, cmd := range lifecycleCommands(v[k]) {
			before := len(sc.findings)
			scanShell(sc, rel, cmd, lineOf(`"`+k+`"`), w)
			if remote == "" && runsRemote(sc.findings[before:]) {
				remote = "its " + k + " runs code from the network"
			}
		}
	}
	if remote == "" && sc.companion != "" {
		before := len(sc.findings)
		scanShell(sc, sc.companionRel, dockerShell(sc.companion), 1, inScript)
		if runsRemote(sc.findings[before:]) {
			remote = "its image (" + sc.companionRel + ") runs code from the network"
		}
		sc.findings = sc.findings[:before] // reported where that file is audited
	}
	var grants []string
	first := 0
	grant := func(what, needle string) {
		grants = append(grants, what)
		if first == 0 {
			first = lineOf(needle)
		}
	}
	for _, m := range mountSources(v) {
		switch {
		case dockerSock.MatchString(m.source):
			grant("the Docker socket mounted (root on the host through the daemon)", m.raw)
		case hostSource.MatchString(m.source):
			grant("the host's "+homeOrRoot(m.source)+" mounted ("+m.source+")", m.raw)
		}
	}
	args, _ := v["runArgs"].([]any)
	for i, a := range args {
		s, _ := a.(string)
		next := ""
		if i+1 < len(args) {
			next, _ = args[i+1].(string)
		}
		switch {
		case s == "--privileged":
			grant("--privileged (every device and capability of the host)", `"`+s+`"`)
		case hostNS(s, next) != "":
			grant(hostNS(s, next), `"`+s+`"`)
		case (s == "-v" || s == "--volume" || s == "--mount") && next != "":
			src, _, _ := strings.Cut(next, ":")
			if strings.HasPrefix(next, "type=") || strings.HasPrefix(next, "source=") || strings.HasPrefix(next, "src=") {
				src = mountString(next).source
			}
			if dockerSock.MatchString(src) {
				grant("the Docker socket mounted (root on the host through the daemon)", `"`+next+`"`)
			} else if hostSource.MatchString(src) {
				grant("the host's "+homeOrRoot(src)+" mounted ("+src+")", `"`+next+`"`)
			}
		}
	}
	if p, _ := v["privileged"].(bool); p {
		grant("privileged: true (every device and capability of the host)", `"privileged"`)
	}
	if len(grants) == 0 {
		return
	}
	reportHostAccess(sc, rel, "the dev container", grants, remote, first, lineText(text, li, first-line0+1), w)
}

// runsRemote reports whether findings hold a remote command loop or a
// download run.
func runsRemote(fs []Finding) bool {
	for _, f := range fs {
		if (f.RuleID == "reverse-shell" || f.RuleID == "download-exec") && f.Severity >= High {
			return true
		}
	}
	return false
}

// homeOrRoot names what a host mount source that reaches into the host
// is, for a finding's reason: "root folder" for / (src is "/" or ""
// once a trailing slash is trimmed), "home folder" for anything else the
// callers pass (~, $HOME, /home/x, /Users/x).
func homeOrRoot(src string) string {
	if strings.TrimSuffix(src, "/") == "" {
		return "root folder"
	}
	return "home folder"
}

// hostNS names the host namespace a run argument joins: --network=host,
// --net host, --pid=host, --ipc=host, --uts=host, --userns=host.
func hostNS(s, next string) string {
	name, val, ok := strings.Cut(s, "=")
	if !ok {
		name, val = s, next
	}
	if val != "host" {
		return ""
	}
	switch name {
	case "--network", "--net":
		return "the host's network (" + name + "=host: every local service of the host)"
	case "--pid":
		return "the host's processes (--pid=host)"
	case "--ipc", "--uts", "--userns":
		return "the host's " + strings.TrimPrefix(name, "--") + " namespace (" + name + "=host)"
	}
	return ""
}

// mount is one mount of a devcontainer.json: its source and its text.
type mount struct{ source, raw string }

// mountSources lists the mounts and workspaceMount of a devcontainer.json,
// in string ("source=…,target=…,type=bind") or object form.
func mountSources(v map[string]any) []mount {
	var out []mount
	add := func(m any) {
		switch x := m.(type) {
		case string:
			mt := mountString(x)
			mt.raw = x
			out = append(out, mt)
		case map[string]any:
			src, _ := x["source"].(string)
			out = append(out, mount{source: src, raw: fmt.Sprintf(`"source": %q`, src)})
		}
	}
	if ms, ok := v["mounts"].([]any); ok {
		for _, m := range ms {
			add(m)
		}
	}
	if m, ok := v["workspaceMount"]; ok {
		add(m)
	}
	return out
}

// mountString reads a --mount style string: source=…,target=…,type=….
func mountString(s string) mount {
	for _, part := range strings.Split(s, ",") {
		k, val, _ := strings.Cut(strings.TrimSpace(part), "=")
		if k == "source" || k == "src" {
			return mount{source: val}
		}
	}
	return mount{}
}

// lifecycleCommands returns the shell commands of a lifecycle value: a
// string, an array (exec form) or an object of named commands.
func lifecycleCommands(v any) []string {
	switch x := v.(type) {
	case string:
		return []string{x}
	case []any:
		b, _ := json.Marshal(x)
		return []string{execForm(string(b))}
	case map[string]any:
		names := make([]string, 0, len(x))
		for k := range x {
			names = append(names, k)
		}
		sort.Strings(names)
		var out []string
		for _, k := range names {
			out = append(out, lifecycleCommands(x[k])...)
		}
		return out
	}
	return nil
}

// companionOf returns the Dockerfile a devcontainer.json builds its image
// from (build.dockerfile, or the older dockerFile, beside the file) and
// its path, read as the audit reads every file; "" when rel is no
// devcontainer.json or names no Dockerfile among the skill's files. Its
// hash is part of the file's cache key, so a changed Dockerfile ranks
// the devcontainer.json again.
func companionOf(ctx context.Context, src Source, s index.Skill, rel, content string, files []string) (string, string) {
	b := strings.ToLower(path.Base(rel))
	if b != "devcontainer.json" && b != ".devcontainer.json" {
		return "", ""
	}
	std, err := hujson.Standardize([]byte(content))
	if err != nil {
		return "", ""
	}
	var v struct {
		Build struct {
			Dockerfile string `json:"dockerfile"`
		} `json:"build"`
		DockerFile string `json:"dockerFile"`
	}
	if json.Unmarshal(std, &v) != nil {
		return "", ""
	}
	df := v.Build.Dockerfile
	if df == "" {
		df = v.DockerFile
	}
	if df == "" {
		return "", ""
	}
	p := path.Clean(path.Join(path.Dir(rel), df))
	for _, f := range files {
		if f == p {
			if data, err := readForAudit(ctx, src, s, p); err == nil {
				return data, p
			}
		}
	}
	return "", ""
}
