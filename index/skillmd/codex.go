package skillmd

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"
)

// CodexMetadataPath is where Codex looks for a skill's own settings:
// agents/openai.yaml beside SKILL.md (slash-separated, relative to the
// skill folder). Source: developers.openai.com/codex/skills and
// openai/skills, skills/.system/skill-creator/references/openai_yaml.md.
const CodexMetadataPath = "agents/openai.yaml"

// MaxCodexMetadataBytes is the largest agents/openai.yaml
// ParseCodexMetadata reads; real ones are a dozen lines.
const MaxCodexMetadataBytes = 64 << 10

// CodexMetadata is what Codex documents agents/openai.yaml to hold: how
// the skill looks in its interface, whether the model may pick it on its
// own, and the tools it depends on. Fields Codex does not document are
// ignored.
type CodexMetadata struct {
	// DisplayName, ShortDescription (25-64 characters), IconSmall and
	// IconLarge (paths relative to the skill folder), BrandColor (hex) and
	// DefaultPrompt are interface.* (shown to people in Codex's picker).
	DisplayName      string `json:"display_name,omitempty"`
	ShortDescription string `json:"short_description,omitempty"`
	IconSmall        string `json:"icon_small,omitempty"`
	IconLarge        string `json:"icon_large,omitempty"`
	BrandColor       string `json:"brand_color,omitempty"`
	DefaultPrompt    string `json:"default_prompt,omitempty"`
	// AllowImplicitInvocation is policy.allow_implicit_invocation: false
	// means the model may not choose the skill by itself; a person names
	// it ($skill-name). Codex's default, when absent, is true.
	AllowImplicitInvocation bool `json:"allow_implicit_invocation"`
	// Dependencies are dependencies.tools: the MCP servers the skill
	// needs.
	Dependencies []CodexToolDependency `json:"dependencies,omitempty"`
}

// CodexToolDependency is one entry of dependencies.tools in
// agents/openai.yaml.
type CodexToolDependency struct {
	// Type is the dependency kind; Codex supports only "mcp".
	Type        string `json:"type"`
	Value       string `json:"value"` // the tool's identifier, e.g. "github"
	Description string `json:"description,omitempty"`
	Transport   string `json:"transport,omitempty"` // e.g. "streamable_http"
	URL         string `json:"url,omitempty"`
}

// ParseCodexMetadata reads the agents/openai.yaml of a skill. path is the
// display path for diagnostics. Like Parse it reads no files. It never
// fails: a file that is too large (MaxCodexMetadataBytes), not UTF-8 text,
// not YAML or not a mapping gives the defaults (implicit invocation
// allowed) and one CodeCodexMetadata warning, and a value of the wrong
// shape is skipped (policy.allow_implicit_invocation with a
// CodeAgentFieldType warning), so a skill is never lost to a sidecar
// mistake. An empty file gives the defaults.
func ParseCodexMetadata(path string, data []byte) (*CodexMetadata, []Diagnostic) {
	m := &CodexMetadata{AllowImplicitInvocation: true}
	bad := func(line int, msg string) (*CodexMetadata, []Diagnostic) {
		return m, []Diagnostic{{Severity: SeverityWarning, Code: CodeCodexMetadata, File: path, Line: line,
			Message: "agents/openai.yaml is ignored: " + msg + "; Codex's settings for this skill (such as policy.allow_implicit_invocation) are not applied",
			Fix:     "make it a small YAML mapping with interface:, policy: and dependencies: keys, as Codex documents"}}
	}
	if len(data) > MaxCodexMetadataBytes {
		return bad(0, fmt.Sprintf("it is %d bytes, the limit is %d", len(data), MaxCodexMetadataBytes))
	}
	if line, err := checkText(data); err != nil {
		return bad(line, err.Error())
	}
	doc, err := parseYAML(normalize(data))
	if err != nil {
		line, msg := yamlErrorLine(err)
		return bad(line, "invalid YAML: "+msg)
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return m, nil
	}
	root := resolveAlias(doc.Content[0])
	if root == nil || (root.Kind == yaml.ScalarNode && root.ShortTag() == "!!null") {
		return m, nil
	}
	if root.Kind != yaml.MappingNode {
		return bad(root.Line, "it is "+kindName(root)+", not a mapping")
	}
	p := &parser{path: path}
	if in := mapGet(root, "interface"); in != nil {
		for key, dst := range map[string]*string{
			"display_name": &m.DisplayName, "short_description": &m.ShortDescription,
			"icon_small": &m.IconSmall, "icon_large": &m.IconLarge,
			"brand_color": &m.BrandColor, "default_prompt": &m.DefaultPrompt,
		} {
			if t, ok := scalarText(mapGet(in, key)); ok {
				*dst = strings.TrimSpace(t)
			}
		}
	}
	if v := mapGet(mapGet(root, "policy"), "allow_implicit_invocation"); v != nil {
		m.AllowImplicitInvocation, _ = p.boolField("policy.allow_implicit_invocation", v, v.Line, true)
	}
	if tools := resolveAlias(mapGet(mapGet(root, "dependencies"), "tools")); tools != nil && tools.Kind == yaml.SequenceNode {
		for _, item := range tools.Content {
			var d CodexToolDependency
			for key, dst := range map[string]*string{"type": &d.Type, "value": &d.Value, "description": &d.Description, "transport": &d.Transport, "url": &d.URL} {
				if t, ok := scalarText(mapGet(item, key)); ok {
					*dst = strings.TrimSpace(t)
				}
			}
			if d.Value != "" {
				m.Dependencies = append(m.Dependencies, d)
			}
		}
	}
	return m, p.diags
}
