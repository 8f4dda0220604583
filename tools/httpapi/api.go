// Package httpapi serves the catalog as a read-only JSON API under
// /api/v1/, for people's tools and for services that are not MCP clients:
//
//	GET /api/v1/search?q=&limit=&cursor=   ranked skills (index.SearchResult + next_cursor)
//	GET /api/v1/skills?limit=&cursor=      served skills by name ([]index.Skill, Link: rel="next")
//	GET /api/v1/skills/{id}                one skill (index.Shown)
//	GET /api/v1/skills/{id}/files/{path}   one text file (index.File)
//	GET /api/v1/openapi.json               the OpenAPI 3.1 document of all of the above
//
// The documents are the structs `skilldex search|list|show|read --json`
// print (docs/json.md), so the CLI and the API cannot drift apart; the API
// adds paging. It reads the catalog as the model sees it (tools.View):
// skills whose authors hid them, and skills the audit hides, are never
// listed or found; an exact id still reaches them, as load_skill does.
//
// A skill id is a folder path and may hold slashes: in a URL it is one
// path segment, its slashes escaped as %2F (url.PathEscape). A path whose
// id slashes arrive unescaped (a client or proxy that decodes %2F) is
// resolved too: the longest id the catalog knows wins. Every answer
// carries a strong ETag and honours If-None-Match with 304: a file's ETag
// is its SEP-2640 digest ("sha256:" and the hex SHA-256 of its bytes, as
// skills/list gives it), any other document's the same digest of its JSON
// body, so identical replicas give identical ETags.
//
// Errors are JSON too: {"error": message, "code": code, "suggestions"*}
// with the HTTP status that fits (400, 404, 405, 413, 415, 503). The
// access guard (token, Host and Origin checks) wraps this handler; it is
// not part of it.
package httpapi

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/search"
)

// Prefix is the path every route of the API is under.
const Prefix = "/api/v1/"

// Catalog is the part of the catalog the API reads: tools.View (the model's
// view, hidden skills left out), or *index.Catalog.
type Catalog interface {
	Records(index.ListOptions) []*index.Skill
	Load(ctx context.Context, ref string) (*index.Loaded, error)
	ReadFile(ctx context.Context, ref, rel string) (*index.File, error)
	Search(ctx context.Context, req index.SearchRequest) (*index.SearchResult, error)
}

// Options configure New; nil means the defaults.
type Options struct {
	// Logger receives what fails on the server side (5xx); nil discards.
	Logger *slog.Logger
	// ObserveSearch, when set, is called with the duration of each
	// catalog search the API runs (the metrics' search histogram).
	ObserveSearch func(time.Duration)
}

// API serves the routes of the package documentation.
type API struct {
	cat  Catalog
	log  *slog.Logger
	opts Options
	mux  *http.ServeMux
}

// New returns the API over cat. Mount it at Prefix (it routes full paths):
// mux.Handle(httpapi.Prefix, api).
func New(cat Catalog, opts *Options) *API {
	a := &API{cat: cat, mux: http.NewServeMux()}
	if opts != nil {
		a.opts = *opts
	}
	a.log = a.opts.Logger
	if a.log == nil {
		a.log = slog.New(slog.DiscardHandler)
	}
	a.mux.HandleFunc("GET /api/v1/search", a.search)
	a.mux.HandleFunc("GET /api/v1/skills", a.listSkills)
	a.mux.HandleFunc("GET /api/v1/skills/{id}", a.getSkill)
	a.mux.HandleFunc("GET /api/v1/skills/{id}/files/{path...}", a.getFile)
	a.mux.HandleFunc("GET /api/v1/skills/{rest...}", a.unescaped)
	a.mux.HandleFunc("GET /api/v1/openapi.json", serveOpenAPI)
	a.mux.HandleFunc("/api/v1/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, r, http.StatusNotFound, "no_route", "no API route at "+r.URL.Path+"; see /api/v1/openapi.json", nil)
	})
	return a
}

// ServeHTTP routes r. Only GET and HEAD are served (the API is
// read-only): any other method is 405 with an Allow header.
func (a *API) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		writeError(w, r, http.StatusMethodNotAllowed, "method_not_allowed", "the API is read-only: use GET or HEAD", nil)
		return
	}
	a.mux.ServeHTTP(w, r)
}

// apiError is the body of every error answer.
type apiError struct {
	// Error says what went wrong and what to do, in a sentence.
	Error string `json:"error"`
	// Code is stable, for programs: not_found, file_not_found,
	// bad_request, bad_cursor, outside, invalid_skill, not_text,
	// too_large, method_not_allowed, no_route, unavailable, internal.
	Code string `json:"code"`
	// Suggestions are close names or paths, for a not-found answer.
	Suggestions []string `json:"suggestions,omitempty"`
}

func writeError(w http.ResponseWriter, r *http.Request, status int, code, msg string, suggest []string) {
	body, _ := json.Marshal(apiError{Error: msg, Code: code, Suggestions: suggest})
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(append(body, '\n'))
	}
}

// catalogError answers err of a catalog operation with its status and
// code; anything unexpected is logged and is a 500 that names no path.
func (a *API) catalogError(w http.ResponseWriter, r *http.Request, err error) {
	var nf *index.NotFoundError
	var fnf *index.FileNotFoundError
	var inv *index.InvalidSkillError
	switch {
	case errors.As(err, &nf):
		writeError(w, r, http.StatusNotFound, "not_found", err.Error(), nf.Suggestions)
	case errors.As(err, &fnf):
		writeError(w, r, http.StatusNotFound, "file_not_found", err.Error(), fnf.Suggestions)
	case errors.As(err, &inv):
		writeError(w, r, http.StatusNotFound, "invalid_skill", err.Error(), nil)
	case errors.Is(err, index.ErrNotFound):
		writeError(w, r, http.StatusNotFound, "not_found", err.Error(), nil)
	case errors.Is(err, index.ErrFileNotFound):
		writeError(w, r, http.StatusNotFound, "file_not_found", err.Error(), nil)
	case errors.Is(err, index.ErrOutside):
		writeError(w, r, http.StatusBadRequest, "outside", err.Error(), nil)
	case errors.Is(err, index.ErrBadName), errors.Is(err, search.ErrEmptyQuery), errors.Is(err, search.ErrQueryTooLong), errors.Is(err, search.ErrWindowTooLarge):
		writeError(w, r, http.StatusBadRequest, "bad_request", err.Error(), nil)
	case errors.Is(err, index.ErrBinary):
		writeError(w, r, http.StatusUnsupportedMediaType, "not_text", err.Error()+": the API serves text files only", nil)
	case errors.Is(err, index.ErrTooLarge):
		writeError(w, r, http.StatusRequestEntityTooLarge, "too_large", err.Error(), nil)
	case errors.Is(err, index.ErrClosed), errors.Is(err, search.ErrBudget), errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		w.Header().Set("Retry-After", "1")
		writeError(w, r, http.StatusServiceUnavailable, "unavailable", err.Error(), nil)
	default:
		a.log.Error("API request failed", "path", r.URL.Path, "err", err)
		writeError(w, r, http.StatusInternalServerError, "internal", "internal error; the server log has the cause", nil)
	}
}

// Digest returns the SEP-2640 digest of data: "sha256:" and its hex
// SHA-256.
func Digest(data []byte) string {
	sum := sha256.Sum256(data)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// writeJSON answers v as JSON (UTF-8, compact, <, > and & not escaped,
// as the CLI's --json) with a strong ETag: etag when given (a digest
// without quotes), else Digest of the body. A request whose If-None-Match
// names it gets 304 without a body.
func writeJSON(w http.ResponseWriter, r *http.Request, v any, etag string) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		writeError(w, r, http.StatusInternalServerError, "internal", "cannot encode the answer: "+err.Error(), nil)
		return
	}
	writeTagged(w, r, buf.Bytes(), etag)
}

// writeJSONBytes answers a JSON document already encoded, tagged with
// its digest.
func writeJSONBytes(w http.ResponseWriter, r *http.Request, body []byte) { writeTagged(w, r, body, "") }

// writeTagged answers body with its ETag (Digest of body when etag is
// ""), or 304 when If-None-Match names it.
func writeTagged(w http.ResponseWriter, r *http.Request, body []byte, etag string) {
	if etag == "" {
		etag = Digest(body)
	}
	h := w.Header()
	h.Set("ETag", `"`+etag+`"`)
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Content-Type-Options", "nosniff")
	if noneMatch(r.Header.Get("If-None-Match"), etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", "application/json; charset=utf-8")
	if r.Method == http.MethodHead {
		w.WriteHeader(http.StatusOK)
		return
	}
	_, _ = w.Write(body)
}

// noneMatch reports whether an If-None-Match header names etag (RFC 9110
// 13.1.2: "*" matches any; weak comparison, so W/"x" matches "x").
func noneMatch(header, etag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == "*" || t == `"`+etag+`"` {
			return true
		}
	}
	return false
}
