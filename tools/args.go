package tools

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/skilldex/skilldex/tools/sandbox"
)

// args is the arguments object of a tools/call, decoded for the profiles
// whose tools take raw arguments (so their error texts are the seeds', not
// the SDK's schema-validation messages). keys keeps the order of the call.
type args struct {
	keys []string
	vals map[string]json.RawMessage
}

// parseArgs decodes raw (absent or null: no arguments) into args. Errors:
// the arguments are not a JSON object.
func parseArgs(raw json.RawMessage) (*args, error) {
	a := &args{vals: map[string]json.RawMessage{}}
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return a, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	tok, err := dec.Token()
	if err != nil || tok != json.Delim('{') {
		return nil, fmt.Errorf("the arguments must be a JSON object")
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("the arguments are not valid JSON: %v", err)
		}
		key := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, fmt.Errorf("the arguments are not valid JSON: %v", err)
		}
		if _, dup := a.vals[key]; !dup {
			a.keys = append(a.keys, key)
		}
		a.vals[key] = v
	}
	return a, nil
}

// str returns the string argument key. present is false when it is absent
// or null; err is set when it is another JSON type.
func (a *args) str(key string) (val string, present bool, err error) {
	v, ok := a.vals[key]
	if !ok || string(v) == "null" {
		return "", false, nil
	}
	if err := json.Unmarshal(v, &val); err != nil {
		return "", true, fmt.Errorf("%q must be a string", key)
	}
	return val, true, nil
}

// unknown returns the argument names outside allowed, in call order.
func (a *args) unknown(allowed ...string) []string {
	var out []string
	for _, k := range a.keys {
		ok := false
		for _, al := range allowed {
			if k == al {
				ok = true
				break
			}
		}
		if !ok {
			out = append(out, k)
		}
	}
	return out
}

// scriptArgs decodes a script_args / args object into sandbox arguments in
// the caller's key order (seed agent-zero execute_script: "script_args:
// dictionary of arguments passed to script", whose order is the
// positional order). It reads JSON tokens, never a Go map, so the order
// survives. Values: a string as is; a number as written; true/false;
// null as ""; an array or object as its compact JSON text. A key given
// twice keeps its first position and its last value. Absent or null raw
// means no arguments. Errors: raw is not a JSON object.
func scriptArgs(raw json.RawMessage) ([]sandbox.Arg, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil || tok != json.Delim('{') {
		return nil, fmt.Errorf("script arguments must be a JSON object such as {\"input\": \"a.pdf\"}")
	}
	var out []sandbox.Arg
	pos := map[string]int{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("script arguments are not valid JSON: %v", err)
		}
		key := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, fmt.Errorf("script arguments are not valid JSON: %v", err)
		}
		val, err := argValue(v)
		if err != nil {
			return nil, fmt.Errorf("script argument %q: %v", key, err)
		}
		if i, dup := pos[key]; dup {
			out[i].Value = val
			continue
		}
		pos[key] = len(out)
		out = append(out, sandbox.Arg{Key: key, Value: val})
	}
	if _, err := dec.Token(); err != nil && err != io.EOF {
		return nil, fmt.Errorf("script arguments are not valid JSON: %v", err)
	}
	return out, nil
}

// argValue renders one JSON value as the string a script receives.
func argValue(v json.RawMessage) (string, error) {
	switch {
	case len(v) == 0:
		return "", nil
	case v[0] == '"':
		var s string
		err := json.Unmarshal(v, &s)
		return s, err
	case string(v) == "null":
		return "", nil
	case v[0] == '{' || v[0] == '[':
		var b bytes.Buffer
		if err := json.Compact(&b, v); err != nil {
			return "", err
		}
		return b.String(), nil
	default: // number, true, false: as written
		return string(v), nil
	}
}

// field is one key and value of a pyJSON object.
type field struct {
	key string
	val any // string or []string
}

// pyJSON renders an object the way Python's json.dumps does by default,
// which is how the list-get seeds show their tool results
// ({"skills": ["calculator", "weather", "web_search"]}): keys in the given
// order, ": " after keys and ", " between items. Unlike json.dumps'
// default (ensure_ascii) non-ASCII text stays UTF-8, and <, >, & are not
// escaped (see PROFILES.md).
func pyJSON(fields ...field) string {
	var b strings.Builder
	b.WriteByte('{')
	for i, f := range fields {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(pyString(f.key))
		b.WriteString(": ")
		switch v := f.val.(type) {
		case string:
			b.WriteString(pyString(v))
		case []string:
			b.WriteByte('[')
			for j, s := range v {
				if j > 0 {
					b.WriteString(", ")
				}
				b.WriteString(pyString(s))
			}
			b.WriteByte(']')
		default:
			panic(fmt.Sprintf("pyJSON: unsupported value %T", v))
		}
	}
	b.WriteByte('}')
	return b.String()
}

// pyString is a JSON string literal without HTML escaping.
func pyString(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return strings.TrimSuffix(b.String(), "\n")
}
