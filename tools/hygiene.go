package tools

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Protocol hygiene: answers the go-sdk would give in a
// way clients cannot act on, given here in one place as receiving
// middleware.

// resourceNotFound is the error of resources/read and resources/subscribe
// for a URI that names no served file: -32602 (Invalid params) with the
// URI in data, as SEP-2164 (protocol revision 2026-07-28) asks. Unlike
// mcp.ResourceNotFoundError it encodes the URI with encoding/json (any
// string is valid JSON that way) and never falls back to -32002
// (MCPGODEBUG=customresnotfounderrcode=1).
func resourceNotFound(uri string) error {
	data, _ := json.Marshal(struct {
		URI string `json:"uri"`
	}{uri}) // a struct of one string always encodes
	return &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "Resource not found", Data: data}
}

// invalidResource is -32602 for a URI that cannot name a skill file (a
// path leaving the skill folder, a binary or over-large file, a bad
// escape), with the URI and the reason in data.
func invalidResource(uri string, why error) error {
	data, _ := json.Marshal(struct {
		URI    string `json:"uri"`
		Reason string `json:"reason"`
	}{uri, why.Error()})
	return &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "Invalid resource URI: " + why.Error(), Data: data}
}

// resourceErrors makes every "resource not found" answer of
// resources/read, resources/subscribe and resources/unsubscribe -32602
// with the URI in data, whoever produced it: the SDK itself answers a URI
// no resource or template matches (test://x) with mcp.ResourceNotFoundError,
// whose code an environment variable can turn into -32002.
func resourceErrors(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		res, err := next(ctx, method, req)
		var je *jsonrpc.Error
		if err == nil || !errors.As(err, &je) || je.Message != "Resource not found" {
			return res, err
		}
		switch p := req.GetParams().(type) {
		case *mcp.ReadResourceParams:
			return res, resourceNotFound(p.URI)
		case *mcp.SubscribeParams:
			return res, resourceNotFound(p.URI)
		case *mcp.UnsubscribeParams:
			return res, resourceNotFound(p.URI)
		}
		return res, err
	}
}

// noPrompts answers prompts/list and prompts/get with "method not found":
// skilldex registers no prompts and so declares no prompts capability
// (the go-sdk infers it from registered prompts), yet the SDK would still
// answer prompts/list with an empty list, which a client that checks the
// capability cannot make sense of. (The SDK's JSON-RPC layer rewrites the
// message of every -32601 to `method not found: "prompts/list"`.)
func noPrompts(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if method == "prompts/list" || method == "prompts/get" {
			return nil, &jsonrpc.Error{Code: jsonrpc.CodeMethodNotFound,
				Message: "Method not found: " + method + " (this server offers no prompts and does not declare the prompts capability)"}
		}
		return next(ctx, method, req)
	}
}

// argTypes describes the arguments of a typed tool: the JSON type of
// each (string, integer, number, boolean, array or object), in the order
// of the input struct's fields, and which are required (a field without
// omitempty, as the SDK's schema inference has it).
type argTypes struct {
	names    []string
	types    map[string]string
	required map[string]bool
}

// argTypesOf reads the JSON names and types of the fields of the struct
// in (a tool's input type).
func argTypesOf(in any) argTypes {
	out := argTypes{types: map[string]string{}, required: map[string]bool{}}
	t := reflect.TypeOf(in)
	for i := range t.NumField() {
		f := t.Field(i)
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" || name == "-" {
			continue
		}
		typ := ""
		switch f.Type.Kind() {
		case reflect.String:
			typ = "string"
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			typ = "integer"
		case reflect.Float32, reflect.Float64:
			typ = "number"
		case reflect.Bool:
			typ = "boolean"
		case reflect.Slice, reflect.Array:
			typ = "array"
		case reflect.Map, reflect.Struct:
			typ = "object"
		default:
			continue
		}
		out.names = append(out.names, name)
		out.types[name] = typ
		out.required[name] = !strings.Contains(opts, "omitempty")
	}
	return out
}

// article is "a" or "an" before a JSON type name.
func article(typ string) string {
	if strings.IndexByte("aeiou", typ[0]) >= 0 {
		return "an " + typ
	}
	return "a " + typ
}

// jsonKind names the JSON type of a raw value: null, boolean, string,
// array, object, integer or number.
func jsonKind(v json.RawMessage) string {
	v = bytes.TrimSpace(v)
	if len(v) == 0 {
		return "nothing"
	}
	switch v[0] {
	case 'n':
		return "null"
	case 't', 'f':
		return "boolean"
	case '"':
		return "string"
	case '[':
		return "array"
	case '{':
		return "object"
	}
	var f float64
	if json.Unmarshal(v, &f) == nil && f == float64(int64(f)) && !bytes.ContainsAny(v, ".eE") {
		return "integer"
	}
	return "number"
}

// fits reports whether a value of JSON kind got is accepted where want is
// declared.
func fits(want, got string) bool {
	return want == got || (want == "number" && got == "integer")
}

// checkArgs returns what is wrong with raw as the arguments of a tool
// taking spec: each argument of the wrong JSON type ("NAME must be TYPE,
// got VALUE (KIND)"), each unknown one and each missing required one,
// joined by "; "; "" when nothing is.
func checkArgs(raw json.RawMessage, spec argTypes) string {
	args := map[string]json.RawMessage{}
	if t := bytes.TrimSpace(raw); len(t) > 0 && string(t) != "null" {
		if err := json.Unmarshal(raw, &args); err != nil {
			return "the arguments must be a JSON object, got " + article(jsonKind(raw))
		}
	}
	names := make([]string, 0, len(args))
	for name := range args {
		names = append(names, name)
	}
	sort.Strings(names)
	var probs []string
	for _, name := range names {
		want, ok := spec.types[name]
		if !ok {
			probs = append(probs, fmt.Sprintf("unknown argument %q (the arguments are %s)", name, strings.Join(spec.names, ", ")))
			continue
		}
		if got := jsonKind(args[name]); !fits(want, got) {
			val := string(bytes.TrimSpace(args[name]))
			if len(val) > 40 {
				val = val[:37] + "..."
			}
			if got != "null" {
				val += " (" + got + ")"
			}
			probs = append(probs, fmt.Sprintf("%s must be %s, got %s", name, article(want), val))
		}
	}
	for _, name := range spec.names {
		if _, ok := args[name]; !ok && spec.required[name] {
			probs = append(probs, fmt.Sprintf("%s is required (%s)", name, article(spec.types[name])))
		}
	}
	return strings.Join(probs, "; ")
}

// argumentTypes answers a tools/call of one of the typed tools in tools
// whose arguments break their schema with an isError result naming each
// argument, the type it must have and what it got ("limit must be an
// integer, got \"abc\" (string)"), each unknown and each missing one,
// instead of the SDK's schema messages ("validating /properties/limit:
// type: <invalid reflect.Value> has type \"null\"").
func argumentTypes(tools map[string]argTypes) mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method != "tools/call" {
				return next(ctx, method, req)
			}
			p, ok := req.GetParams().(*mcp.CallToolParamsRaw)
			if !ok {
				return next(ctx, method, req)
			}
			types, ok := tools[p.Name]
			if !ok {
				return next(ctx, method, req)
			}
			if msg := checkArgs(p.Arguments, types); msg != "" {
				return errorResult("invalid arguments for " + p.Name + ": " + msg), nil
			}
			return next(ctx, method, req)
		}
	}
}
