package skillmd

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// claudeCodeFront uses every field of Claude Code's frontmatter
// reference, written as its documentation shows them.
const claudeCodeFront = `---
name: deploy
description: Deploy the current branch to staging.
when_to_use: When the user says ship it.
argument-hint: [environment]
arguments: env version
disable-model-invocation: true
user-invocable: true
allowed-tools: Bash(git push:*) Read
disallowed-tools:
  - WebSearch
model: sonnet
effort: high
context: fork
agent: general-purpose
hooks:
  PreToolUse:
    - matcher: Bash
paths: "deploy/**, infra/**"
shell: bash
---
Deploy.
`

// TestAgentFields: Claude Code's fields are recognised, typed where
// skilldex acts on them, never called unknown, and in strict mode reported
// only as warnings whose advice keeps them where Claude Code reads them.
func TestAgentFields(t *testing.T) {
	s, diags, err := Parse("deploy/SKILL.md", []byte(claudeCodeFront), nil)
	if err != nil || len(diags) != 0 {
		t.Fatalf("Parse: %v %v", err, diags)
	}
	if !s.DisableModelInvocation || !s.UserInvocable || !s.HiddenFromModel() {
		t.Errorf("disable-model-invocation %v user-invocable %v", s.DisableModelInvocation, s.UserInvocable)
	}
	if s.WhenToUse != "When the user says ship it." || s.ArgumentHint != "[environment]" {
		t.Errorf("when_to_use %q argument-hint %q", s.WhenToUse, s.ArgumentHint)
	}
	if d := Validate(s, "deploy", Lenient); len(d) != 0 {
		t.Errorf("lenient: agent fields reported: %v", d)
	}
	strict := Validate(s, "deploy", Strict)
	seen := map[string]bool{}
	for _, d := range strict {
		if d.Code != CodeAgentField || d.Severity != SeverityWarning {
			t.Errorf("strict: want only agent-field warnings, got %s", d)
			continue
		}
		if strings.Contains(d.Fix, "move it under metadata") || !strings.Contains(d.Fix, "keep it at the top level") || !strings.Contains(d.Message, "Claude Code") {
			t.Errorf("strict advice would break the skill in Claude Code: %s", d)
		}
		for k, line := range s.FieldLines {
			if line == d.Line {
				seen[k] = true
			}
		}
	}
	for _, k := range []string{"when_to_use", "argument-hint", "arguments", "disable-model-invocation", "user-invocable", "disallowed-tools", "model", "effort", "context", "agent", "hooks", "paths", "shell"} {
		if !seen[k] {
			t.Errorf("strict: no agent-field warning on %s", k)
		}
		if f, ok := LookupField(k); !ok || f.Source != SourceClaudeCode {
			t.Errorf("LookupField(%q) = %+v, %v", k, f, ok)
		}
	}
	for _, k := range []string{"name", "description", "allowed-tools"} {
		if seen[k] {
			t.Errorf("strict: spec field %s reported", k)
		}
	}
}

func TestAgentFieldsDefaultsAndTypes(t *testing.T) {
	for _, tt := range []struct {
		name         string
		front        string
		hide, invoke bool
		warnLine     int // line of the agent-field-type warning; 0 for none
		hintContains string
		argumentHint string
		whenToUse    string
	}{
		{name: "absent", front: "", hide: false, invoke: true},
		{name: "false", front: "disable-model-invocation: false\n", hide: false, invoke: true},
		{name: "user-invocable false", front: "user-invocable: false\n", hide: false, invoke: false},
		{name: "both", front: "disable-model-invocation: true\nuser-invocable: false\n", hide: true, invoke: false},
		{name: "null", front: "disable-model-invocation:\n", hide: false, invoke: true},
		{name: "quoted true is honoured", front: "disable-model-invocation: \"true\"\n", hide: true, invoke: true, warnLine: 4, hintContains: "without quotes"},
		{name: "True", front: "disable-model-invocation: True\n", hide: true, invoke: true},
		{name: "yes string", front: "disable-model-invocation: 'yes'\n", hide: true, invoke: true, warnLine: 4},
		{name: "nonsense", front: "disable-model-invocation: maybe\n", hide: false, invoke: true, warnLine: 4, hintContains: "true or"},
		{name: "a list", front: "user-invocable: [a]\n", hide: false, invoke: true, warnLine: 4},
		{name: "hint list of two", front: "argument-hint: [a, b]\n", hide: false, invoke: true, argumentHint: "[a] [b]"},
		{name: "hint text", front: "argument-hint: \"<pr> [--draft]\"\n", hide: false, invoke: true, argumentHint: "<pr> [--draft]"},
		{name: "when_to_use folded", front: "when_to_use: >\n  When asked\n  to ship.\n", hide: false, invoke: true, whenToUse: "When asked to ship."},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, diags := mustParse(t, "---\nname: x\ndescription: d\n"+tt.front+"---\n")
			if s.DisableModelInvocation != tt.hide || s.UserInvocable != tt.invoke || s.HiddenFromModel() != tt.hide {
				t.Errorf("disable-model-invocation %v user-invocable %v", s.DisableModelInvocation, s.UserInvocable)
			}
			d, warned := findDiag(diags, CodeAgentFieldType)
			if warned != (tt.warnLine != 0) || (warned && (d.Line != tt.warnLine || d.Severity != SeverityWarning || !strings.Contains(d.Fix, tt.hintContains))) {
				t.Errorf("diagnostics %v", diags)
			}
			if s.ArgumentHint != tt.argumentHint || s.WhenToUse != tt.whenToUse {
				t.Errorf("argument-hint %q when_to_use %q", s.ArgumentHint, s.WhenToUse)
			}
		})
	}
	// A skill with no frontmatter is user-invocable like any other.
	s, _, err := Parse("x/SKILL.md", []byte("# no frontmatter\n"), nil)
	if !errors.Is(err, ErrNoFrontmatter) || !s.UserInvocable {
		t.Errorf("no frontmatter: %v, user-invocable %v", err, s.UserInvocable)
	}
}

// TestMisspeltAgentField: a field an agent would ignore because of its
// spelling gets the right spelling as advice, not "move it under metadata".
func TestMisspeltAgentField(t *testing.T) {
	for bad, good := range map[string]string{
		"disable_model_invocation": "disable-model-invocation",
		"Disable-Model-Invocation": "disable-model-invocation",
		"argument_hint":            "argument-hint",
		"when-to-use":              "when_to_use",
		"Version":                  "version",
	} {
		s, _ := mustParse(t, "---\nname: x\ndescription: d\n"+bad+": true\n---\n")
		if s.DisableModelInvocation {
			t.Errorf("%s: read as disable-model-invocation", bad)
		}
		diags := Validate(s, "x", Lenient)
		if len(diags) != 1 || diags[0].Code != CodeUnknownField || diags[0].Fix != "rename it to "+good+":" || diags[0].Line != 4 {
			t.Errorf("%s: %v", bad, diags)
		}
	}
}

// TestAgentZeroFields: Agent Zero's version, tags and author are
// recognised; a field no agent reads is still unknown, with the metadata
// advice.
func TestAgentZeroFields(t *testing.T) {
	s, _ := mustParse(t, "---\nname: x\ndescription: d\nversion: 1.0.0\ntags: [a]\nauthor: me\nrequires: [python]\n---\n")
	if d := Validate(s, "x", Lenient); len(d) != 1 || d[0].Code != CodeUnknownField || !strings.Contains(d[0].Message, `"requires"`) || !strings.Contains(d[0].Fix, "under metadata") {
		t.Errorf("lenient: %v", d)
	}
	var agent []string
	for _, d := range Validate(s, "x", Strict) {
		if d.Code == CodeAgentField {
			agent = append(agent, d.Message)
			if !strings.Contains(d.Message, "Agent Zero") {
				t.Errorf("source not named: %s", d)
			}
		}
	}
	if len(agent) != 3 {
		t.Errorf("strict agent-field warnings %v", agent)
	}
}

func TestParseCodexMetadata(t *testing.T) {
	full := `interface:
  display_name: "Deploy"
  short_description: "Ship the current branch to staging"
  icon_small: "./assets/small.png"
  icon_large: "./assets/large.svg"
  brand_color: "#3B82F6"
  default_prompt: "Deploy this branch"
policy:
  allow_implicit_invocation: false
dependencies:
  tools:
    - type: "mcp"
      value: "github"
      description: "GitHub MCP server"
      transport: "streamable_http"
      url: "https://api.githubcopilot.com/mcp/"
    - type: "mcp"
future_key: ignored
`
	m, diags := ParseCodexMetadata("x/agents/openai.yaml", []byte(full))
	if len(diags) != 0 {
		t.Fatalf("%v", diags)
	}
	want := &CodexMetadata{DisplayName: "Deploy", ShortDescription: "Ship the current branch to staging",
		IconSmall: "./assets/small.png", IconLarge: "./assets/large.svg", BrandColor: "#3B82F6", DefaultPrompt: "Deploy this branch",
		AllowImplicitInvocation: false,
		Dependencies:            []CodexToolDependency{{Type: "mcp", Value: "github", Description: "GitHub MCP server", Transport: "streamable_http", URL: "https://api.githubcopilot.com/mcp/"}}}
	if !reflect.DeepEqual(m, want) {
		t.Errorf("got %+v\nwant %+v", m, want)
	}
	s, _ := mustParse(t, "---\nname: x\ndescription: d\n---\n")
	if s.HiddenFromModel() {
		t.Error("hidden without any setting")
	}
	s.Codex = m
	if !s.HiddenFromModel() {
		t.Error("policy.allow_implicit_invocation: false does not hide the skill from the model")
	}

	for _, src := range []string{"", "# only a comment\n", "interface:\n  display_name: X\n", "policy: {}\n"} {
		m, diags := ParseCodexMetadata("o.yaml", []byte(src))
		if len(diags) != 0 || !m.AllowImplicitInvocation {
			t.Errorf("%q: %+v %v: default must allow implicit invocation", src, m, diags)
		}
	}
	m, diags = ParseCodexMetadata("o.yaml", []byte("policy:\n  allow_implicit_invocation: \"false\"\n"))
	if m.AllowImplicitInvocation || len(diags) != 1 || diags[0].Code != CodeAgentFieldType || diags[0].Line != 2 {
		t.Errorf("quoted false: %+v %v", m, diags)
	}
	for _, src := range []string{"- a\n- b\n", "interface: [\n", strings.Repeat("#", 70<<10), "a: \xff\n", "a: \x00\n"} {
		m, diags := ParseCodexMetadata("o.yaml", []byte(src))
		if !m.AllowImplicitInvocation || len(diags) != 1 || diags[0].Code != CodeCodexMetadata || diags[0].Severity != SeverityWarning || diags[0].Fix == "" {
			t.Errorf("%.20q: %+v %v", src, m, diags)
		}
	}
}

// FuzzParseCodexMetadata: any bytes give metadata (the defaults at worst)
// and complete diagnostics, never a panic.
func FuzzParseCodexMetadata(f *testing.F) {
	for _, s := range []string{"", "policy:\n  allow_implicit_invocation: false\n", "interface: [\n", "dependencies:\n  tools:\n    - value: x\n", "a: &a [*a]\n", "\xff"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		defer watchdog()()
		m, diags := ParseCodexMetadata("o.yaml", data)
		if m == nil {
			t.Fatal("nil metadata")
		}
		for _, d := range diags {
			if d.Code == "" || d.Fix == "" || d.Message == "" || d.Severity != SeverityWarning {
				t.Fatalf("bad diagnostic %+v", d)
			}
		}
	})
}
