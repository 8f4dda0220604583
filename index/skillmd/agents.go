package skillmd

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"
)

// FieldSource names who defines a top-level frontmatter field.
type FieldSource string

// Sources of the fields Validate recognises.
const (
	// SourceSpec: the Agent Skills specification (agentskills.io; the
	// reference validator skills-ref's ALLOWED_FIELDS).
	SourceSpec FieldSource = "Agent Skills spec"
	// SourceClaudeCode: Claude Code's skill frontmatter reference
	// (code.claude.com/docs/en/skills, "Frontmatter reference").
	SourceClaudeCode FieldSource = "Claude Code"
	// SourceAgentZero: Agent Zero's skills tool, which lists a skill's
	// version, tags and author (testdata/seeds: agent-zero-skills-tool.md,
	// "Shows name, version, description, tags, and author").
	SourceAgentZero FieldSource = "Agent Zero"
)

// KnownField is a top-level frontmatter field that the specification or
// an agent reads.
type KnownField struct {
	// Name is the field as written in the frontmatter (case-sensitive).
	Name   string
	Source FieldSource
	// Use says in a few words what the agent does with it.
	Use string
}

// knownFields are the fields recognised beyond the specification's six.
// Claude Code's come from its frontmatter reference (November 2026):
// name, description, when_to_use, argument-hint, arguments,
// disable-model-invocation, user-invocable, allowed-tools,
// disallowed-tools (Claude Code 2.1.152), model, effort, context, agent,
// hooks, paths and shell. Codex reads only name and description from
// SKILL.md; its own settings live in agents/openai.yaml (see
// ParseCodexMetadata).
var knownFields = map[string]KnownField{}

func init() {
	for _, f := range []KnownField{
		{"name", SourceSpec, "the skill's name"},
		{"description", SourceSpec, "what the skill does and when to use it"},
		{"license", SourceSpec, "the skill's licence"},
		{"compatibility", SourceSpec, "environment requirements"},
		{"metadata", SourceSpec, "extra string properties"},
		{"allowed-tools", SourceSpec, "tools pre-approved while the skill is active"},

		{"when_to_use", SourceClaudeCode, "trigger context appended to the description in the skill listing"},
		{"argument-hint", SourceClaudeCode, "the hint shown when the skill is typed as a slash command"},
		{"arguments", SourceClaudeCode, "named arguments for $name substitution"},
		{"disable-model-invocation", SourceClaudeCode, "true keeps the skill out of the model's listing: only a person invokes it"},
		{"user-invocable", SourceClaudeCode, "false hides the skill from the / menu"},
		{"disallowed-tools", SourceClaudeCode, "tools removed while the skill is active"},
		{"model", SourceClaudeCode, "the model used while the skill is active"},
		{"effort", SourceClaudeCode, "the effort level while the skill is active"},
		{"context", SourceClaudeCode, "fork runs the skill in a subagent"},
		{"agent", SourceClaudeCode, "the subagent type for context: fork"},
		{"hooks", SourceClaudeCode, "hooks scoped to the skill's lifecycle"},
		{"paths", SourceClaudeCode, "globs that limit when the skill activates automatically"},
		{"shell", SourceClaudeCode, "the shell for !`command` blocks"},

		{"version", SourceAgentZero, "shown in its skill list"},
		{"author", SourceAgentZero, "shown in its skill list"},
		{"tags", SourceAgentZero, "shown in its skill list and searched"},
	} {
		knownFields[f.Name] = f
	}
}

// LookupField returns what reads the top-level frontmatter field name
// (case-sensitive: Claude Code ignores Disable-Model-Invocation), and
// false for a field no known agent reads.
func LookupField(name string) (KnownField, bool) {
	f, ok := knownFields[name]
	return f, ok
}

// boolField reads a boolean agent field. A YAML boolean is taken as is. A
// string spelling a boolean ("true", "False", "yes", "off", "1", ...) is
// taken for what the author meant and reported (CodeAgentFieldType), since
// an agent that checks for a real boolean may read it the other way; any
// other value is reported and def is used. present is false when the field
// is absent or null.
//
// line is the 1-based line of the file the diagnostics point at.
func (p *parser) boolField(key string, v *yaml.Node, line int, def bool) (val, present bool) {
	n := resolveAlias(v)
	if n == nil || (n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null") {
		return def, false
	}
	if n.Kind == yaml.ScalarNode {
		if n.ShortTag() == "!!bool" {
			return strings.EqualFold(n.Value, "true"), true
		}
		switch strings.ToLower(strings.TrimSpace(n.Value)) {
		case "true", "yes", "on", "1":
			val = true
		case "false", "no", "off", "0":
			val = false
		default:
			p.diag(SeverityWarning, CodeAgentFieldType, line,
				fmt.Sprintf("%s is %q, not true or false; it is read as %v", key, n.Value, def),
				fmt.Sprintf("write %s: true or %s: false", key, key))
			return def, true
		}
		p.diag(SeverityWarning, CodeAgentFieldType, line,
			fmt.Sprintf("%s is the text %q, not a YAML boolean; it is read as %v, but an agent that expects a boolean may not", key, n.Value, val),
			fmt.Sprintf("write it without quotes: %s: %v", key, val))
		return val, true
	}
	p.diag(SeverityWarning, CodeAgentFieldType, line,
		fmt.Sprintf("%s is %s, not true or false; it is read as %v", key, kindName(n), def),
		fmt.Sprintf("write %s: true or %s: false", key, key))
	return def, true
}

// hintText reads argument-hint. Claude Code shows it as written, and
// authors write "argument-hint: [file]", which YAML reads as a list: a
// flow list of scalars is turned back into "[a] [b]" form.
func hintText(v *yaml.Node) string {
	if t, ok := scalarText(v); ok {
		return strings.TrimSpace(t)
	}
	n := resolveAlias(v)
	if n == nil || n.Kind != yaml.SequenceNode {
		return ""
	}
	var parts []string
	for _, item := range n.Content {
		if t, ok := scalarText(item); ok {
			parts = append(parts, "["+strings.TrimSpace(t)+"]")
		}
	}
	return strings.Join(parts, " ")
}
