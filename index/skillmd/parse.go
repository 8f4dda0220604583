package skillmd

import (
	"bytes"
	"fmt"
	"path"
	"sort"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// Parse reads one SKILL.md.
//
// path is the display path used in errors and diagnostics. files lists the
// slash-separated paths, relative to the skill folder, of every file in the
// folder (SKILL.md included); it is used only to resolve references.
//
// The frontmatter is decoded with yaml.v3 through yaml.Node, so fields that
// are a string in some files and a list in others (allowed-tools, tags) are
// read either way. Hand-written frontmatter often breaks YAML with an
// unquoted ": " in a value ("description: Use when: you need X"); such an
// entry is reread as a quoted string and reported as a "yaml-repaired"
// warning rather than rejecting the skill.
//
// The diagnostics are about the file itself: a repaired value
// (CodeYAMLRepaired), a name or description cut short by " #"
// (CodeYAMLComment), a repeated field (CodeDuplicateKey) and references
// that are broken, case-mismatched or outside the folder, all warnings; a
// name or description that is not a string (CodeNameType,
// CodeDescriptionType) is an error. The Agent Skills rules are checked
// separately by Validate.
//
// Errors are *ParseError values wrapping ErrTooLarge, ErrBinary,
// ErrNotUTF8, ErrYAML (also when the frontmatter is not a mapping, or is
// too big, too deep or alias-expands past MaxYAMLNodes) or ErrNoFrontmatter.
// For ErrNoFrontmatter the returned Skill is still filled in (Body,
// References, HasFrontmatter false) for callers that want to index such
// files; for every other error the Skill is nil.
func Parse(path string, data []byte, files []string) (*Skill, []Diagnostic, error) {
	if len(data) > MaxFileBytes {
		return nil, nil, &ParseError{Path: path, Err: fmt.Errorf("%w: %d bytes, the limit is %d", ErrTooLarge, len(data), MaxFileBytes)}
	}
	if line, err := checkText(data); err != nil {
		return nil, nil, &ParseError{Path: path, Line: line, Err: err}
	}
	data = normalize(data)
	front, body, bodyLine, ok, opened := splitFrontmatter(data)
	p := &parser{path: path}
	if !ok {
		s := &Skill{Path: path, Body: string(body), BodyLine: 1, UserInvocable: true}
		s.References = ExtractReferences(body, 1, files)
		p.referenceDiagnostics(s.References, files)
		err := fmt.Errorf("%w: the file must start with a line --- followed by name: and description: fields", ErrNoFrontmatter)
		if opened {
			err = fmt.Errorf("%w: the --- on line 1 is never closed by a --- line", ErrNoFrontmatter)
		}
		return s, p.diags, &ParseError{Path: path, Line: 1, Err: err}
	}
	if len(front) > MaxFrontmatterBytes {
		return nil, nil, &ParseError{Path: path, Line: 2, Err: fmt.Errorf("%w: frontmatter is %d bytes, the limit is %d", ErrYAML, len(front), MaxFrontmatterBytes)}
	}
	root, err := p.decode(front)
	if err != nil {
		return nil, nil, err
	}
	s := &Skill{Path: path, Body: string(body), BodyLine: bodyLine, HasFrontmatter: true}
	if err := p.fields(s, root); err != nil {
		return nil, nil, err
	}
	s.References = ExtractReferences(body, bodyLine, files)
	p.referenceDiagnostics(s.References, files)
	if why := MarkdownBudget(body); why != "" {
		p.diag(SeverityWarning, CodeMarkdownBudget, bodyLine, "the body is not parsed as markdown: "+why,
			"split the text into shorter paragraphs; references were found by a plain scan")
	}
	return s, p.diags, nil
}

// checkText refuses what is not UTF-8 text, with the 1-based line of the
// first offending byte. UTF-16 is named, since it is what Windows tools
// write when "Unicode" is chosen.
func checkText(data []byte) (int, error) {
	if bytes.HasPrefix(data, []byte{0xFF, 0xFE}) || bytes.HasPrefix(data, []byte{0xFE, 0xFF}) {
		return 1, fmt.Errorf("%w: the file is UTF-16 (it starts with a UTF-16 byte order mark); save it as UTF-8", ErrNotUTF8)
	}
	if i := bytes.IndexByte(data, 0); i >= 0 {
		return lineAt(data, i), fmt.Errorf("%w: NUL byte at offset %d; SKILL.md must be text", ErrBinary, i)
	}
	if !utf8.Valid(data) {
		i := 0
		for i < len(data) {
			r, size := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && size == 1 {
				break
			}
			i += size
		}
		return lineAt(data, i), fmt.Errorf("%w: invalid byte 0x%02X at offset %d", ErrNotUTF8, data[i], i)
	}
	return 0, nil
}

// lineAt is the 1-based line of offset i in data.
func lineAt(data []byte, i int) int {
	return bytes.Count(data[:i], []byte("\n")) + 1
}

// parser carries the diagnostics of one Parse call.
type parser struct {
	path  string
	diags []Diagnostic
}

func (p *parser) diag(sev Severity, code string, line int, msg, fix string) {
	p.diags = append(p.diags, Diagnostic{Severity: sev, Code: code, File: p.path, Line: line, Message: msg, Fix: fix})
}

// frontLine maps a 1-based line of the frontmatter to a line of the file:
// the frontmatter starts on line 2, after the opening ---.
func frontLine(l int) int {
	if l <= 0 {
		return 0
	}
	return l + 1
}

// decode parses the frontmatter into its top-level mapping node, repairing
// unquoted values when the YAML does not parse as written.
func (p *parser) decode(front []byte) (*yaml.Node, error) {
	doc, err := parseYAML(front)
	if err != nil {
		fixed, repairs := repairEntries(front)
		if fixed != nil {
			if d2, err2 := parseYAML(fixed); err2 == nil {
				doc, err = d2, nil
				for _, r := range repairs {
					p.diag(SeverityWarning, CodeYAMLRepaired, frontLine(r.line),
						fmt.Sprintf("the value of %q is not valid YAML (%s), so it was read as a quoted string", r.key, r.reason),
						"quote the value: "+r.fixed)
				}
			}
		}
	}
	if err != nil {
		line, msg := yamlErrorLine(err)
		if line == 0 {
			line = controlLine(front)
		}
		return nil, &ParseError{Path: p.path, Line: frontLine(line), Err: fmt.Errorf("%w: %s", ErrYAML, msg)}
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		// An empty frontmatter, or one holding only comments.
		return &yaml.Node{Kind: yaml.MappingNode}, nil
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		if root.Kind == yaml.ScalarNode && root.ShortTag() == "!!null" {
			return &yaml.Node{Kind: yaml.MappingNode}, nil
		}
		return nil, &ParseError{Path: p.path, Line: frontLine(root.Line),
			Err: fmt.Errorf("%w: the frontmatter is %s, but it must be a mapping of fields (name: ..., description: ...)", ErrYAML, kindName(root))}
	}
	if n := len(root.Content) / 2; n > MaxTopLevelKeys {
		return nil, &ParseError{Path: p.path, Line: 2, Err: fmt.Errorf("%w: %d top-level fields, the limit is %d", ErrYAML, n, MaxTopLevelKeys)}
	}
	return root, nil
}

// fields fills s from the top-level mapping.
func (p *parser) fields(s *Skill, root *yaml.Node) error {
	c := &converter{}
	top := make(map[string]*yaml.Node, len(root.Content)/2)
	s.FieldLines = make(map[string]int, len(root.Content)/2)
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		key := c.key(k, 1)
		if prev, dup := s.FieldLines[key]; dup {
			p.diag(SeverityWarning, CodeDuplicateKey, frontLine(k.Line),
				fmt.Sprintf("field %q is set twice (lines %d and %d); the last one is used", key, prev, frontLine(k.Line)),
				"remove one of the two "+key+": lines")
		}
		s.FieldLines[key] = frontLine(k.Line)
		top[key] = v
		if key == "name" || key == "description" {
			continue
		}
		if s.Metadata == nil {
			s.Metadata = make(map[string]any)
		}
		s.Metadata[key] = c.value(v, 1)
		if c.err != nil {
			return &ParseError{Path: p.path, Line: frontLine(k.Line), Err: fmt.Errorf("%w: field %q is too large to decode safely: %w", ErrYAML, key, c.err)}
		}
	}

	s.Name = p.text("name", top["name"])
	s.Description = p.text("description", top["description"])
	s.License = scalarOrName(top["license"])
	s.Compatibility = joinScalars(top["compatibility"])
	s.AllowedTools = toolList(top["allowed-tools"])
	if v := top["disable-model-invocation"]; v != nil {
		s.DisableModelInvocation, _ = p.boolField("disable-model-invocation", v, frontLine(v.Line), false)
	}
	s.UserInvocable = true
	if v := top["user-invocable"]; v != nil {
		s.UserInvocable, _ = p.boolField("user-invocable", v, frontLine(v.Line), true)
	}
	s.WhenToUse = joinScalars(top["when_to_use"])
	s.ArgumentHint = hintText(top["argument-hint"])

	// Catalog fields outside the spec are read loosely: files in the wild
	// write Version: and Author: as often as version: and author:.
	meta := top["metadata"]
	for _, v := range []*yaml.Node{foldGet(top, "tags"), foldGet(top, "keywords"), mapGet(meta, "tags"), mapGet(meta, "keywords")} {
		s.Tags = appendTags(s.Tags, v)
	}
	s.Version = scalarOrName(foldGet(top, "version"))
	if s.Version == "" {
		s.Version = scalarOrName(mapGet(meta, "version"))
	}
	s.Author = authorText(foldGet(top, "author"))
	if s.Author == "" {
		s.Author = authorText(mapGet(meta, "author"))
	}
	p.commentInValue(top["name"], "name")
	p.commentInValue(top["description"], "description")
	return nil
}

// foldGet returns top[key], or else the value of a key equal to it
// ignoring case.
func foldGet(top map[string]*yaml.Node, key string) *yaml.Node {
	if v, ok := top[key]; ok {
		return v
	}
	for k, v := range top {
		if strings.EqualFold(k, key) {
			return v
		}
	}
	return nil
}

// commentInValue warns when a plain name or description is cut short by a
// YAML comment: "description: Fixes issue #12" ends at "issue", since " #"
// starts a comment. Nothing fails, so without the warning the text is
// lost silently.
func (p *parser) commentInValue(v *yaml.Node, key string) {
	if v == nil || v.Kind != yaml.ScalarNode || v.Style != 0 || v.LineComment == "" {
		return
	}
	full := v.Value + " " + v.LineComment
	p.diag(SeverityWarning, CodeYAMLComment, frontLine(v.Line),
		fmt.Sprintf("%s ends before %q: in YAML, \" #\" starts a comment", key, v.LineComment),
		fmt.Sprintf("quote the value if the rest belongs to it: %s: %s", key, quoteYAML(full)))
}

// text reads name or description: a string, trimmed. The spec requires
// both to be strings; a number or boolean is kept as written (YAML turned
// "name: 2048" into a number, the author meant text) but reported, and a
// list or mapping is reported and dropped.
func (p *parser) text(key string, v *yaml.Node) string {
	if v == nil {
		return ""
	}
	line := frontLine(v.Line)
	if t, ok := scalarText(v); ok {
		switch tag := resolveAlias(v).ShortTag(); tag {
		case "!!int", "!!float", "!!bool":
			p.diag(SeverityError, typeCode(key), line,
				fmt.Sprintf("%s is %s (%s), not a string", key, kindName(v), t),
				fmt.Sprintf("quote it: %s: %s", key, quoteYAML(t)))
		}
		return strings.TrimSpace(t)
	}
	if n := resolveAlias(v); n != nil && n.Kind == yaml.ScalarNode {
		return "" // null: Validate reports it missing
	}
	fix := fmt.Sprintf("write %s as one string, e.g. %s: my-skill", key, key)
	if key == "description" {
		fix = "write the description as one string; for several lines use a folded block: description: > followed by indented lines"
	}
	p.diag(SeverityError, typeCode(key), line, fmt.Sprintf("%s is %s, not a string", key, kindName(v)), fix)
	return ""
}

func typeCode(key string) string {
	if key == "name" {
		return CodeNameType
	}
	return CodeDescriptionType
}

// scalarOrName is the text of a scalar, or of the name field of a mapping
// (license: {name: MIT}); "" otherwise.
func scalarOrName(v *yaml.Node) string {
	if t, ok := scalarText(v); ok {
		return strings.TrimSpace(t)
	}
	if t, ok := scalarText(mapGet(v, "name")); ok {
		return strings.TrimSpace(t)
	}
	return ""
}

// joinScalars is a scalar's text, or the scalars of a list joined by ", "
// (compatibility is sometimes written as a list of products).
func joinScalars(v *yaml.Node) string {
	if t, ok := scalarText(v); ok {
		return strings.TrimSpace(t)
	}
	v = resolveAlias(v)
	if v == nil || v.Kind != yaml.SequenceNode {
		return ""
	}
	var parts []string
	for _, item := range v.Content {
		if t, ok := scalarText(item); ok && strings.TrimSpace(t) != "" {
			parts = append(parts, strings.TrimSpace(t))
		}
	}
	return strings.Join(parts, ", ")
}

// authorText reads author as a string, a mapping with a name, or a list of
// either joined by ", ".
func authorText(v *yaml.Node) string {
	if t := scalarOrName(v); t != "" {
		return t
	}
	v = resolveAlias(v)
	if v == nil || v.Kind != yaml.SequenceNode {
		return ""
	}
	var names []string
	for _, item := range v.Content {
		if t := scalarOrName(item); t != "" {
			names = append(names, t)
		}
	}
	return strings.Join(names, ", ")
}

// toolList reads allowed-tools. The spec makes it a space-delimited string,
// but many files separate with commas, and Claude Code patterns contain
// spaces inside parentheses ("Bash(git add:*)"), so a string is split on
// spaces and commas outside parentheses. A list is taken item by item.
func toolList(v *yaml.Node) []string {
	if t, ok := scalarText(v); ok {
		return splitTools(t)
	}
	v = resolveAlias(v)
	if v == nil || v.Kind != yaml.SequenceNode {
		return nil
	}
	var out []string
	for _, item := range v.Content {
		if t, ok := scalarText(item); ok {
			if t = strings.TrimSpace(t); t != "" {
				out = append(out, t)
			}
		}
	}
	return out
}

func splitTools(s string) []string {
	var out []string
	depth, start := 0, -1
	flush := func(end int) {
		if start >= 0 {
			out = append(out, s[start:end])
			start = -1
		}
	}
	for i, r := range s {
		switch {
		case r == '(':
			depth++
		case r == ')' && depth > 0:
			depth--
		case depth == 0 && (r == ',' || r == ' ' || r == '\t' || r == '\n'):
			flush(i)
			continue
		}
		if start < 0 {
			start = i
		}
	}
	flush(len(s))
	return out
}

// appendTags adds the tags of v (a list, or a string separated by commas,
// or by spaces when it has no comma) to tags: lower-cased, a leading '#'
// dropped, duplicates skipped, order kept.
func appendTags(tags []string, v *yaml.Node) []string {
	var raw []string
	if t, ok := scalarText(v); ok {
		if strings.Contains(t, ",") {
			raw = strings.Split(t, ",")
		} else {
			raw = strings.Fields(t)
		}
	} else if v = resolveAlias(v); v != nil && v.Kind == yaml.SequenceNode {
		for _, item := range v.Content {
			if t, ok := scalarText(item); ok {
				raw = append(raw, t)
			}
		}
	}
	for _, t := range raw {
		t = strings.ToLower(strings.TrimPrefix(strings.TrimSpace(t), "#"))
		if t == "" {
			continue
		}
		dup := false
		for _, have := range tags {
			if have == t {
				dup = true
				break
			}
		}
		if !dup {
			tags = append(tags, t)
		}
	}
	return tags
}

// referenceDiagnostics reports references that will not resolve when an
// agent follows them.
func (p *parser) referenceDiagnostics(refs []Reference, files []string) {
	var byBase map[string][]string
	for _, r := range refs {
		switch r.Status {
		case RefCaseMismatch:
			p.diag(SeverityWarning, CodeReferenceCaseMismatch, r.Line,
				fmt.Sprintf("%s %q matches the file %q only when letter case is ignored; it breaks on case-sensitive file systems (Linux)", r.Kind, r.Target, r.Path),
				fmt.Sprintf("write it as %s, or rename the file", r.Path))
		case RefBroken:
			if byBase == nil {
				byBase = baseIndex(files)
			}
			fix := fmt.Sprintf("add %s to the skill folder, or fix the %s", r.Path, r.Kind)
			if alt := byBase[strings.ToLower(path.Base(r.Path))]; len(alt) > 0 {
				fix = fmt.Sprintf("did you mean %s? change the %s to it", strings.Join(alt, " or "), r.Kind)
			}
			p.diag(SeverityWarning, CodeReferenceBroken, r.Line,
				fmt.Sprintf("%s %q names no file in the skill folder", r.Kind, r.Target), fix)
		case RefOutside:
			p.diag(SeverityWarning, CodeReferenceOutside, r.Line,
				fmt.Sprintf("%s %q points outside the skill folder; it will be missing when the skill is installed on its own", r.Kind, r.Target),
				"copy the file into the skill folder (e.g. references/) and link it with a relative path")
		}
	}
}

// baseIndex maps lower-cased base names to the files that have them, at
// most three each, to suggest the file a broken link probably meant.
func baseIndex(files []string) map[string][]string {
	m := make(map[string][]string)
	for _, f := range files {
		f = cleanRel(f)
		if f == "" {
			continue
		}
		b := strings.ToLower(path.Base(f))
		if len(m[b]) < 3 {
			m[b] = append(m[b], f)
		}
	}
	for _, v := range m {
		sort.Strings(v)
	}
	return m
}
