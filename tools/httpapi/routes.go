package httpapi

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/skilldex/skilldex/index"
)

// Paging bounds. A search page holds up to MaxSearchLimit hits (default
// DefaultSearchLimit) and pages reach the first MaxSearchDepth results, as
// the search_skills tool's; a skills page holds up to MaxListLimit skills
// (default DefaultListLimit).
const (
	DefaultSearchLimit = 10
	MaxSearchLimit     = 100
	MaxSearchDepth     = 1000
	DefaultListLimit   = 100
	MaxListLimit       = 1000
)

// SearchPage is the document of GET /api/v1/search: the `skilldex search
// --json` document (index.SearchResult; hits is [] when none) and the
// cursor of the next page, absent on the last one.
type SearchPage struct {
	*index.SearchResult
	NextCursor string `json:"next_cursor,omitempty"`
}

// searchCursor is where the next search page starts, for one query.
type searchCursor struct {
	Offset int    `json:"o"`
	Query  string `json:"q"`
}

// errBadCursor is the message of a cursor this server did not give.
const errBadCursor = "invalid cursor: pass the next_cursor (or the Link rel=\"next\" URL) of the previous page unchanged, with the same query; omit it for the first page"

// intParam reads an integer query parameter in [1, max]; def when absent.
func intParam(r *http.Request, name string, def, max int) (int, error) {
	v := r.URL.Query().Get(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > max {
		return 0, fmt.Errorf("%s=%q: want a whole number from 1 to %d", name, v, max)
	}
	return n, nil
}

func (a *API) search(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	query := q.Get("q")
	if strings.TrimSpace(query) == "" {
		writeError(w, r, http.StatusBadRequest, "bad_request", `missing query: pass the words to search for as q, e.g. /api/v1/search?q=fill+a+pdf+form`, nil)
		return
	}
	limit, err := intParam(r, "limit", DefaultSearchLimit, MaxSearchLimit)
	if err != nil {
		writeError(w, r, http.StatusBadRequest, "bad_request", err.Error(), nil)
		return
	}
	minScore := 0.0
	if v := q.Get("min_score"); v != "" {
		if minScore, err = strconv.ParseFloat(v, 64); err != nil || minScore < 0 {
			writeError(w, r, http.StatusBadRequest, "bad_request", fmt.Sprintf("min_score=%q: want a number, 0 or more", v), nil)
			return
		}
	}
	var cur searchCursor
	if c := q.Get("cursor"); c != "" {
		data, err := base64.RawURLEncoding.DecodeString(c)
		if err != nil || json.Unmarshal(data, &cur) != nil || cur.Offset < 0 || cur.Query != query {
			writeError(w, r, http.StatusBadRequest, "bad_cursor", errBadCursor, nil)
			return
		}
	}
	page := SearchPage{SearchResult: &index.SearchResult{Query: query, Hits: []index.SearchHit{}}}
	if cur.Offset < MaxSearchDepth {
		start := time.Now()
		// One more than the page, to know whether another follows.
		res, err := a.cat.Search(r.Context(), index.SearchRequest{Query: query, Limit: min(cur.Offset+limit+1, MaxSearchDepth), MinScore: minScore})
		if a.opts.ObserveSearch != nil {
			a.opts.ObserveSearch(time.Since(start))
		}
		if err != nil {
			a.catalogError(w, r, err)
			return
		}
		hits := res.Hits[min(cur.Offset, len(res.Hits)):]
		if len(hits) > limit {
			hits = hits[:limit]
			next, _ := json.Marshal(searchCursor{Offset: cur.Offset + limit, Query: query})
			page.NextCursor = base64.RawURLEncoding.EncodeToString(next)
		}
		page.SearchResult = res
		res.Hits = append([]index.SearchHit{}, hits...)
	}
	writeJSON(w, r, page, "")
}

// listKey is the sort key of a skill in the listing, the catalog's own
// order (index.Catalog.List): folded name, then id.
func listKey(s *index.Skill) string { return index.Fold(s.Name) + "\x00" + s.ID }

func (a *API) listSkills(w http.ResponseWriter, r *http.Request) {
	limit, err := intParam(r, "limit", DefaultListLimit, MaxListLimit)
	if err != nil {
		writeError(w, r, http.StatusBadRequest, "bad_request", err.Error(), nil)
		return
	}
	recs := a.cat.Records(index.ListOptions{})
	start := 0
	if c := r.URL.Query().Get("cursor"); c != "" {
		after, err := base64.RawURLEncoding.DecodeString(c)
		if err != nil || len(after) == 0 {
			writeError(w, r, http.StatusBadRequest, "bad_cursor", errBadCursor, nil)
			return
		}
		// The cursor is the last key of the previous page, so a page
		// boundary holds while skills come and go.
		start = sort.Search(len(recs), func(i int) bool { return listKey(recs[i]) > string(after) })
	}
	end := min(start+limit, len(recs))
	out := make([]index.Skill, 0, end-start)
	for _, s := range recs[start:end] {
		out = append(out, *s)
	}
	w.Header().Set("X-Total-Count", strconv.Itoa(len(recs)))
	if end < len(recs) {
		next := base64.RawURLEncoding.EncodeToString([]byte(listKey(recs[end-1])))
		w.Header().Set("Link", fmt.Sprintf(`</api/v1/skills?limit=%d&cursor=%s>; rel="next"`, limit, next))
		w.Header().Set("X-Next-Cursor", next)
	}
	writeJSON(w, r, out, "")
}

func (a *API) getSkill(w http.ResponseWriter, r *http.Request) {
	l, err := a.cat.Load(r.Context(), r.PathValue("id"))
	if err != nil {
		a.catalogError(w, r, err)
		return
	}
	writeJSON(w, r, l.Shown(), "")
}

func (a *API) getFile(w http.ResponseWriter, r *http.Request) {
	rel := r.PathValue("path")
	if rel == "" {
		writeError(w, r, http.StatusBadRequest, "bad_request", "missing file path: /api/v1/skills/{id}/files/{path}, e.g. files/SKILL.md", nil)
		return
	}
	f, err := a.cat.ReadFile(r.Context(), r.PathValue("id"), rel)
	if err != nil {
		a.catalogError(w, r, err)
		return
	}
	writeJSON(w, r, f, Digest([]byte(f.Content)))
}

// unescaped serves /api/v1/skills/REST when the id's slashes were not
// escaped, so REST spans several segments: "ID" or "ID/files/PATH" for
// the first split whose ID the catalog resolves, trying the longest ID
// first (an id may itself hold a folder named "files").
func (a *API) unescaped(w http.ResponseWriter, r *http.Request) {
	rest := r.PathValue("rest")
	var lastErr error
	for i := len(rest); i >= 0; i = strings.LastIndex(rest[:i], "/files/") {
		if i == len(rest) {
			l, err := a.cat.Load(r.Context(), rest)
			if err == nil {
				writeJSON(w, r, l.Shown(), "")
				return
			}
			lastErr = err
			continue
		}
		f, err := a.cat.ReadFile(r.Context(), rest[:i], rest[i+len("/files/"):])
		if err == nil {
			writeJSON(w, r, f, Digest([]byte(f.Content)))
			return
		}
		if !errors.Is(err, index.ErrNotFound) && !errors.Is(err, index.ErrBadName) {
			a.catalogError(w, r, err) // the skill exists: the file's error
			return
		}
		if lastErr == nil {
			lastErr = err
		}
	}
	a.catalogError(w, r, lastErr)
}

// SkillPath returns the API path of a skill (GET /api/v1/skills/{id}),
// the id escaped as one path segment.
func SkillPath(id string) string { return Prefix + "skills/" + url.PathEscape(id) }

// FilePath returns the API path of a file of a skill; rel's segments are
// escaped one by one, its slashes kept.
func FilePath(id, rel string) string {
	segs := strings.Split(rel, "/")
	for i, s := range segs {
		segs[i] = url.PathEscape(s)
	}
	return SkillPath(id) + "/files/" + strings.Join(segs, "/")
}
