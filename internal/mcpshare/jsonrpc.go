package mcpshare

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"unicode/utf8"
)

// JSON-RPC 2.0 error codes (https://www.jsonrpc.org/specification#error_object).
const (
	// CodeParseError: the line is not JSON (or not UTF-8, RFC 8259 §8.1).
	CodeParseError = -32700
	// CodeInvalidRequest: JSON, but not a JSON-RPC 2.0 request,
	// notification or response.
	CodeInvalidRequest = -32600
	// CodeInternalError: the front could not reach the shared server.
	CodeInternalError = -32603
)

// kind is what a client line is.
type kind int

const (
	kindRequest      kind = iota // method and id: answered
	kindNotification             // method, no id: not answered
	kindResponse                 // id and result or error: the client answering a server request
)

// message is one validated client line: what the front needs to route it.
type message struct {
	kind   kind
	id     json.RawMessage // exactly as the client wrote it (compacted); nil for notifications
	method string
	params json.RawMessage
	raw    []byte // the line itself, for responses and notifications passed on as they are
}

// rpcError is a line the front answers itself.
type rpcError struct {
	id   json.RawMessage // "null" when the request's id could not be read
	code int
	msg  string
}

func (e *rpcError) Error() string { return e.msg }

// line renders the error response, echoing the id byte for byte.
func (e *rpcError) line() []byte {
	msg, _ := json.Marshal(e.msg)
	return fmt.Appendf(nil, `{"jsonrpc":"2.0","id":%s,"error":{"code":%d,"message":%s}}`, e.id, e.code, msg)
}

var null = json.RawMessage("null")

// parse validates one line from the client. Errors are *rpcError: a parse
// error (-32700) for anything that is not UTF-8 JSON, an invalid request
// (-32600) for JSON that is not a single JSON-RPC 2.0 message (batches
// included: MCP 2025-06-18 removed them, and one message per line is what
// every client sends). Ids must be strings or numbers (MCP: "MUST be a
// string or integer", never null); they are kept as written, so a 30-digit
// id comes back as those 30 digits.
func parse(line []byte) (*message, error) {
	if !utf8.Valid(line) {
		return nil, &rpcError{id: null, code: CodeParseError, msg: "parse error: the line is not valid UTF-8"}
	}
	if !json.Valid(line) {
		return nil, &rpcError{id: null, code: CodeParseError, msg: "parse error: the line is not one JSON value"}
	}
	switch trimmed := bytes.TrimLeft(line, " \t\r"); trimmed[0] {
	case '{':
	case '[':
		return nil, &rpcError{id: null, code: CodeInvalidRequest, msg: "invalid request: JSON-RPC batches are not supported (MCP 2025-06-18 removed them); send one message per line"}
	default:
		return nil, &rpcError{id: null, code: CodeInvalidRequest, msg: "invalid request: a JSON-RPC message is a JSON object"}
	}
	var w struct {
		JSONRPC *string         `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Method  json.RawMessage `json:"method"`
		Params  json.RawMessage `json:"params"`
		Result  json.RawMessage `json:"result"`
		Error   json.RawMessage `json:"error"`
	}
	if err := json.Unmarshal(line, &w); err != nil {
		// Valid JSON that does not fit the envelope: a field of the
		// wrong type ("jsonrpc": 2).
		return nil, &rpcError{id: null, code: CodeInvalidRequest, msg: "invalid request: " + envelopeError(err)}
	}
	id := json.RawMessage(nil)
	if w.ID != nil {
		var err error
		if id, err = checkID(w.ID); err != nil {
			return nil, &rpcError{id: null, code: CodeInvalidRequest, msg: "invalid request: " + err.Error()}
		}
	}
	fail := func(msg string) error {
		echo := id
		if echo == nil {
			echo = null
		}
		return &rpcError{id: echo, code: CodeInvalidRequest, msg: "invalid request: " + msg}
	}
	if w.JSONRPC == nil || *w.JSONRPC != "2.0" {
		return nil, fail(`"jsonrpc" must be "2.0"`)
	}
	m := &message{id: id, raw: line}
	if w.Method == nil {
		if id == nil || (w.Result == nil) == (w.Error == nil) {
			return nil, fail(`a message needs a "method" (request or notification), or an "id" with a "result" or an "error" (response)`)
		}
		m.kind = kindResponse
		return m, nil
	}
	if err := json.Unmarshal(w.Method, &m.method); err != nil || m.method == "" {
		return nil, fail(`"method" must be a non-empty string`)
	}
	if p := bytes.TrimSpace(w.Params); len(p) > 0 && p[0] != '{' && !bytes.Equal(p, null) {
		return nil, fail(`"params" must be an object`)
	}
	m.params = w.Params
	if bytes.Equal(w.Params, null) {
		m.params = nil
	}
	if id == nil {
		m.kind = kindNotification
	} else {
		m.kind = kindRequest
	}
	return m, nil
}

// checkID returns a request id compacted, or why it is not one: MCP ids
// are strings or numbers; null, objects, arrays and booleans are refused.
func checkID(raw json.RawMessage) (json.RawMessage, error) {
	raw = bytes.TrimSpace(raw)
	switch c := raw[0]; {
	case c == '"':
		return raw, nil
	case c == '-' || (c >= '0' && c <= '9'):
		return raw, nil
	case bytes.Equal(raw, null):
		return nil, errors.New(`"id" must not be null (MCP); use a string or a number`)
	default:
		return nil, errors.New(`"id" must be a string or a number`)
	}
}

// envelopeError says which envelope field had the wrong type.
func envelopeError(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return fmt.Sprintf("%q has the wrong type (%s)", te.Field, te.Value)
	}
	return "not a JSON-RPC 2.0 message"
}

// envelope is what the front reads of a line from the server: a response
// (id, no method) is routed back to its client id; anything else (a
// server request or notification) is passed on as it is.
type envelope struct {
	ID     json.RawMessage `json:"id"`
	Method *string         `json:"method"`
	Result json.RawMessage `json:"result,omitempty"`
	Error  json.RawMessage `json:"error,omitempty"`
}

// response renders a response with the client's own id.
func response(id json.RawMessage, e *envelope) []byte {
	var b bytes.Buffer
	b.WriteString(`{"jsonrpc":"2.0","id":`)
	b.Write(id)
	if e.Error != nil {
		b.WriteString(`,"error":`)
		b.Write(e.Error)
	} else {
		b.WriteString(`,"result":`)
		if e.Result == nil {
			b.WriteString("{}")
		} else {
			b.Write(e.Result)
		}
	}
	b.WriteByte('}')
	return b.Bytes()
}

// request renders a request or notification with the front's id (nil for
// a notification).
func request(id json.RawMessage, method string, params json.RawMessage) []byte {
	var b bytes.Buffer
	b.WriteString(`{"jsonrpc":"2.0"`)
	if id != nil {
		b.WriteString(`,"id":`)
		b.Write(id)
	}
	m, _ := json.Marshal(method)
	b.WriteString(`,"method":`)
	b.Write(m)
	if params != nil {
		b.WriteString(`,"params":`)
		b.Write(params)
	}
	b.WriteByte('}')
	return b.Bytes()
}
