package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/skilldex/skilldex/index"
)

// ResourceScheme is the URI scheme of skill resources:
// skill://<id>/SKILL.md for each skill and skill://<id>/<path> for its
// files (path segments percent-escaped).
const ResourceScheme = "skill://"

// SkillURI returns the resource URI of a file of a skill:
// skill://<id>/<path>, each segment percent-escaped. When the id's first
// segment cannot stand as a URI host (the root-numbered id of a path two
// roots share, "2:git", or a folder name with a space), the id moves into
// the path: skill:///<id>/<path>. Both forms read back through the
// skill:// template.
func SkillURI(id, rel string) string {
	var segs []string
	for _, p := range strings.Split(id+"/"+rel, "/") {
		segs = append(segs, url.PathEscape(p))
	}
	uri := ResourceScheme + strings.Join(segs, "/")
	if _, err := url.Parse(uri); err != nil || strings.Contains(segs[0], ":") {
		uri = ResourceScheme + "/" + strings.Join(segs, "/")
	}
	return uri
}

// resourceSet serves the skill resources of one server: it keeps the
// registered resources in step with the catalog, reads them, and
// remembers which resource URIs clients subscribed to.
type resourceSet struct {
	*deps

	mu   sync.Mutex
	have map[string]bool // registered URIs

	subMu sync.Mutex
	// subs maps every URI a client ever subscribed to onto its skill id.
	// The SDK keeps the subscribing sessions (and forgets them on
	// unsubscribe or disconnect); this set only lets a change find the
	// URIs of its skills. It never shrinks, so one session's unsubscribe
	// cannot silence another's, and it is bounded by the catalog: only
	// existing files of served skills are accepted.
	subs map[string]string
}

func newResourceSet(d *deps) *resourceSet {
	return &resourceSet{deps: d, have: map[string]bool{}, subs: map[string]string{}}
}

// subscribe accepts a resources/subscribe for any skill:// URI that names an
// existing file of a served skill (SKILL.md or a reference file); other
// URIs get the resource-not-found error.
func (rs *resourceSet) subscribe(_ context.Context, req *mcp.SubscribeRequest) error {
	uri := req.Params.URI
	id, rel, ok := rs.splitURI(uri)
	if !ok {
		return resourceNotFound(uri)
	}
	clean, err := index.CleanRel(rel)
	if err != nil {
		return invalidResource(uri, err)
	}
	sk, err := rs.cat.Resolve(id)
	if err != nil || !hasFile(sk, clean) {
		return resourceNotFound(uri)
	}
	rs.subMu.Lock()
	rs.subs[uri] = id
	rs.subMu.Unlock()
	return nil
}

// unsubscribe accepts every resources/unsubscribe: the SDK drops the
// session's subscription, and rs.subs keeps the URI (see resourceSet).
func (rs *resourceSet) unsubscribe(context.Context, *mcp.UnsubscribeRequest) error { return nil }

func hasFile(s index.Skill, rel string) bool {
	for _, f := range s.Files {
		if f.Path == rel {
			return true
		}
	}
	return false
}

// notifyUpdated sends notifications/resources/updated for every subscribed
// URI of a skill the change touched: edited, re-validated or removed (a
// client reading a removed skill's URI then gets resource-not-found).
func (rs *resourceSet) notifyUpdated(s *mcp.Server, ch index.Change) {
	touched := map[string]bool{}
	for _, ids := range [][]string{ch.Updated, ch.Removed} {
		for _, id := range ids {
			touched[id] = true
		}
	}
	rs.subMu.Lock()
	var uris []string
	for uri, id := range rs.subs {
		if touched[id] {
			uris = append(uris, uri)
		}
	}
	rs.subMu.Unlock()
	for _, uri := range uris {
		_ = s.ResourceUpdated(context.Background(), &mcp.ResourceUpdatedNotificationParams{URI: uri})
	}
}

// add lists every served skill's SKILL.md as a resource, serves
// any skill file through the skill:// template, and keeps the list in step
// with the catalog (the SDK sends notifications/resources/list_changed on
// each change, and notifications/resources/updated to subscribers).
func (rs *resourceSet) add(s *mcp.Server) {
	s.AddReceivingMiddleware(refuseUnquotableURIs)
	s.AddResourceTemplate(&mcp.ResourceTemplate{
		Name:        "skill-file",
		Title:       "A file of a skill",
		Description: "skill://<id>/<path>: SKILL.md or any text file in the skill folder",
		URITemplate: ResourceScheme + "{+path}",
	}, rs.read)
	rs.sync(s)
	rs.onChange(func(ch index.Change) {
		rs.sync(s)
		rs.notifyUpdated(s, ch)
	})
}

// sync registers the SKILL.md resource of every skill the catalog lists
// and removes those of skills it no longer does.
func (rs *resourceSet) sync(s *mcp.Server) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	// The catalog's read-only records, not copies: a list and a map of
	// 10,000 skill values were 8 MB more at a server's start and after
	// each change.
	all := rs.cat.Records(index.ListOptions{IncludeShadowed: true})
	want := make(map[string]*index.Skill, len(all))
	for _, sk := range all {
		want[SkillURI(sk.ID, sk.SkillFile)] = sk
	}
	var gone []string
	for uri := range rs.have {
		if _, ok := want[uri]; !ok {
			gone = append(gone, uri)
			delete(rs.have, uri)
		}
	}
	if len(gone) > 0 {
		s.RemoveResources(gone...)
	}
	for uri, sk := range want {
		if rs.have[uri] {
			continue
		}
		rs.have[uri] = true
		s.AddResource(&mcp.Resource{URI: uri, Name: sk.ID, Title: sk.Name, Description: sk.Description, MIMEType: "text/markdown"}, rs.read)
	}
}

// splitURI splits skill://<id>/<path> (or skill:///<id>/<path>) into a
// served skill's id and the file path inside it; ok is false for another
// scheme, bad escaping or no served skill.
func (rs *resourceSet) splitURI(uri string) (id, rel string, ok bool) {
	raw, ok := strings.CutPrefix(uri, ResourceScheme)
	if !ok {
		return "", "", false
	}
	p, err := url.PathUnescape(strings.TrimPrefix(raw, "/"))
	if err != nil {
		return "", "", false
	}
	return rs.cat.SplitPath(p)
}

// refuseUnquotableURIs answers resources/read and resources/subscribe for a
// URI holding a control character or invalid UTF-8 with an invalid-params
// error, before the SDK sees it: the SDK's mcp.ResourceNotFoundError
// quotes the URI with Go's %q, which writes such bytes as \x00, invalid
// JSON, and the session dies trying to send it (go-sdk v1.8.0). No skill
// file has such a name, so nothing servable is refused.
func refuseUnquotableURIs(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		var uri string
		switch p := req.GetParams().(type) {
		case *mcp.ReadResourceParams:
			uri = p.URI
		case *mcp.SubscribeParams:
			uri = p.URI
		case *mcp.UnsubscribeParams:
			uri = p.URI
		}
		if !quotable(uri) {
			return nil, invalidResource(uri, errors.New("it holds a control character or invalid UTF-8; percent-escape it (skill://<id>/<path>)"))
		}
		return next(ctx, method, req)
	}
}

// quotable reports whether Go's %q of s, which the SDK's error uses, is
// also a JSON string: %q escapes control characters and unprintable runes
// (\x00, \U000e0001) in ways JSON does not accept.
func quotable(s string) bool {
	return json.Valid([]byte(fmt.Sprintf("%q", s)))
}

// read serves skill://<id>/<path> through Catalog.ReadFile, so the
// same path rules hold: nothing outside the skill folder is read.
func (rs *resourceSet) read(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	uri := req.Params.URI
	id, rel, ok := rs.splitURI(uri)
	if !ok {
		return nil, resourceNotFound(uri)
	}
	f, err := rs.cat.ReadFile(ctx, id, rel)
	switch {
	case errors.Is(err, index.ErrFileNotFound), errors.Is(err, index.ErrNotFound):
		return nil, resourceNotFound(uri)
	case errors.Is(err, index.ErrOutside), errors.Is(err, index.ErrBinary), errors.Is(err, index.ErrTooLarge), errors.Is(err, index.ErrBadName):
		return nil, invalidResource(uri, err)
	case err != nil:
		return nil, err
	}
	mime := "text/plain"
	if strings.HasSuffix(strings.ToLower(f.Path), ".md") {
		mime = "text/markdown"
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: mime, Text: f.Content}}}, nil
}
