package agentconfig

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"regexp"
	"strings"

	"github.com/pelletier/go-toml/v2"
	"github.com/skilldex/skilldex/internal/safefs"
	"github.com/tailscale/hujson"
)

// field is one key of the server entry init-agent writes, in the order
// it is written.
type field struct {
	key   string
	value any
}

// mergeJSON sets doc[key][skilldex] to the entry's fields, keeping every
// other key, server and comment: the file is JSON or JSON with comments
// and trailing commas (JSONC, as VS Code, Cursor and OpenCode accept),
// read and patched with tailscale/hujson. Keys the user added to an
// existing skilldex entry (env, timeouts) are kept; only the entry's own
// fields are replaced. A plain JSON file stays plain JSON (two-space
// indent); a file with comments keeps them and is laid out by hujson.
func mergeJSON(doc []byte, key string, entry []field) ([]byte, error) {
	if len(bytes.TrimSpace(doc)) == 0 {
		doc = []byte("{}")
	}
	plain := json.Valid(doc)
	v, err := hujson.Parse(bytes.Clone(doc)) // Format edits the text in place
	if err != nil {
		return nil, fmt.Errorf("not JSON (%w); add the %q entry under %q by hand:\n%s", err, ServerName, key, entryJSON(entry))
	}
	if _, ok := v.Value.(*hujson.Object); !ok {
		return nil, fmt.Errorf("want a JSON object at the top, got %c", v.Value.Kind())
	}
	var ops []map[string]any
	ptr := "/" + key
	switch f := v.Find(ptr); {
	case f == nil:
		ops = append(ops, map[string]any{"op": "add", "path": ptr, "value": map[string]any{}})
	case f.Value.Kind() == 'n':
		ops = append(ops, map[string]any{"op": "replace", "path": ptr, "value": map[string]any{}})
	case f.Value.Kind() != '{':
		return nil, fmt.Errorf("%q is not an object", key)
	}
	ptr += "/" + ServerName
	if f := v.Find(ptr); f == nil || f.Value.Kind() != '{' {
		ops = append(ops, map[string]any{"op": "add", "path": ptr, "value": map[string]any{}})
	}
	for _, f := range entry {
		ops = append(ops, map[string]any{"op": "add", "path": ptr + "/" + f.key, "value": f.value})
	}
	patch, err := json.Marshal(ops)
	if err != nil {
		return nil, err
	}
	if err := v.Patch(patch); err != nil {
		return nil, err
	}
	if plain {
		v.Standardize()
		var out bytes.Buffer
		if err := json.Indent(&out, bytes.TrimSpace(v.Pack()), "", "  "); err != nil {
			return nil, err
		}
		out.WriteByte('\n')
		return out.Bytes(), nil
	}
	v.Format()
	return append(bytes.TrimSpace(v.Pack()), '\n'), nil
}

// entryJSON is the entry as a JSON object, for messages.
func entryJSON(entry []field) []byte {
	var b bytes.Buffer
	b.WriteString("{")
	for i, f := range entry {
		if i > 0 {
			b.WriteString(", ")
		}
		k, _ := json.Marshal(f.key)
		v, _ := json.Marshal(f.value)
		b.Write(k)
		b.WriteString(": ")
		b.Write(v)
	}
	b.WriteString("}")
	return b.Bytes()
}

// tomlHeader matches a table header line: [a.b], [ "a" . 'b' ], and
// arrays of tables [[a.b]].
var tomlHeader = regexp.MustCompile(`^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$`)

// tomlKey normalises a header's dotted key: quotes and spaces around the
// dots dropped.
func tomlKey(h string) string {
	parts := strings.Split(h, ".")
	for i, p := range parts {
		parts[i] = strings.Trim(strings.TrimSpace(p), `"'`)
	}
	return strings.Join(parts, ".")
}

// mergeTOML sets the [key.skilldex] table to e in doc, editing the text so
// comments, order and every other table stay as they were: the old table
// and its subtables are replaced in place (keys of it other than
// command, args and type, such as env or startup_timeout_sec, are kept),
// or the new table is appended. The result is parsed back as a check.
func mergeTOML(doc []byte, key string, e ServerEntry) ([]byte, error) {
	var parsed map[string]any
	if err := toml.Unmarshal(doc, &parsed); err != nil {
		return nil, fmt.Errorf("not valid TOML (%w); add the [%s.%s] table by hand", err, key, ServerName)
	}
	table := map[string]any{}
	if servers, ok := parsed[key].(map[string]any); ok {
		if old, ok := servers[ServerName].(map[string]any); ok {
			table = old
		}
	}
	table["command"], table["args"] = e.Command, e.Args
	delete(table, "type")
	body, err := toml.Marshal(map[string]any{key: map[string]any{ServerName: table}})
	if err != nil {
		return nil, err
	}
	// go-toml writes the parent's empty [key] header first; the file may
	// have its own, and a table may be defined only once.
	section := strings.TrimPrefix(string(body), "["+key+"]\n")
	name := key + "." + ServerName
	lines := strings.SplitAfter(string(doc), "\n")
	var out strings.Builder
	placed := false
	for i := 0; i < len(lines); i++ {
		m := tomlHeader.FindStringSubmatch(strings.TrimRight(lines[i], "\r\n"))
		if m == nil || (tomlKey(m[1]) != name && !strings.HasPrefix(tomlKey(m[1]), name+".")) {
			out.WriteString(lines[i])
			continue
		}
		// Skip the old table and its subtables up to the next other header,
		// but keep the blank lines and comments just above that header:
		// they belong to it.
		start := i
		for i+1 < len(lines) {
			n := tomlHeader.FindStringSubmatch(strings.TrimRight(lines[i+1], "\r\n"))
			if n != nil && tomlKey(n[1]) != name && !strings.HasPrefix(tomlKey(n[1]), name+".") {
				break
			}
			i++
		}
		for i > start && (strings.TrimSpace(lines[i]) == "" || strings.HasPrefix(strings.TrimSpace(lines[i]), "#")) {
			i--
		}
		if !placed {
			out.WriteString(section)
			if i+1 < len(lines) && strings.TrimSpace(lines[i+1]) != "" {
				out.WriteString("\n")
			}
			placed = true
		}
	}
	if !placed {
		s := out.String()
		if s != "" && !strings.HasSuffix(s, "\n") {
			out.WriteString("\n")
		}
		if s != "" && !strings.HasSuffix(s, "\n\n") {
			out.WriteString("\n")
		}
		out.WriteString(section)
	}
	result := []byte(out.String())
	var check map[string]any
	if err := toml.Unmarshal(result, &check); err != nil {
		return nil, fmt.Errorf("merging would break the file (%w); add the [%s] table by hand:\n%s", err, name, section)
	}
	if s, _ := check[key].(map[string]any); s == nil || s[ServerName] == nil {
		return nil, fmt.Errorf("merge check failed: no [%s] table in the result", name)
	}
	return result, nil
}

// maxConfigBytes bounds an agent's config file WriteEntry reads.
const maxConfigBytes = 16 << 20

// WriteEntry merges entry into the config file at path in t's format
// (Merge) and replaces the file atomically when that changes it, copying
// the previous file to path+".bak" first. Neither is written through a
// link (safefs.WritePath), so a planted .mcp.json.bak -> ~/.bashrc is
// refused by name. It returns the file as written
// (or as it already was), whether it changed, and the backup's path (""
// when there was no previous file or nothing changed).
func WriteEntry(t Target, path string, entry ServerEntry) (doc []byte, changed bool, backup string, err error) {
	old, err := safefs.ReadPath(path, maxConfigBytes)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, false, "", err
	}
	if doc, err = Merge(t, old, entry); err != nil {
		return nil, false, "", fmt.Errorf("%s: %w", path, err)
	}
	if bytes.Equal(doc, old) {
		return doc, false, "", nil
	}
	if old != nil {
		backup = path + ".bak"
		if err := safefs.WritePath(backup, old, 0o644); err != nil {
			return nil, false, "", fmt.Errorf("backup: %w", err)
		}
	}
	return doc, true, backup, safefs.WritePath(path, doc, 0o644)
}
