// Package skillmd parses and validates one SKILL.md file: the YAML
// frontmatter, the markdown body and the files the body references.
//
// It is pure: it reads no files itself. The caller passes the bytes of
// SKILL.md and the list of files in the skill folder, so parsing is cheap to
// fuzz and to run on a snapshot.
//
// This package serves the skilldex command and may change without notice;
// programs embedding a catalog import the module's root package,
// github.com/skilldex/skilldex.
package skillmd

import "fmt"

// Severity orders diagnostics: an error keeps a skill out of a strict
// catalog, a warning is reported but the skill is served.
type Severity string

// Severities of a Diagnostic.
const (
	SeverityError   Severity = "error"
	SeverityWarning Severity = "warning"
)

// Diagnostic is one problem found in a skill, with where it is and how to
// fix it. Line is 1-based within the file, 0 when unknown.
type Diagnostic struct {
	Severity Severity `json:"severity"`
	// Code is a stable machine-readable identifier such as "name-mismatch",
	// "yaml-syntax" or "description-too-long".
	Code    string `json:"code"`
	File    string `json:"file,omitempty"`
	Line    int    `json:"line,omitempty"`
	Message string `json:"message"`
	Fix     string `json:"fix,omitempty"`
}

// String formats d for a terminal: "file:line: severity: message [code]
// (fix: ...)", leaving out the parts that are empty.
func (d Diagnostic) String() string {
	loc := d.File
	if d.Line > 0 {
		loc = fmt.Sprintf("%s:%d", loc, d.Line)
	}
	if loc != "" {
		loc += ": "
	}
	s := fmt.Sprintf("%s%s: %s [%s]", loc, d.Severity, d.Message, d.Code)
	if d.Fix != "" {
		s += " (fix: " + d.Fix + ")"
	}
	return s
}

// RefKind says how the body names a referenced file.
type RefKind string

// Kinds of Reference.
const (
	RefLink  RefKind = "link"  // [text](path)
	RefImage RefKind = "image" // ![alt](path)
	RefCode  RefKind = "code"  // `path` naming an existing file
	RefPath  RefKind = "path"  // a bare path in text naming an existing file
)

// RefStatus says whether a reference resolves inside the skill folder.
type RefStatus string

// Statuses of a Reference.
const (
	RefOK           RefStatus = "ok"            // names an existing file exactly
	RefCaseMismatch RefStatus = "case-mismatch" // exists only under another letter case; Path is the real one
	RefBroken       RefStatus = "broken"        // no such file in the skill folder
	RefOutside      RefStatus = "outside"       // resolves outside the skill folder (../ or absolute)
)

// Reference is one file named by the SKILL.md body.
type Reference struct {
	// Target is the destination as written in the markdown (URL fragment
	// and query removed, percent-decoding applied).
	Target string `json:"target"`
	// Path is the slash-separated path relative to the skill folder
	// (cleaned), or "" when Status is RefOutside.
	Path   string    `json:"path,omitempty"`
	Kind   RefKind   `json:"kind"`
	Status RefStatus `json:"status"`
	Line   int       `json:"line,omitempty"`
}

// Skill is a parsed SKILL.md.
type Skill struct {
	Name          string `json:"name"`
	Description   string `json:"description"`
	License       string `json:"license,omitempty"`
	Compatibility string `json:"compatibility,omitempty"`
	// AllowedTools is the allowed-tools field, split on spaces when it is a
	// string (per the Agent Skills spec it is space-delimited) or taken as
	// is when it is a YAML list.
	AllowedTools []string `json:"allowed_tools,omitempty"`
	// DisableModelInvocation is Claude Code's disable-model-invocation:
	// true means only a person invokes the skill, and it is kept out of
	// everything the model sees (the skill listing, search). False when
	// absent. A quoted "true" counts as true (with a warning).
	DisableModelInvocation bool `json:"disable_model_invocation,omitempty"`
	// UserInvocable is Claude Code's user-invocable: false hides the skill
	// from the / menu (the model may still use it). True when absent.
	UserInvocable bool `json:"user_invocable"`
	// WhenToUse is Claude Code's when_to_use: trigger context that Claude
	// Code appends to the description in its listing.
	WhenToUse string `json:"when_to_use,omitempty"`
	// ArgumentHint is Claude Code's argument-hint, e.g. "[issue-number]"
	// (an unquoted [x] that YAML read as a list is turned back into text).
	ArgumentHint string `json:"argument_hint,omitempty"`
	// Codex is the skill's agents/openai.yaml (see ParseCodexMetadata),
	// set by the caller that read it; nil when the skill has none.
	Codex *CodexMetadata `json:"codex,omitempty"`
	// Tags come from a top-level tags or keywords field (list or
	// comma/space-separated string) or metadata.tags; lowercased, deduped.
	Tags []string `json:"tags,omitempty"`
	// Version and Author come from top-level version/author or
	// metadata.version/metadata.author when present (Agent Zero's list
	// shows them).
	Version string `json:"version,omitempty"`
	Author  string `json:"author,omitempty"`
	// Metadata holds every frontmatter field other than name and
	// description, decoded to plain Go values (map[string]any, []any,
	// string, int, float64, bool).
	Metadata map[string]any `json:"metadata,omitempty"`
	// Body is the markdown after the frontmatter, with CRLF turned to LF.
	Body string `json:"-"`
	// BodyLine is the 1-based line of the file where Body starts.
	BodyLine   int         `json:"body_line"`
	References []Reference `json:"references,omitempty"`
	// HasFrontmatter is false when the file has no leading --- block.
	HasFrontmatter bool `json:"has_frontmatter"`
	// Path is the display path given to Parse; Validate uses it as the
	// File of its diagnostics.
	Path string `json:"-"`
	// FieldLines maps each top-level frontmatter field to the 1-based line
	// of the file where its key is, so Validate can point at the field.
	FieldLines map[string]int `json:"-"`
}

// HiddenFromModel reports whether the skill's author asked that the model
// not see or choose it by itself: disable-model-invocation: true in
// SKILL.md (Claude Code), or policy.allow_implicit_invocation: false in
// agents/openai.yaml (Codex). A person can still invoke such a skill by
// name.
func (s *Skill) HiddenFromModel() bool {
	return s.DisableModelInvocation || (s.Codex != nil && !s.Codex.AllowImplicitInvocation)
}

// Mode selects how strictly Validate applies the Agent Skills rules.
type Mode int

// Validation modes.
const (
	// Lenient is the serving default: only unparseable YAML or a missing
	// name or description are errors; every other rule is a warning.
	Lenient Mode = iota
	// Strict makes every rule of the Agent Skills specification an error.
	Strict
)

// RulesVersion numbers the parse and validation rules: it goes up whenever
// the same SKILL.md would give different fields or diagnostics (version 2:
// agent frontmatter fields, disable-model-invocation, agents/openai.yaml).
// A catalog that stores parse results keys them by it, so a release with
// new rules re-derives every skill instead of serving old results.
const RulesVersion = 2
