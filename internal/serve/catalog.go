package serve

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/index/skillmd"
)

// Catalog is the read-only catalog the one-shot commands (search, show,
// read, list, doctor, audit, prompt, run) use: an *index.Catalog opened by
// the command, or a Remote asking the shared server that serves the same
// roots. The methods are index.Catalog's, with its shapes and errors
// (*index.NotFoundError, index.ErrOutside... test with errors.Is/As).
type Catalog interface {
	Search(ctx context.Context, req index.SearchRequest) (*index.SearchResult, error)
	Load(ctx context.Context, ref string) (*index.Loaded, error)
	ReadFile(ctx context.Context, ref, rel string) (*index.File, error)
	Resolve(ref string) (index.Skill, error)
	List(opts index.ListOptions) []index.Skill
	Records(opts index.ListOptions) []*index.Skill
	Get(id string) (index.Skill, bool)
	Diagnostics() []skillmd.Diagnostic
	Roots() []index.Root
	Len() int
	// DataDir is the folder the catalog's store lives in; "" for a
	// catalog this process must not write to (in memory, or the shared
	// server's, which it owns).
	DataDir() string
	Close() error
}

var _ Catalog = (*index.Catalog)(nil)

// wireError is an error as it crosses the socket: its text, the index
// sentinel it wraps (by name), and the typed errors' fields.
type wireError struct {
	Message   string                   `json:"message"`
	Sentinel  string                   `json:"sentinel,omitempty"`
	NotFound  *index.NotFoundError     `json:"not_found,omitempty"`
	FileNF    *index.FileNotFoundError `json:"file_not_found,omitempty"`
	Invalid   *index.Skill             `json:"invalid,omitempty"`
	Transport bool                     `json:"-"`
}

// sentinels are the index errors a wireError names.
var sentinels = map[string]error{
	"not_found": index.ErrNotFound, "invalid": index.ErrInvalid, "bad_name": index.ErrBadName,
	"file_not_found": index.ErrFileNotFound, "outside": index.ErrOutside, "too_large": index.ErrTooLarge,
	"binary": index.ErrBinary, "closed": index.ErrClosed,
}

// toWire encodes err for a client.
func toWire(err error) *wireError {
	w := &wireError{Message: err.Error()}
	for name, s := range sentinels {
		if errors.Is(err, s) {
			w.Sentinel = name
			break
		}
	}
	var nf *index.NotFoundError
	var fnf *index.FileNotFoundError
	var inv *index.InvalidSkillError
	switch {
	case errors.As(err, &nf):
		w.NotFound = nf
	case errors.As(err, &fnf):
		w.FileNF = fnf
	case errors.As(err, &inv):
		w.Invalid = &inv.Skill
	}
	return w
}

// remoteError is a server's error on the client: its text as the server
// said it, wrapping the typed error or the sentinel it stood for.
type remoteError struct {
	msg string
	err error
}

func (e *remoteError) Error() string { return e.msg }
func (e *remoteError) Unwrap() error { return e.err }

// err decodes w into an error that errors.Is and errors.As treat as the
// server's.
func (w *wireError) err() error {
	switch {
	case w.NotFound != nil:
		return w.NotFound
	case w.FileNF != nil:
		return w.FileNF
	case w.Invalid != nil:
		return &index.InvalidSkillError{Skill: *w.Invalid}
	}
	return &remoteError{msg: w.Message, err: sentinels[w.Sentinel]}
}

// request and answer are the lines of the "call" op.
type request struct {
	Method string          `json:"method"`
	Params json.RawMessage `json:"params,omitempty"`
}

type answer struct {
	Result json.RawMessage `json:"result,omitempty"`
	Error  *wireError      `json:"error,omitempty"`
}
