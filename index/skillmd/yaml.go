package skillmd

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// parseYAML parses one YAML document into a node tree. It never expands
// aliases (a yaml.Node keeps them as AliasNode), so the cost is linear in
// the input; expansion is bounded later by converter. yaml.v3 has panicked
// on hostile input in the past, so a panic is turned into an error.
func parseYAML(src []byte) (n *yaml.Node, err error) {
	defer func() {
		if r := recover(); r != nil {
			n, err = nil, fmt.Errorf("yaml: parser panic: %v", r)
		}
	}()
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		return nil, err
	}
	return &doc, nil
}

var yamlLineRE = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// yamlErrorLine splits a yaml.v3 error into the 1-based line of the YAML
// source it names (0 when it names none) and the message without the
// "yaml: line N:" prefix.
func yamlErrorLine(err error) (int, string) {
	msg := err.Error()
	var te *yaml.TypeError
	if errors.As(err, &te) && len(te.Errors) > 0 {
		msg = te.Errors[0]
	}
	if m := yamlLineRE.FindStringSubmatch(msg); m != nil {
		n, _ := strconv.Atoi(m[1])
		return n, m[2]
	}
	return 0, strings.TrimPrefix(msg, "yaml: ")
}

// repair records one top-level entry that Parse rewrote as a quoted string.
type repair struct {
	line   int    // 1-based line within the frontmatter
	key    string // the field name
	reason string // the YAML error the entry gave alone
	fixed  string // the line that replaced it
}

// entryKeyRE matches a top-level "key: value" line whose key is a plain
// word and whose value is on the same line: the only shape repairEntries
// rewrites.
var entryKeyRE = regexp.MustCompile(`^([A-Za-z0-9_][A-Za-z0-9_./-]*(?: +[A-Za-z0-9_./-]+)*)[ \t]*:[ \t]+(\S.*)$`)

// repairEntries works around the commonest breakage of hand-written
// frontmatter: an unquoted value that YAML cannot read as a plain scalar,
// such as "description: Use when: you need X" (": " starts a nested
// mapping), a value starting with ` or @, a quoted string followed by more
// text, or a control character. Each top-level entry (a key line plus its
// indented continuation lines) is parsed alone; one that fails alone and has
// its value on the key line is rewritten as a double-quoted string holding
// the text a human meant, continuation lines folded with spaces. Lines
// keep their numbers (continuation lines become blank) so later error lines
// still point into the original file. It returns nil when nothing could be
// rewritten.
func repairEntries(front []byte) ([]byte, []repair) {
	lines := strings.Split(string(front), "\n")
	var repairs []repair
	for i := 0; i < len(lines); {
		end := i + 1
		if isTopLevel(lines[i]) {
			for end < len(lines) && !isTopLevel(lines[end]) {
				end++
			}
		}
		m := entryKeyRE.FindStringSubmatch(lines[i])
		if m == nil || !isTopLevel(lines[i]) {
			i = end
			continue
		}
		// Trailing blank lines belong to no entry.
		last := end
		for last > i+1 && strings.TrimSpace(lines[last-1]) == "" {
			last--
		}
		entry := strings.Join(lines[i:last], "\n")
		_, err := parseYAML([]byte(entry))
		if err == nil || strings.Contains(err.Error(), "unknown anchor") || !rewritable(m[2], lines[i+1:last]) {
			i = end
			continue
		}
		parts := []string{m[2]}
		for _, l := range lines[i+1 : last] {
			parts = append(parts, strings.TrimSpace(l))
		}
		value := foldLines(parts)
		value = unquoteLoosely(value)
		fixed := m[1] + ": " + quoteYAML(value)
		_, reason := yamlErrorLine(err)
		repairs = append(repairs, repair{line: i + 1, key: m[1], reason: reason, fixed: fixed})
		lines[i] = fixed
		for j := i + 1; j < last; j++ {
			lines[j] = ""
		}
		i = end
	}
	if len(repairs) == 0 {
		return nil, nil
	}
	return []byte(strings.Join(lines, "\n")), repairs
}

// isTopLevel reports whether a frontmatter line starts a new top-level
// entry: not blank and not indented. A top-level comment also ends the
// previous entry, as it does in YAML.
func isTopLevel(line string) bool {
	return line != "" && line[0] != ' ' && line[0] != '\t' && strings.TrimSpace(line) != ""
}

// rewritable reports whether an entry that failed to parse is prose that
// quoting fixes, given the value on its key line and its continuation
// lines. Not rewritable: block scalars (| and >), whose text is on the
// following lines; a flow collection ([ or {) or a quoted string that is
// never closed, a real syntax error rather than text; and continuation
// lines indented with tabs, which YAML forbids and which more likely
// belong to a mis-indented field than to this value.
func rewritable(value string, cont []string) bool {
	for _, l := range cont {
		if strings.HasPrefix(l, "\t") {
			return false
		}
	}
	switch value[0] {
	case '|', '>':
		return false
	case '[', '{':
		// Prose such as "[WIP] does X: Y" closes its bracket and goes on.
		end := closingBracket(value)
		return end > 0 && strings.TrimSpace(value[end+1:]) != ""
	case '"', '\'':
		text := strings.TrimSpace(strings.Join(append([]string{value}, cont...), " "))
		return len(text) > 1 && strings.IndexByte(text[1:], value[0]) >= 0
	}
	return true
}

// closingBracket returns the index of the bracket that closes the one s
// starts with, or -1.
func closingBracket(s string) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '[', '{':
			depth++
		case ']', '}':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// foldLines joins the lines of a multi-line plain scalar the way YAML folds
// them: one space between non-empty lines, a newline for each blank line.
func foldLines(parts []string) string {
	var b strings.Builder
	pendingNL := 0
	for k, p := range parts {
		if p == "" {
			pendingNL++
			continue
		}
		if k > 0 && b.Len() > 0 {
			if pendingNL > 0 {
				b.WriteString(strings.Repeat("\n", pendingNL))
			} else {
				b.WriteByte(' ')
			}
		}
		pendingNL = 0
		b.WriteString(p)
	}
	return b.String()
}

// unquoteLoosely drops one pair of matching outer quotes, keeping what is
// inside verbatim: a quoted value that failed to parse (a stray inner quote,
// an unknown escape like \d) is best read as the text between the quotes.
func unquoteLoosely(s string) string {
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1]
	}
	return s
}

// quoteYAML returns s as a YAML double-quoted scalar. Everything YAML would
// not accept raw in a double-quoted scalar (control characters, the
// non-printable code points, the Unicode line separators) is escaped, so
// the result always parses back to s.
func quoteYAML(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == utf8.RuneError:
			b.WriteString(`\uFFFD`)
		case yamlPrintable(r) && r != 0x85 && r != 0x2028 && r != 0x2029 && r != 0xFEFF:
			b.WriteRune(r)
		case r <= 0xFF:
			fmt.Fprintf(&b, `\x%02X`, r)
		case r <= 0xFFFF:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			fmt.Fprintf(&b, `\U%08X`, r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// yamlPrintable is the YAML 1.2 c-printable set (section 5.1) minus tab and
// line breaks, which quoteYAML escapes itself.
func yamlPrintable(r rune) bool {
	switch {
	case r >= 0x20 && r <= 0x7E:
		return true
	case r == 0x85:
		return true
	case r >= 0xA0 && r <= 0xD7FF:
		return true
	case r >= 0xE000 && r <= 0xFFFD:
		return true
	case r >= 0x10000 && r <= 0x10FFFF:
		return true
	}
	return false
}

// errBudget is returned by converter when the frontmatter would decode to
// more than MaxYAMLNodes values or nest deeper than MaxYAMLDepth.
var errBudget = errors.New("budget exceeded")

// converter turns yaml.Node trees into plain Go values (map[string]any,
// []any, string, int, uint64, float64, bool, nil) under a budget. Aliases
// are expanded, each expansion counting against the budget and adding a
// level of depth, so alias bombs and self-referencing anchors (&a [*a])
// stop at the limit instead of exhausting memory or recursing forever.
type converter struct {
	nodes int
	err   error
}

func (c *converter) value(n *yaml.Node, depth int) any {
	if c.err != nil || n == nil {
		return nil
	}
	if !c.spend(depth) {
		return nil
	}
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil
		}
		return c.value(n.Content[0], depth)
	case yaml.AliasNode:
		return c.value(n.Alias, depth+1)
	case yaml.SequenceNode:
		out := make([]any, 0, len(n.Content))
		for _, item := range n.Content {
			out = append(out, c.value(item, depth+1))
		}
		return out
	case yaml.MappingNode:
		out := make(map[string]any, len(n.Content)/2)
		c.mapping(n, out, depth)
		return out
	case yaml.ScalarNode:
		return scalarValue(n)
	}
	return nil
}

// spend counts one value at the given depth against the budget, and
// reports whether the budget still holds.
func (c *converter) spend(depth int) bool {
	if c.err != nil {
		return false
	}
	c.nodes++
	switch {
	case c.nodes > MaxYAMLNodes:
		c.err = fmt.Errorf("%w: more than %d values after alias expansion", errBudget, MaxYAMLNodes)
	case depth > MaxYAMLDepth:
		c.err = fmt.Errorf("%w: nested deeper than %d levels", errBudget, MaxYAMLDepth)
	}
	return c.err == nil
}

// mapping fills out with the pairs of n. Merge keys (<<: *base) fill in
// only the keys n does not set itself, as YAML's merge type specifies. A
// merge is a level of depth, so a mapping merging itself stops at the
// depth limit.
func (c *converter) mapping(n *yaml.Node, out map[string]any, depth int) {
	if !c.spend(depth) {
		return
	}
	var merges []*yaml.Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind == yaml.ScalarNode && k.ShortTag() == "!!merge" {
			merges = append(merges, v)
			continue
		}
		out[c.key(k, depth)] = c.value(v, depth+1)
	}
	for _, m := range merges {
		for _, src := range mergeSources(m) {
			tmp := make(map[string]any)
			c.mapping(src, tmp, depth+1)
			for k, v := range tmp {
				if _, ok := out[k]; !ok {
					out[k] = v
				}
			}
		}
	}
}

// mergeSources lists the mappings a merge key's value names: one mapping,
// an alias of one, or a sequence of those.
func mergeSources(v *yaml.Node) []*yaml.Node {
	v = resolveAlias(v)
	switch {
	case v == nil:
		return nil
	case v.Kind == yaml.MappingNode:
		return []*yaml.Node{v}
	case v.Kind == yaml.SequenceNode:
		var out []*yaml.Node
		for _, item := range v.Content {
			if item = resolveAlias(item); item != nil && item.Kind == yaml.MappingNode {
				out = append(out, item)
			}
		}
		return out
	}
	return nil
}

// key turns a mapping key into a string: a scalar key is its text as
// written (so 1.0 stays "1.0"), any other key its formatted value.
func (c *converter) key(k *yaml.Node, depth int) string {
	if r := resolveAlias(k); r != nil && r.Kind == yaml.ScalarNode {
		c.nodes++
		return r.Value
	}
	return fmt.Sprint(c.value(k, depth+1))
}

// resolveAlias follows alias nodes to the node they name, giving up after
// a few hops (an alias of an alias is legal; a cycle is not).
func resolveAlias(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode; i++ {
		if i > 8 {
			return nil
		}
		n = n.Alias
	}
	return n
}

// scalarValue resolves a scalar by its (possibly implicit) YAML tag. Values
// JSON cannot carry (.inf, .nan) and timestamps, binaries and custom tags
// stay as their text, so Metadata always encodes to JSON.
func scalarValue(n *yaml.Node) any {
	switch n.ShortTag() {
	case "!!null":
		return nil
	case "!!bool":
		switch strings.ToLower(n.Value) {
		case "true":
			return true
		case "false":
			return false
		}
	case "!!int":
		plain := strings.ReplaceAll(n.Value, "_", "")
		if strings.HasPrefix(plain, "0o") || strings.HasPrefix(plain, "0O") {
			plain = "0o" + plain[2:]
		}
		if i, err := strconv.ParseInt(plain, 0, 64); err == nil {
			return int(i)
		}
		if u, err := strconv.ParseUint(plain, 0, 64); err == nil {
			return u
		}
	case "!!float":
		plain := strings.ReplaceAll(n.Value, "_", "")
		if f, err := strconv.ParseFloat(plain, 64); err == nil && !math.IsInf(f, 0) && !math.IsNaN(f) {
			return f
		}
	}
	return n.Value
}

// scalarText is the text of a scalar node (following aliases), and false
// for a collection or a null.
func scalarText(n *yaml.Node) (string, bool) {
	n = resolveAlias(n)
	if n == nil || n.Kind != yaml.ScalarNode || n.ShortTag() == "!!null" {
		return "", false
	}
	return n.Value, true
}

// mapGet returns the value node of key in mapping m (the last one when the
// key is repeated, as most YAML loaders do), or nil.
func mapGet(m *yaml.Node, key string) *yaml.Node {
	m = resolveAlias(m)
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	var v *yaml.Node
	for i := 0; i+1 < len(m.Content); i += 2 {
		if k := m.Content[i]; k.Kind == yaml.ScalarNode && k.Value == key {
			v = m.Content[i+1]
		}
	}
	return v
}

// kindName names a node's kind for messages.
func kindName(n *yaml.Node) string {
	n = resolveAlias(n)
	if n == nil {
		return "nothing"
	}
	switch n.Kind {
	case yaml.SequenceNode:
		return "a list"
	case yaml.MappingNode:
		return "a mapping"
	case yaml.ScalarNode:
		switch n.ShortTag() {
		case "!!int", "!!float":
			return "a number"
		case "!!bool":
			return "a boolean"
		case "!!null":
			return "null"
		}
		return "a string"
	}
	return "an alias"
}

// controlLine returns the 1-based line of the first control character in b
// (yaml.v3 rejects them without saying where), or 0 when there is none.
func controlLine(b []byte) int {
	line := 1
	for _, c := range b {
		if c == '\n' {
			line++
			continue
		}
		if c < 0x20 && c != '\t' && c != '\r' {
			return line
		}
	}
	return 0
}
