package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/index/skillmd"
	"github.com/skilldex/skilldex/internal/mcpshare"
)

// openInfo answers the "open" request: what a Remote needs besides its
// calls.
type openInfo struct {
	Roots   []index.Root `json:"roots"`
	Len     int          `json:"len"`
	DataDir string       `json:"data_dir"`
}

type refParams struct {
	Ref string `json:"ref"`
	Rel string `json:"rel,omitempty"`
}

type getAnswer struct {
	Skill index.Skill `json:"skill"`
	OK    bool        `json:"ok"`
}

// answerCall is the server side of one request line of a one-shot client
// against cat. "open" first calls sources (the catalog's roots caught up
// with the lockfiles; nil: none) and brings the catalog up to date with
// the roots (Catalog.Refresh: one stat per unchanged file), so a source
// added or an edit made just before the command is in its answer, then
// calls synced.
func answerCall(ctx context.Context, cat *index.Catalog, line []byte, sources, synced func()) []byte {
	var req request
	var res any
	var err error
	if jerr := json.Unmarshal(line, &req); jerr != nil {
		err = fmt.Errorf("a request the server cannot read: %v", jerr)
	} else {
		res, err = dispatch(ctx, cat, req, sources, synced)
	}
	var a answer
	if err != nil {
		a.Error = toWire(err)
	} else if a.Result, err = json.Marshal(res); err != nil {
		a = answer{Error: toWire(err)}
	}
	out, _ := json.Marshal(a)
	return out
}

func dispatch(ctx context.Context, cat *index.Catalog, req request, sources, synced func()) (any, error) {
	params := func(v any) error {
		if len(req.Params) == 0 {
			return nil
		}
		return json.Unmarshal(req.Params, v)
	}
	var p refParams
	var lo index.ListOptions
	switch req.Method {
	case "open":
		if sources != nil {
			sources()
		}
		if _, err := cat.Refresh(ctx); err != nil {
			return nil, err
		}
		if synced != nil {
			synced()
		}
		return openInfo{Roots: cat.Roots(), Len: cat.Len(), DataDir: cat.DataDir()}, nil
	case "search":
		var sr index.SearchRequest
		if err := params(&sr); err != nil {
			return nil, err
		}
		return cat.Search(ctx, sr)
	case "load":
		if err := params(&p); err != nil {
			return nil, err
		}
		return cat.Load(ctx, p.Ref)
	case "read_file":
		if err := params(&p); err != nil {
			return nil, err
		}
		return cat.ReadFile(ctx, p.Ref, p.Rel)
	case "resolve":
		if err := params(&p); err != nil {
			return nil, err
		}
		return cat.Resolve(p.Ref)
	case "get":
		if err := params(&p); err != nil {
			return nil, err
		}
		s, ok := cat.Get(p.Ref)
		return getAnswer{Skill: s, OK: ok}, nil
	case "list":
		if err := params(&lo); err != nil {
			return nil, err
		}
		return cat.List(lo), nil
	case "records":
		if err := params(&lo); err != nil {
			return nil, err
		}
		return cat.Records(lo), nil
	case "diagnostics":
		return cat.Diagnostics(), nil
	case "len":
		return cat.Len(), nil
	}
	return nil, fmt.Errorf("unknown request %q", req.Method)
}

// Remote is a Catalog answered by the shared server over its socket
// (mcpshare's "call" op). When the server goes away mid-command it falls
// back, once, to the Catalog Fallback opens (the command's own, once the
// server's data dir is free, or a new server's), so the command still
// answers. Safe for concurrent use.
type Remote struct {
	conn *mcpshare.CallConn
	info openInfo
	// fallback opens the catalog to use once the server is gone.
	fallback func() (Catalog, error)
	log      *slog.Logger

	mu     sync.Mutex
	local  Catalog // after the fall back
	err    error   // why the fall back failed
	closed bool
}

// call sends one request and decodes its result into out; a transport
// failure moves the Remote to its fallback and returns errGone.
func (r *Remote) call(method string, params, out any) error {
	r.mu.Lock()
	gone := r.local != nil || r.err != nil
	r.mu.Unlock()
	if gone {
		return errGone
	}
	var raw json.RawMessage
	if params != nil {
		raw, _ = json.Marshal(params)
	}
	line, _ := json.Marshal(request{Method: method, Params: raw})
	resp, err := r.conn.RoundTrip(line)
	if err == nil && len(bytes.TrimSpace(resp)) == 0 {
		err = errors.New("an empty answer")
	}
	if err != nil {
		r.fallBack(err)
		return errGone
	}
	var a answer
	if err := json.Unmarshal(resp, &a); err != nil {
		return fmt.Errorf("the shared server's answer cannot be read: %w", err)
	}
	if a.Error != nil {
		return a.Error.err()
	}
	if out != nil {
		return json.Unmarshal(a.Result, out)
	}
	return nil
}

// errGone: the server went away; the caller asks the fallback.
var errGone = errors.New("the shared server went away")

func (r *Remote) fallBack(why error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.local != nil || r.err != nil {
		return
	}
	r.conn.Close()
	r.log.Debug("the shared server went away during the command; answering from the catalog itself", "err", why)
	r.local, r.err = r.fallback()
	if r.err != nil {
		r.err = fmt.Errorf("the shared skilldex server went away during the command (%v), and the catalog could not be opened instead: %w", why, r.err)
	}
}

// other returns the fallback catalog (nil and the reason when there is
// none).
func (r *Remote) other() (Catalog, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.local, r.err
}

// remoteDo runs f on the server and, when it went away, g on the
// fallback.
func remoteDo[T any](r *Remote, f func() (T, error), g func(Catalog) (T, error)) (T, error) {
	v, err := f()
	if !errors.Is(err, errGone) {
		return v, err
	}
	c, ferr := r.other()
	if ferr != nil {
		var zero T
		return zero, ferr
	}
	return g(c)
}

// must is remoteDo for the methods without an error result: a failed
// fall back is logged and the zero value returned.
func must[T any](r *Remote, f func() (T, error), g func(Catalog) T) T {
	v, err := remoteDo(r, f, func(c Catalog) (T, error) { return g(c), nil })
	if err != nil {
		r.log.Error(err.Error())
	}
	return v
}

// Search is index.Catalog.Search, answered by the server.
func (r *Remote) Search(ctx context.Context, req index.SearchRequest) (*index.SearchResult, error) {
	return remoteDo(r, func() (*index.SearchResult, error) {
		var out index.SearchResult
		err := r.call("search", req, &out)
		return &out, err
	}, func(c Catalog) (*index.SearchResult, error) { return c.Search(ctx, req) })
}

// Load is index.Catalog.Load, answered by the server.
func (r *Remote) Load(ctx context.Context, ref string) (*index.Loaded, error) {
	return remoteDo(r, func() (*index.Loaded, error) {
		var out index.Loaded
		err := r.call("load", refParams{Ref: ref}, &out)
		return &out, err
	}, func(c Catalog) (*index.Loaded, error) { return c.Load(ctx, ref) })
}

// ReadFile is index.Catalog.ReadFile, answered by the server.
func (r *Remote) ReadFile(ctx context.Context, ref, rel string) (*index.File, error) {
	return remoteDo(r, func() (*index.File, error) {
		var out index.File
		err := r.call("read_file", refParams{Ref: ref, Rel: rel}, &out)
		return &out, err
	}, func(c Catalog) (*index.File, error) { return c.ReadFile(ctx, ref, rel) })
}

// Resolve is index.Catalog.Resolve, answered by the server.
func (r *Remote) Resolve(ref string) (index.Skill, error) {
	return remoteDo(r, func() (index.Skill, error) {
		var out index.Skill
		err := r.call("resolve", refParams{Ref: ref}, &out)
		return out, err
	}, func(c Catalog) (index.Skill, error) { return c.Resolve(ref) })
}

// List is index.Catalog.List, answered by the server.
func (r *Remote) List(opts index.ListOptions) []index.Skill {
	return must(r, func() ([]index.Skill, error) {
		var out []index.Skill
		err := r.call("list", opts, &out)
		return out, err
	}, func(c Catalog) []index.Skill { return c.List(opts) })
}

// Records is index.Catalog.Records, answered by the server.
func (r *Remote) Records(opts index.ListOptions) []*index.Skill {
	return must(r, func() ([]*index.Skill, error) {
		var out []*index.Skill
		err := r.call("records", opts, &out)
		return out, err
	}, func(c Catalog) []*index.Skill { return c.Records(opts) })
}

// Get is index.Catalog.Get, answered by the server.
func (r *Remote) Get(id string) (index.Skill, bool) {
	a := must(r, func() (getAnswer, error) {
		var out getAnswer
		err := r.call("get", refParams{Ref: id}, &out)
		return out, err
	}, func(c Catalog) getAnswer { s, ok := c.Get(id); return getAnswer{s, ok} })
	return a.Skill, a.OK
}

// Diagnostics is index.Catalog.Diagnostics, answered by the server.
func (r *Remote) Diagnostics() []skillmd.Diagnostic {
	return must(r, func() ([]skillmd.Diagnostic, error) {
		var out []skillmd.Diagnostic
		err := r.call("diagnostics", nil, &out)
		return out, err
	}, func(c Catalog) []skillmd.Diagnostic { return c.Diagnostics() })
}

// Len is index.Catalog.Len, answered by the server.
func (r *Remote) Len() int {
	return must(r, func() (int, error) {
		var n int
		err := r.call("len", nil, &n)
		return n, err
	}, func(c Catalog) int { return c.Len() })
}

// Roots are the server's roots (as its catalog made them absolute).
func (r *Remote) Roots() []index.Root { return append([]index.Root(nil), r.info.Roots...) }

// DataDir is "": the server owns its data dir, and a one-shot command
// writes nothing there (an audit keeps its cache in memory).
func (r *Remote) DataDir() string { return "" }

// ServerDataDir is the server's data dir, for reading what it keeps
// there (the audit cache); a one-shot command never writes to it.
func (r *Remote) ServerDataDir() string { return r.info.DataDir }

// Close ends the connection (and closes the fallback catalog, if one was
// opened).
func (r *Remote) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return nil
	}
	r.closed = true
	if r.local != nil {
		return r.local.Close()
	}
	return r.conn.Close()
}
