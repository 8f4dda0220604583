package skillmd

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Diagnostic codes. Each names one rule; the Agent Skills rules follow the
// specification at agentskills.io and its reference validator, skills-ref
// (agentskills/agentskills, skills-ref/src/skills_ref/validator.py).
const (
	// CodeNoFrontmatter: the file has no --- frontmatter block.
	CodeNoFrontmatter = "no-frontmatter"
	// CodeYAMLSyntax: the frontmatter is not valid YAML, even after repair.
	CodeYAMLSyntax = "yaml-syntax"
	// CodeYAMLRepaired: a value was not valid YAML and was reread as a
	// quoted string.
	CodeYAMLRepaired = "yaml-repaired"
	// CodeNotUTF8: the file is not UTF-8.
	CodeNotUTF8 = "not-utf8"
	// CodeBinary: the file contains NUL bytes.
	CodeBinary = "binary"
	// CodeTooLarge: the file exceeds MaxFileBytes.
	CodeTooLarge = "too-large"
	// CodeDuplicateKey: a top-level field appears twice.
	CodeDuplicateKey = "duplicate-key"
	// CodeYAMLComment: " #" in a plain name or description started a YAML
	// comment and cut the value short.
	CodeYAMLComment = "yaml-comment-in-value"

	// CodeNameMissing: name is absent or empty (spec: required).
	CodeNameMissing = "name-missing"
	// CodeNameType: name is a number, boolean, list or mapping (spec: a
	// string).
	CodeNameType = "name-type"
	// CodeNameTooLong: name exceeds 64 characters (spec: 1-64).
	CodeNameTooLong = "name-too-long"
	// CodeNameUppercase: name has upper-case letters (spec: lowercase).
	CodeNameUppercase = "name-uppercase"
	// CodeNameInvalidChars: name has characters other than letters, digits
	// and hyphens (spec: "a-z and -"; skills-ref also accepts Unicode
	// letters and digits, and so do we).
	CodeNameInvalidChars = "name-invalid-chars"
	// CodeNameHyphenEdge: name starts or ends with a hyphen (spec).
	CodeNameHyphenEdge = "name-hyphen-edge"
	// CodeNameDoubleHyphen: name contains "--" (spec).
	CodeNameDoubleHyphen = "name-double-hyphen"
	// CodeNameMismatch: name differs from the skill folder's name (spec:
	// must match the parent directory).
	CodeNameMismatch = "name-mismatch"

	// CodeDescriptionMissing: description is absent or empty (spec:
	// required, non-empty).
	CodeDescriptionMissing = "description-missing"
	// CodeDescriptionType: description is not a string.
	CodeDescriptionType = "description-type"
	// CodeDescriptionTooLong: description exceeds 1024 characters (spec).
	CodeDescriptionTooLong = "description-too-long"

	// CodeCompatibilityTooLong: compatibility exceeds 500 characters
	// (spec).
	CodeCompatibilityTooLong = "compatibility-too-long"
	// CodeCompatibilityType: compatibility is not a string (skills-ref).
	CodeCompatibilityType = "compatibility-type"
	// CodeAllowedToolsType: allowed-tools is neither a string nor a list of
	// strings (skills-ref).
	CodeAllowedToolsType = "allowed-tools-type"
	// CodeMetadataType: metadata is not a map of string keys to string
	// values (spec).
	CodeMetadataType = "metadata-type"
	// CodeUnknownField: a top-level field outside name, description,
	// license, compatibility, metadata and allowed-tools (skills-ref's
	// ALLOWED_FIELDS) that no known agent reads either (see LookupField).
	CodeUnknownField = "unknown-field"
	// CodeAgentField: a top-level field an agent reads (Claude Code's
	// disable-model-invocation, Agent Zero's version, ...) that the Agent
	// Skills spec does not define. Reported in Strict mode only, and only
	// as a warning: the skill is right for that agent, but a strict spec
	// validator (skills-ref) rejects it.
	CodeAgentField = "agent-field"
	// CodeAgentFieldType: an agent field whose value has the wrong type,
	// such as disable-model-invocation: "true" (a string). A warning in
	// both modes.
	CodeAgentFieldType = "agent-field-type"
	// CodeCodexMetadata: the skill's agents/openai.yaml (Codex's settings)
	// cannot be read; a warning.
	CodeCodexMetadata = "codex-metadata-invalid"

	// CodeReferenceBroken: a link or image names no file of the skill.
	CodeReferenceBroken = "reference-broken"
	// CodeReferenceCaseMismatch: a reference matches a file only when
	// letter case is ignored.
	CodeReferenceCaseMismatch = "reference-case-mismatch"
	// CodeReferenceOutside: a reference leaves the skill folder (../ or an
	// absolute path).
	CodeReferenceOutside = "reference-outside"
)

// Limits of the Agent Skills specification, in characters (Unicode code
// points, as skills-ref counts with Python's len), not bytes.
const (
	// MaxNameChars is the longest name: "1-64 characters".
	MaxNameChars = 64
	// MaxDescriptionChars is the longest description: "1-1024 characters".
	MaxDescriptionChars = 1024
	// MaxCompatibilityChars is the longest compatibility: "1-500
	// characters".
	MaxCompatibilityChars = 500
)

// allowedFields are the top-level fields the specification defines
// (skills-ref's ALLOWED_FIELDS).
var allowedFields = map[string]bool{
	"name": true, "description": true, "license": true,
	"compatibility": true, "metadata": true, "allowed-tools": true,
}

// NameError is the error ValidateName returns: the rule broken (a Code
// constant), a message and a suggested fix.
type NameError struct {
	Name    string
	Code    string
	Message string
	Fix     string
}

// Error returns the message, which is the Message of the matching
// Validate diagnostic.
func (e *NameError) Error() string { return e.Message }

// ValidateName checks a skill name against the format rules of the Agent
// Skills specification: 1-64 characters, lowercase, only letters, digits
// and hyphens, no hyphen at either end and no "--". The name is checked as
// given (Parse has already trimmed a frontmatter name, as skills-ref
// does), so surrounding spaces are invalid characters. As in skills-ref, the
// name is NFKC-normalised first and Unicode letters and digits are allowed
// (a Chinese name is valid; "PDF" is not, being upper case). It returns nil
// or a *NameError for the first rule broken; it does not compare the name
// with a folder (Validate does).
func ValidateName(name string) error {
	if name == "" {
		return &NameError{Name: name, Code: CodeNameMissing, Message: "name is empty", Fix: "set name: to the skill folder's name, e.g. name: pdf-tools"}
	}
	if probs := nameProblems(name); len(probs) > 0 {
		return probs[0]
	}
	return nil
}

// nameProblems lists every format rule name breaks, in the order
// skills-ref checks them.
func nameProblems(raw string) []*NameError {
	name := norm.NFKC.String(raw)
	fix := "use name: " + suggestName(name)
	var out []*NameError
	add := func(code, msg, fix string) {
		out = append(out, &NameError{Name: raw, Code: code, Message: msg, Fix: fix})
	}
	if n := utf8.RuneCountInString(name); n > MaxNameChars {
		add(CodeNameTooLong, fmt.Sprintf("name %q is %d characters; the limit is %d", name, n, MaxNameChars), fix)
	}
	if strings.ToLower(name) != name {
		add(CodeNameUppercase, fmt.Sprintf("name %q must be lowercase", name), fix)
	}
	if strings.HasPrefix(name, "-") || strings.HasSuffix(name, "-") {
		add(CodeNameHyphenEdge, fmt.Sprintf("name %q must not start or end with a hyphen", name), fix)
	}
	if strings.Contains(name, "--") {
		add(CodeNameDoubleHyphen, fmt.Sprintf("name %q must not contain consecutive hyphens (--)", name), fix)
	}
	var bad []string
	for _, r := range name {
		if r != '-' && !unicode.IsLetter(r) && !unicode.IsNumber(r) {
			q := fmt.Sprintf("%q", string(r))
			if r == ' ' {
				q = "spaces"
			}
			if !contains(bad, q) {
				bad = append(bad, q)
			}
		}
	}
	if len(bad) > 0 {
		add(CodeNameInvalidChars, fmt.Sprintf("name %q contains %s; only lowercase letters, digits and hyphens are allowed", name, strings.Join(bad, ", ")), fix)
	}
	return out
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// suggestName turns any text into a name that passes ValidateName:
// lower-cased, runs of other characters turned into one hyphen, trimmed to
// 64 characters. It falls back to "my-skill" when nothing is left.
func suggestName(s string) string {
	var b strings.Builder
	hyphen := false
	// Invalid UTF-8 first: NFKC copies what follows a bad byte as it is
	// ("\xf6ͺ"), and Validate would then normalise it into a space.
	for _, r := range strings.ToLower(norm.NFKC.String(strings.ToValidUTF8(s, " "))) {
		if unicode.IsLetter(r) || unicode.IsNumber(r) {
			if hyphen && b.Len() > 0 {
				b.WriteByte('-')
			}
			hyphen = false
			b.WriteRune(r)
		} else {
			hyphen = true
		}
	}
	out := b.String()
	if utf8.RuneCountInString(out) > MaxNameChars {
		out = strings.TrimRight(string([]rune(out)[:MaxNameChars]), "-")
	}
	if out == "" || strings.ToLower(out) != out || norm.NFKC.String(out) != out {
		return "my-skill"
	}
	return out
}

// Validate checks a parsed skill against the Agent Skills specification.
// folder is the base name of the skill folder ("" skips the name/folder
// check).
//
// In Strict mode every broken rule is a SeverityError. In Lenient mode
// (serving) only a missing name or description is an error (a non-string
// one is reported by Parse, also as an error); every other rule - name
// format and length, name/folder mismatch, description and compatibility
// length, field types, unknown top-level fields - is a warning, so the
// skill is still served. Every diagnostic carries a fix. s == nil yields
// nil.
func Validate(s *Skill, folder string, mode Mode) []Diagnostic {
	if s == nil {
		return nil
	}
	v := validator{s: s, mode: mode}

	// name
	switch {
	case strings.TrimSpace(s.Name) == "":
		fix := "add a line name: my-skill to the frontmatter"
		if folder != "" && ValidateName(folder) == nil {
			fix = "add a line name: " + folder + " to the frontmatter (the folder's name)"
		}
		if k := foldKey(s.FieldLines, "name"); k != "" {
			fix = fmt.Sprintf("rename the field %s: to name: (field names are case-sensitive)", k)
		}
		v.add(true, CodeNameMissing, "name", "name is missing or empty; the Agent Skills spec requires it", fix)
	default:
		for _, p := range nameProblems(s.Name) {
			v.add(false, p.Code, "name", p.Message, p.Fix)
		}
		if folder != "" {
			name := norm.NFKC.String(s.Name)
			dir := norm.NFKC.String(folder)
			if name != dir {
				fix := mismatchFix(name, dir)
				v.add(false, CodeNameMismatch, "name",
					fmt.Sprintf("name %q does not match the skill folder %q; the Agent Skills spec requires them to be equal", name, folder), fix)
			}
		}
	}

	// description
	if strings.TrimSpace(s.Description) == "" {
		fix := "add a line description: saying what the skill does and when to use it"
		if k := foldKey(s.FieldLines, "description"); k != "" {
			fix = fmt.Sprintf("rename the field %s: to description: (field names are case-sensitive)", k)
		}
		v.add(true, CodeDescriptionMissing, "description",
			"description is missing or empty; the Agent Skills spec requires it, and agents use it to decide when to load the skill", fix)
	} else if n := utf8.RuneCountInString(s.Description); n > MaxDescriptionChars {
		v.add(false, CodeDescriptionTooLong, "description",
			fmt.Sprintf("description is %d characters; the limit is %d", n, MaxDescriptionChars),
			fmt.Sprintf("shorten it by %d characters and move the detail into the body", n-MaxDescriptionChars))
	}

	// compatibility
	if n := utf8.RuneCountInString(s.Compatibility); n > MaxCompatibilityChars {
		v.add(false, CodeCompatibilityTooLong, "compatibility",
			fmt.Sprintf("compatibility is %d characters; the limit is %d", n, MaxCompatibilityChars),
			fmt.Sprintf("shorten it by %d characters; list only the products and system requirements", n-MaxCompatibilityChars))
	}
	if c, ok := s.Metadata["compatibility"]; ok && c != nil {
		if _, isStr := c.(string); !isStr {
			v.add(false, CodeCompatibilityType, "compatibility",
				fmt.Sprintf("compatibility is %s, not a string", goKind(c)),
				`write it as one string, e.g. compatibility: "Requires Python 3.11+ and network access"`)
		}
	}

	// allowed-tools
	if t, ok := s.Metadata["allowed-tools"]; ok && t != nil && !stringOrStrings(t) {
		v.add(false, CodeAllowedToolsType, "allowed-tools",
			fmt.Sprintf("allowed-tools is %s; it must be a space-separated string or a list of strings", goKind(t)),
			"write it as allowed-tools: Read Grep Bash(git:*)")
	}

	// metadata
	if m, ok := s.Metadata["metadata"]; ok && m != nil {
		v.metadata(m)
	}

	// fields outside the spec, in file order
	var extra []string
	for k := range s.Metadata {
		if !allowedFields[k] {
			extra = append(extra, k)
		}
	}
	sort.Slice(extra, func(i, j int) bool {
		li, lj := s.FieldLines[extra[i]], s.FieldLines[extra[j]]
		if li != lj {
			return li < lj
		}
		return extra[i] < extra[j]
	})
	for _, k := range extra {
		if f, ok := LookupField(k); ok {
			if mode == Strict {
				v.warn(CodeAgentField, k,
					fmt.Sprintf("%q is a %s field (%s), outside the Agent Skills spec: strict spec validators such as skills-ref reject it, and other agents ignore it", k, f.Source, f.Use),
					fmt.Sprintf("keep it at the top level if the skill is meant for %s, which reads it only there (under metadata it would have no effect); remove it only if the skill must pass a strict spec check", f.Source))
			}
			continue
		}
		if f, ok := nearField(k); ok {
			v.add(false, CodeUnknownField, k,
				fmt.Sprintf("unknown top-level field %q; %s reads %q, spelled exactly so", k, f.Source, f.Name),
				fmt.Sprintf("rename it to %s:", f.Name))
			continue
		}
		v.add(false, CodeUnknownField, k,
			fmt.Sprintf("unknown top-level field %q; the Agent Skills spec allows only name, description, license, compatibility, metadata and allowed-tools, and no agent skilldex knows of reads it", k),
			fmt.Sprintf("move it under metadata (as an indented line \"  %s: ...\" below a metadata: line), or remove it", k))
	}
	return v.diags
}

// mismatchFix advises how to make name and the folder dir equal, never
// suggesting a name that breaks the naming rules (such as "rename the
// folder to Firecrawl Automation"): each side is offered only when it is a
// valid name, and when neither is, a valid name derived from the skill's
// name is offered for both.
func mismatchFix(name, dir string) string {
	nameOK, dirOK := ValidateName(name) == nil, ValidateName(dir) == nil
	switch {
	case nameOK && dirOK:
		return fmt.Sprintf("set name: %s, or rename the folder to %s", dir, name)
	case dirOK:
		return fmt.Sprintf("set name: %s (the folder's name)", dir)
	case nameOK:
		return fmt.Sprintf("rename the folder to %s", name)
	}
	n := suggestName(name)
	if n == "my-skill" {
		n = suggestName(dir)
	}
	return fmt.Sprintf("set name: %s and rename the folder to %s", n, n)
}

// foldKey returns a field name that equals key ignoring case but is not
// key itself (Name: for name:), or "".
func foldKey(fields map[string]int, key string) string {
	if _, ok := fields[key]; ok {
		return ""
	}
	for k := range fields {
		if strings.EqualFold(k, key) {
			return k
		}
	}
	return ""
}

type validator struct {
	s     *Skill
	mode  Mode
	diags []Diagnostic
}

// add records a diagnostic on field's line. always marks the rules that
// are errors even in Lenient mode.
func (v *validator) add(always bool, code, field, msg, fix string) {
	sev := SeverityWarning
	if always || v.mode == Strict {
		sev = SeverityError
	}
	v.diags = append(v.diags, Diagnostic{Severity: sev, Code: code, File: v.s.Path, Line: v.s.FieldLines[field], Message: msg, Fix: fix})
}

// warn records a diagnostic that is a warning in every mode: the skill is
// right for the agent that reads the field.
func (v *validator) warn(code, field, msg, fix string) {
	v.diags = append(v.diags, Diagnostic{Severity: SeverityWarning, Code: code, File: v.s.Path, Line: v.s.FieldLines[field], Message: msg, Fix: fix})
}

// nearField returns the known field that k misspells by letter case or by
// writing "_" for "-" or the reverse (Disable-Model-Invocation,
// disable_model_invocation, argument_hint), which the agent would ignore.
func nearField(k string) (KnownField, bool) {
	norm := func(s string) string { return strings.ToLower(strings.ReplaceAll(s, "_", "-")) }
	nk := norm(k)
	for name, f := range knownFields {
		if name != k && norm(name) == nk {
			return f, true
		}
	}
	return KnownField{}, false
}

// metadata checks the spec's "map from string keys to string values".
// skills-ref silently stringifies values; we report them so authors quote
// version numbers (version: 1.0 is a float that loses its ".0" in many
// loaders).
func (v *validator) metadata(m any) {
	mm, ok := m.(map[string]any)
	if !ok {
		v.add(false, CodeMetadataType, "metadata",
			fmt.Sprintf("metadata is %s; it must be a mapping of string keys to string values", goKind(m)),
			`write it as indented "key: value" lines below a metadata: line, e.g. author: example-org and version: "1.0"`)
		return
	}
	var bad []string
	for k, val := range mm {
		if _, isStr := val.(string); !isStr {
			bad = append(bad, fmt.Sprintf("%s is %s", k, goKind(val)))
		}
	}
	if len(bad) == 0 {
		return
	}
	sort.Strings(bad)
	v.add(false, CodeMetadataType, "metadata",
		"metadata values must be strings: "+strings.Join(bad, ", "),
		`quote scalar values (version: "1.0") and write lists as one string (tags: "a, b")`)
}

func stringOrStrings(v any) bool {
	switch t := v.(type) {
	case string:
		return true
	case []any:
		for _, item := range t {
			if _, ok := item.(string); !ok {
				return false
			}
		}
		return true
	}
	return false
}

// goKind names the kind of a decoded YAML value for messages.
func goKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case int, uint64, float64:
		return "a number"
	case []any:
		return "a list"
	case map[string]any:
		return "a mapping"
	}
	return fmt.Sprintf("a %T", v)
}
