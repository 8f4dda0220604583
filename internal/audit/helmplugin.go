package audit

import (
	"path"
	"strings"

	"gopkg.in/yaml.v3"
)

// A Helm plugin's plugin.yaml holds the commands Helm runs for it: the
// command (or a platformCommand per OS, its command and args) that runs
// on `helm NAME`, and the hooks (install, update, delete; platformHooks
// per OS in Helm 4's runtimeConfig layout) that run by themselves on
// `helm plugin install` and `helm plugin update`, with the user's
// kubeconfig, Helm repository logins and registry config at hand. Like
// the commands other settings files hold (a CI pipeline's steps, a
// Taskfile's cmds), they are read as shell scripts, so a credential file
// sent or a download piped into a shell is judged as in any script.

// helmPluginKeys are the plugin.yaml keys whose values are commands or
// hold them.
var helmPluginKeys = lazySet("command", "platformCommand", "hooks", "platformHooks", "runtimeConfig")

// isHelmPlugin reports whether rel, with YAML root root, is a Helm
// plugin's plugin.yaml: by its name, with a name and a command or hooks
// at the top.
func isHelmPlugin(rel string, root *yaml.Node) bool {
	b := path.Base(rel)
	if b != "plugin.yaml" && b != "plugin.yml" || root == nil || root.Kind != yaml.MappingNode || mapGet(root, "name") == nil {
		return false
	}
	for k := range helmPluginKeys() {
		if mapGet(root, k) != nil {
			return true
		}
	}
	return false
}

// helmCommand is one command of a plugin.yaml and the line (in the
// YAML document) of its first line.
type helmCommand struct {
	text string
	line int
}

// helmCommands gathers the commands under the plugin.yaml keys of
// helmPluginKeys below mapping n.
func helmCommands(n *yaml.Node, depth int, out *[]helmCommand) {
	if n == nil || depth > 8 || len(*out) >= 64 {
		return
	}
	switch n.Kind {
	case yaml.ScalarNode:
		if strings.TrimSpace(n.Value) != "" {
			*out = append(*out, helmCommand{n.Value, blockLine(n, nodeLine)})
		}
	case yaml.SequenceNode:
		for _, it := range n.Content {
			helmCommands(it, depth+1, out)
		}
	case yaml.MappingNode:
		// a platformCommand entry: its command with its args
		if c := mapGet(n, "command"); c != nil && c.Kind == yaml.ScalarNode {
			text := c.Value
			if args := mapGet(n, "args"); args != nil && args.Kind == yaml.SequenceNode {
				for _, a := range args.Content {
					if a.Kind == yaml.ScalarNode {
						text += " " + shellQuoteArg(a.Value)
					}
				}
			}
			*out = append(*out, helmCommand{text, blockLine(c, nodeLine)})
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i].Value, n.Content[i+1]
			switch {
			case k == "command" || k == "args" || k == "os" || k == "arch":
			case helmPluginKeys()[k] || depth > 0:
				helmCommands(v, depth+1, out)
			}
		}
	}
}

// shellQuoteArg quotes an argument a platformCommand passes as one word,
// unless it is a plain word already.
func shellQuoteArg(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\n'\"\\$`;&|<>(){}*?[]#~") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// scanHelmPlugin runs the shell rules over a Helm plugin's commands.
func scanHelmPlugin(sc *skillCtx, rel, text string, line0 int, w where) {
	if !strings.Contains(text, "command") && !strings.Contains(text, "hooks") {
		return
	}
	var doc yaml.Node
	if yaml.Unmarshal([]byte(text), &doc) != nil || len(doc.Content) == 0 || !isHelmPlugin(rel, doc.Content[0]) {
		return
	}
	var cmds []helmCommand
	helmCommands(doc.Content[0], 0, &cmds)
	for _, c := range cmds {
		scanShell(sc, rel, c.text, line0+c.line-1, w)
	}
}
