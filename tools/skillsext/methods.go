package skillsext

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"path"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/skilldex/skilldex/index"
)

// ListSkillsParams are the params of skills/list: an optional cursor.
type ListSkillsParams struct {
	mcp.ParamsBase
	// Cursor is a nextCursor of an earlier page; empty for the first.
	Cursor string `json:"cursor,omitempty"`
}

// ListSkillsResult is one page of skills/list (SEP-2640 ListSkillsResult).
type ListSkillsResult struct {
	mcp.ResultBase
	// ResultType is "complete" on protocol 2026-07-28 and later.
	ResultType string   `json:"resultType,omitempty"`
	Skills     []*Skill `json:"skills"`
	// NextCursor is set when more pages follow.
	NextCursor string `json:"nextCursor,omitempty"`
	// TTLMs and CacheScope are the base protocol's caching attributes
	// (SEP-2549), required from 2026-07-28.
	TTLMs      int    `json:"ttlMs"`
	CacheScope string `json:"cacheScope"`
}

// GetSkillParams are the params of skills/get.
type GetSkillParams struct {
	mcp.ParamsBase
	// URI is the URI of a skill's SKILL.md.
	URI string `json:"uri"`
}

// GetSkillResult is the answer to skills/get (SEP-2640 GetSkillResult): one
// entry, no cursor.
type GetSkillResult struct {
	mcp.ResultBase
	ResultType string `json:"resultType,omitempty"`
	Skill      *Skill `json:"skill"`
	TTLMs      int    `json:"ttlMs"`
	CacheScope string `json:"cacheScope"`
}

// ReadDirectoryParams are the params of resources/directory/read.
type ReadDirectoryParams struct {
	mcp.ParamsBase
	// URI is a directory resource: a skill root (skill://<skill-path>) or
	// a folder in it, without a trailing slash.
	URI    string `json:"uri"`
	Cursor string `json:"cursor,omitempty"`
}

// ReadDirectoryResult lists a directory's direct children (SEP-2640
// ReadResourceDirectoryResult): files with their resource metadata,
// folders with mimeType inode/directory.
type ReadDirectoryResult struct {
	mcp.ResultBase
	ResultType string          `json:"resultType,omitempty"`
	Resources  []*mcp.Resource `json:"resources"`
	NextCursor string          `json:"nextCursor,omitempty"`
}

// DirectoryMIMEType marks a directory resource.
const DirectoryMIMEType = "inode/directory"

// cacheScope of every result: the catalog is read from the user's own
// folders, so only the requesting user's client may cache it.
const cacheScope = "private"

// resultType is "complete" for a session speaking 2026-07-28 or later,
// where it is required; "" (omitted) before.
func resultType(ss *mcp.ServerSession) string {
	if ss != nil {
		if p := ss.InitializeParams(); p != nil && p.ProtocolVersion >= "2026-07-28" {
			return "complete"
		}
	}
	return ""
}

func invalidParams(msg string, data any) error {
	e := &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: msg}
	if data != nil {
		e.Data, _ = json.Marshal(data)
	}
	return e
}

// cursor encodes a position (a skill URI, or a child's name) as an opaque
// cursor; decodeCursor reverses it.
func cursor(after string) string { return base64.RawURLEncoding.EncodeToString([]byte(after)) }

func decodeCursor(c string) (string, error) {
	b, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil || c == "" {
		return "", invalidParams("invalid cursor: pass back a nextCursor exactly as received", nil)
	}
	return string(b), nil
}

// listSkills answers skills/list: the skills that win their name and are
// not hidden, sorted by URI, DefaultPageSize a page. The cursor is the last
// URI of the previous page, so a page never splits an entry and a catalog
// change between pages neither repeats nor skips a skill that stayed.
func (e *Extension) listSkills(ctx context.Context, ss *mcp.ServerSession, p *ListSkillsParams) (*ListSkillsResult, error) {
	v := e.current()
	start := 0
	if p != nil && p.Cursor != "" {
		after, err := decodeCursor(p.Cursor)
		if err != nil {
			return nil, err
		}
		start = sort.Search(len(v.listed), func(i int) bool { return v.listed[i].uri > after })
	}
	res := &ListSkillsResult{ResultType: resultType(ss), Skills: []*Skill{}, TTLMs: int(e.opts.TTL.Milliseconds()), CacheScope: cacheScope}
	end := min(start+e.opts.PageSize, len(v.listed))
	for _, vs := range v.listed[start:end] {
		ent, err := e.entry(ctx, vs)
		if err != nil {
			// One unreadable skill must not hide the others: it is
			// logged and left out of this page.
			e.log.Warn("skills extension: skill left out of skills/list", "skill", vs.id, "err", err)
			continue
		}
		res.Skills = append(res.Skills, ent)
	}
	if end < len(v.listed) {
		res.NextCursor = cursor(v.listed[end-1].uri)
	}
	return res, nil
}

// getSkill answers skills/get for any skill the extension serves, listed
// or not (shadowed skills too); -32602 for any other URI, with why when the
// catalog has the skill but the extension does not serve it.
func (e *Extension) getSkill(ctx context.Context, ss *mcp.ServerSession, p *GetSkillParams) (*GetSkillResult, error) {
	if p == nil || p.URI == "" {
		return nil, invalidParams(`skills/get: missing "uri": pass the URI of a skill's SKILL.md, as skills/list gives it`, nil)
	}
	v := e.current()
	segs, ok := splitURI(p.URI)
	if ok && len(segs) >= 2 && segs[len(segs)-1] == skillFileSegment {
		skillPath := joinEscaped(segs[:len(segs)-1])
		if vs, ok := v.byPath[skillPath]; ok {
			ent, err := e.entry(ctx, vs)
			if err != nil {
				return nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: err.Error()}
			}
			return &GetSkillResult{ResultType: resultType(ss), Skill: ent, TTLMs: int(e.opts.TTL.Milliseconds()), CacheScope: cacheScope}, nil
		}
		if why, ok := v.excluded[skillPath]; ok {
			return nil, invalidParams(fmt.Sprintf("skill %s is not served through the skills extension: %s", p.URI, why), map[string]string{"uri": p.URI})
		}
	}
	return nil, invalidParams("No skill is served at "+p.URI, map[string]string{"uri": p.URI})
}

// readDirectory answers resources/directory/read for a skill root or a
// folder in it: its direct children, files then folders sorted by name,
// DefaultDirPageSize a page. -32602 for a file, or a URI that is not a
// folder of a served skill.
func (e *Extension) readDirectory(ctx context.Context, ss *mcp.ServerSession, p *ReadDirectoryParams) (*ReadDirectoryResult, error) {
	if p == nil || p.URI == "" {
		return nil, invalidParams(`resources/directory/read: missing "uri": pass a directory resource such as skill://<skill-path>`, nil)
	}
	segs, ok := splitURI(p.URI)
	var vs *vskill
	var dir string
	if ok {
		vs, dir, ok = e.current().lookup(segs)
	}
	if !ok {
		return nil, invalidParams(p.URI+" is not a directory resource of a served skill", map[string]string{"uri": p.URI})
	}
	children := e.children(ctx, vs, dir)
	if children == nil {
		return nil, invalidParams(p.URI+" is not a directory resource", map[string]string{"uri": p.URI})
	}
	start := 0
	if p.Cursor != "" {
		after, err := decodeCursor(p.Cursor)
		if err != nil {
			return nil, err
		}
		start = sort.Search(len(children), func(i int) bool { return children[i].URI > after })
	}
	end := min(start+e.opts.DirPageSize, len(children))
	res := &ReadDirectoryResult{ResultType: resultType(ss), Resources: children[start:end]}
	if end < len(children) {
		res.NextCursor = cursor(children[end-1].URI)
	}
	return res, nil
}

// children lists the direct children of the folder dir of vs ("" for the
// skill root), sorted by URI; nil when dir is not a folder of the skill.
func (e *Extension) children(ctx context.Context, vs *vskill, dir string) []*mcp.Resource {
	prefix := ""
	if dir != "" {
		prefix = dir + "/"
	}
	out := []*mcp.Resource{}
	seen := map[string]bool{}
	isDir := dir == ""
	for _, f := range vs.files() {
		rest, ok := strings.CutPrefix(f.rel, prefix)
		if !ok {
			continue
		}
		isDir = true
		if sub, _, nested := strings.Cut(rest, "/"); nested {
			if !seen[sub] {
				seen[sub] = true
				out = append(out, &mcp.Resource{URI: vs.fileURI(prefix + sub), Name: sub, MIMEType: DirectoryMIMEType})
			}
			continue
		}
		r := &mcp.Resource{URI: vs.fileURI(f.rel), Name: path.Base(f.rel), MIMEType: mimeType(f.rel), Size: f.info.Size}
		if f.rel == skillFileSegment {
			r.Name, r.Description = vs.sk.Name, vs.sk.Description
			if fm, err := e.frontmatter(ctx, vs); err == nil {
				r.Description, _ = fm["description"].(string)
			}
		}
		out = append(out, r)
	}
	if !isDir {
		return nil
	}
	sort.Slice(out, func(i, j int) bool { return out[i].URI < out[j].URI })
	return out
}

// mimeType guesses a file's media type from its extension: markdown and
// common text types explicitly (the system table may lack them), then the
// system table, then text/plain.
func mimeType(rel string) string {
	ext := strings.ToLower(path.Ext(rel))
	switch ext {
	case ".md", ".markdown":
		return "text/markdown"
	case ".py":
		return "text/x-python"
	case ".sh":
		return "text/x-shellscript"
	case ".txt", "":
		return "text/plain"
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return "text/plain"
}

// middleware answers resources/list with the SKILL.md resources of the
// skills the extension serves and resources/read for skill:// URIs the extension serves,
// and gives every other resources/read that finds nothing the SEP-2164
// error (-32602, the URI in data).
func (e *Extension) middleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		switch method {
		case "resources/list":
			p, _ := req.GetParams().(*mcp.ListResourcesParams)
			res, err := e.listResources(ctx, p)
			if err != nil {
				return nil, err
			}
			return res, nil
		case "resources/read":
			p, _ := req.GetParams().(*mcp.ReadResourceParams)
			if p == nil {
				break
			}
			if res, err, ok := e.readResource(ctx, p.URI); ok {
				if err != nil {
					return nil, err
				}
				if ss, _ := req.GetSession().(*mcp.ServerSession); resultType(ss) != "" {
					return markComplete(res)
				}
				return res, nil
			}
			res, err := next(ctx, method, req)
			var je *jsonrpc.Error
			if errors.As(err, &je) && je.Code == codeLegacyResourceNotFound {
				return nil, invalidParams("Resource not found", map[string]string{"uri": p.URI})
			}
			return res, err
		}
		return next(ctx, method, req)
	}
}

// markComplete returns res with resultType "complete", which protocol
// 2026-07-28 requires. go-sdk v1.8.0 sets it only on results its own
// resources/read handler built, through an unexported field that its JSON
// decoding also fills, so the result takes a round trip through JSON.
func markComplete(res *mcp.ReadResourceResult) (mcp.Result, error) {
	b, err := json.Marshal(res)
	if err != nil {
		return nil, err
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, err
	}
	m["resultType"] = json.RawMessage(`"complete"`)
	if b, err = json.Marshal(m); err != nil {
		return nil, err
	}
	out := new(mcp.ReadResourceResult)
	if err := json.Unmarshal(b, out); err != nil {
		return nil, err
	}
	return out, nil
}

// codeLegacyResourceNotFound is the resource-not-found code before
// SEP-2164 (-32002), which go-sdk still sends under
// MCPGODEBUG=customresnotfounderrcode=1; it becomes -32602.
const codeLegacyResourceNotFound = -32002

// listResources answers resources/list: the SKILL.md of every skill the
// extension serves, shadowed ones too (the tools listed those before), with
// its SEP-2640 metadata (name and description from the frontmatter,
// text/markdown), sorted by URI; then, when Options.OtherURI is set, the
// SKILL.md of the skills only the tools serve, as the tools listed them
// (name the catalog id, title the skill name). Pages of mcp.DefaultPageSize
// (1,000, what the SDK's own resources/list used);
// the cursor is the part ("e" or "o") and the last URI.
func (e *Extension) listResources(ctx context.Context, p *mcp.ListResourcesParams) (*mcp.ListResourcesResult, error) {
	v := e.current()
	var others []*index.Skill
	var otherURIs []string
	if e.opts.OtherURI != nil {
		others = v.others
		otherURIs = make([]string, len(others))
		for i, sk := range others {
			otherURIs[i] = e.opts.OtherURI(sk.ID, sk.SkillFile)
		}
		sort.Sort(byURI{others, otherURIs})
	}
	startE, startO := 0, 0
	if p != nil && p.Cursor != "" {
		c, err := decodeCursor(p.Cursor)
		if err != nil {
			return nil, err
		}
		part, after, _ := strings.Cut(c, ":")
		switch part {
		case "e":
			startE = sort.Search(len(v.all), func(i int) bool { return v.all[i].uri > after })
		case "o":
			startE = len(v.all)
			startO = sort.SearchStrings(otherURIs, after)
			if startO < len(otherURIs) && otherURIs[startO] == after {
				startO++
			}
		default:
			return nil, invalidParams("invalid cursor: pass back a nextCursor exactly as received", nil)
		}
	}
	res := &mcp.ListResourcesResult{Resources: []*mcp.Resource{}}
	res.TTLMs, res.CacheScope = int(e.opts.TTL.Milliseconds()), cacheScope
	n, last := 0, ""
	iE, iO := startE, startO
	for ; iE < len(v.all) && n < mcp.DefaultPageSize; iE++ {
		vs := v.all[iE]
		size := int64(0)
		if files := vs.files(); len(files) > 0 {
			size = files[0].info.Size
		}
		desc := vs.sk.Description
		if fm, err := e.frontmatter(ctx, vs); err == nil {
			desc, _ = fm["description"].(string)
		}
		res.Resources = append(res.Resources, &mcp.Resource{URI: vs.uri, Name: vs.sk.Name, Title: vs.sk.Name, Description: desc,
			MIMEType: "text/markdown", Size: size, Meta: mcp.Meta{"dev.skilldex/id": vs.id}})
		n, last = n+1, "e:"+vs.uri
	}
	for ; iO < len(others) && n < mcp.DefaultPageSize; iO++ {
		sk := others[iO]
		res.Resources = append(res.Resources, &mcp.Resource{URI: otherURIs[iO], Name: sk.ID, Title: sk.Name,
			Description: sk.Description, MIMEType: "text/markdown"})
		n, last = n+1, "o:"+otherURIs[iO]
	}
	if iE < len(v.all) || iO < len(others) {
		res.NextCursor = cursor(last)
	}
	return res, nil
}

// byURI sorts skills by their precomputed URIs.
type byURI struct {
	s []*index.Skill
	u []string
}

func (b byURI) Len() int           { return len(b.s) }
func (b byURI) Less(i, j int) bool { return b.u[i] < b.u[j] }
func (b byURI) Swap(i, j int) {
	b.s[i], b.s[j] = b.s[j], b.s[i]
	b.u[i], b.u[j] = b.u[j], b.u[i]
}

// readResource serves a skill:// URI of a file of a skill the extension
// serves; ok is false for any other URI (the tools' skill:// template then
// answers). Text comes back as text, anything else as a base64 blob.
func (e *Extension) readResource(ctx context.Context, uri string) (res *mcp.ReadResourceResult, err error, ok bool) {
	segs, ok := splitURI(uri)
	if !ok {
		return nil, nil, false
	}
	vs, rel, ok := e.current().lookup(segs)
	if !ok {
		return nil, nil, false
	}
	f, found := vs.file(rel)
	if !found {
		return nil, invalidParams("Resource not found", map[string]string{"uri": uri}), true
	}
	data, text, err := e.readFile(ctx, f)
	if err != nil {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: fmt.Sprintf("read %s: %v", uri, err)}, true
	}
	c := &mcp.ResourceContents{URI: uri, MIMEType: mimeType(f.rel)}
	if !text && utf8.Valid(data) && !strings.ContainsRune(string(data), 0) {
		text = true
	}
	if text {
		c.Text = string(data)
	} else {
		c.Blob = data
		if c.MIMEType == "text/plain" {
			c.MIMEType = "application/octet-stream"
		}
	}
	res = &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{c}}
	res.TTLMs, res.CacheScope = int(e.opts.TTL.Milliseconds()), cacheScope
	return res, nil, true
}
