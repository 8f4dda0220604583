package tools

import (
	"context"
	"errors"
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

// resourceSet keeps one server's registered skill resources in step with
// the catalog.
type resourceSet struct {
	mu   sync.Mutex
	have map[string]bool // registered URIs
}

// addResources lists every served skill's SKILL.md as a resource, serves
// any skill file through the skill:// template, and keeps the list in step
// with the catalog (the SDK sends notifications/resources/list_changed on
// each change, and notifications/resources/updated to subscribers).
func (h *Handler) addResources(s *mcp.Server) {
	rs := &resourceSet{have: map[string]bool{}}
	s.AddResourceTemplate(&mcp.ResourceTemplate{
		Name:        "skill-file",
		Title:       "A file of a skill",
		Description: "skill://<id>/<path>: SKILL.md or any text file in the skill folder",
		URITemplate: ResourceScheme + "{+path}",
	}, h.readResource)
	h.syncResources(s, rs)
	h.cat.Subscribe(func(ch index.Change) {
		h.syncResources(s, rs)
		for _, id := range ch.Updated {
			if sk, err := h.cat.Resolve(id); err == nil {
				_ = s.ResourceUpdated(context.Background(), &mcp.ResourceUpdatedNotificationParams{URI: SkillURI(id, sk.SkillFile)})
			}
		}
	})
}

func (h *Handler) syncResources(s *mcp.Server, rs *resourceSet) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	want := map[string]index.Skill{}
	for _, sk := range h.cat.List(index.ListOptions{IncludeShadowed: true}) {
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
		s.AddResource(&mcp.Resource{URI: uri, Name: sk.ID, Title: sk.Name, Description: sk.Description, MIMEType: "text/markdown"}, h.readResource)
	}
}

// readResource serves skill://<id>/<path> through Catalog.ReadFile, so the
// same path rules hold: nothing outside the skill folder is read.
func (h *Handler) readResource(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	uri := req.Params.URI
	raw, ok := strings.CutPrefix(uri, ResourceScheme)
	if !ok {
		return nil, mcp.ResourceNotFoundError(uri)
	}
	p, err := url.PathUnescape(strings.TrimPrefix(raw, "/"))
	if err != nil {
		return nil, mcp.ResourceNotFoundError(uri)
	}
	id, rel, ok := h.cat.SplitPath(p)
	if !ok {
		return nil, mcp.ResourceNotFoundError(uri)
	}
	f, err := h.cat.ReadFile(ctx, id, rel)
	if errors.Is(err, index.ErrFileNotFound) || errors.Is(err, index.ErrNotFound) {
		return nil, mcp.ResourceNotFoundError(uri)
	}
	if err != nil {
		return nil, err
	}
	mime := "text/plain"
	if strings.HasSuffix(strings.ToLower(f.Path), ".md") {
		mime = "text/markdown"
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: mime, Text: f.Content}}}, nil
}
