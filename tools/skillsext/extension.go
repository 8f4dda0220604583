// Package skillsext serves the catalog through the MCP Skills extension,
// SEP-2640 (io.modelcontextprotocol/skills, final against protocol revision
// 2026-07-28): skills/list, skills/get and resources/directory/read, and the
// skill:// resources they name, beside the tools of package tools and from
// the same index.Catalog.
//
// go-sdk v1.8.0 has the capabilities.extensions field but not the methods;
// they are registered with mcp.AddReceivingCustomMethod, and the two base
// methods the extension shapes (resources/list and resources/read for
// skill:// URIs) are handled by one receiving middleware. Nothing is
// forked. A client that does not know the extension sees ordinary
// resources.
//
// The decisions (URIs, shadowed and hidden skills, limits, digests) are in
// tools/PROFILES.md, "The Skills extension".
//
// This package serves the skilldex command and may change without notice;
// programs embedding a catalog import the module's root package,
// github.com/skilldex/skilldex.
package skillsext

import (
	"context"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/skilldex/skilldex/index"
)

// ID is the extension identifier, the key under capabilities.extensions.
const ID = "io.modelcontextprotocol/skills"

// Defaults of Options.
const (
	// DefaultPageSize is how many entries one skills/list page holds: 100
	// (an entry lists up to MaxFilesPerSkill files).
	DefaultPageSize = 100
	// DefaultDirPageSize is how many children one resources/directory/read
	// page holds: 500.
	DefaultDirPageSize = 500
	// DefaultTTL is the ttlMs of skills/list, skills/get and resources/list
	// results: 30 s, serve's default full-rescan period. The catalog is live
	// (a watcher refreshes it and clients get list_changed), so the TTL only
	// bounds how stale a client that ignores notifications may be.
	DefaultTTL = 30 * time.Second
)

// Catalog is the part of *index.Catalog the extension reads.
type Catalog interface {
	// Records lists the catalog's own read-only records: the view holds
	// every skill for as long as the catalog does not change, and a
	// copy of each was 4 MB at 10,000 skills.
	Records(index.ListOptions) []*index.Skill
	ReadFile(ctx context.Context, ref, rel string) (*index.File, error)
	Subscribe(fn func(index.Change))
}

// Options configure an Extension; the zero value means the defaults.
type Options struct {
	// Logger receives what the extension leaves out and why; nil discards.
	Logger *slog.Logger
	// PageSize is the number of entries per skills/list page;
	// 0 means DefaultPageSize.
	PageSize int
	// DirPageSize is the number of children per resources/directory/read
	// page; 0 means DefaultDirPageSize.
	DirPageSize int
	// TTL is the ttlMs hint of the results; 0 means DefaultTTL.
	TTL time.Duration
	// OtherURI is the resource URI, in the tools' skill:// scheme, of a file
	// of a skill the extension does not serve (tools.SkillURI);
	// resources/list lists those skills' SKILL.md under it. nil leaves them
	// out of resources/list.
	OtherURI func(id, rel string) string
	// ExposeHidden serves the skills whose authors hid them from the model
	// like any other (serve --expose-hidden); by default they are left
	// out. (tools.NewServer passes a catalog view without them anyway.)
	ExposeHidden bool
}

// Extension serves one catalog through SEP-2640. Its methods are safe for
// concurrent use; one Extension may be installed on several servers.
type Extension struct {
	cat  Catalog
	log  *slog.Logger
	opts Options

	// gen counts catalog changes. The view is rebuilt from the catalog on
	// the first use after a change (current), never per request and never
	// inside the catalog's change callback, which must not block.
	gen     atomic.Uint64
	buildMu sync.Mutex // one view build at a time
	kick    chan struct{}

	// mu guards v (replaced, never modified) and the caches. Entries and
	// digests are computed on first use and kept until what they depend
	// on changes.
	mu      sync.Mutex
	v       *view
	entries map[string]cachedEntry    // skill id → entry
	digests map[string]string         // digestKey → hex SHA-256
	fms     map[string]map[string]any // skill id NUL SKILL.md hash → frontmatter

	srvMu   sync.Mutex
	servers []*mcp.Server
}

// New returns an Extension over cat and subscribes it to cat's changes.
func New(cat Catalog, opts *Options) *Extension {
	e := &Extension{cat: cat, entries: map[string]cachedEntry{}, digests: map[string]string{}, fms: map[string]map[string]any{}}
	if opts != nil {
		e.opts = *opts
	}
	e.log = e.opts.Logger
	if e.log == nil {
		e.log = slog.New(slog.DiscardHandler)
	}
	if e.opts.PageSize <= 0 {
		e.opts.PageSize = DefaultPageSize
	}
	if e.opts.DirPageSize <= 0 {
		e.opts.DirPageSize = DefaultDirPageSize
	}
	if e.opts.TTL <= 0 {
		e.opts.TTL = DefaultTTL
	}
	e.kick = make(chan struct{}, 1)
	notified := e.current()
	cat.Subscribe(func(index.Change) {
		e.gen.Add(1)
		select {
		case e.kick <- struct{}{}:
		default: // a rebuild is already due; it will see this change too
		}
	})
	// The notifier rebuilds the view after changes, off the catalog's
	// path, tells the clients when the listing changed (which computes
	// every listed skill's fingerprint), and drops cached digests and
	// entries of file versions gone. It lives as
	// long as the catalog it watches (the process).
	go func() {
		for range e.kick {
			v := e.current()
			if !sameListing(notified, v) {
				e.notifyListChanged()
			}
			notified = v
			e.pruneDigests(v)
		}
	}()
	return e
}

// Capability is the settings object the server declares under
// capabilities.extensions[ID]: inline (no envelope), directoryRead true.
func Capability() map[string]any { return map[string]any{"directoryRead": true} }

// Capabilities returns server capabilities declaring the extension, to pass
// as mcp.ServerOptions.Capabilities. It keeps what the SDK declares by
// default (logging); tools, resources and prompts are still inferred from
// what the server registers.
func Capabilities() *mcp.ServerCapabilities {
	return &mcp.ServerCapabilities{
		Logging:    &mcp.LoggingCapabilities{},
		Extensions: map[string]any{ID: Capability()},
	}
}

// Install registers the extension's methods and its resources middleware
// on s. The server must declare the extension (Capabilities) and serve the
// skill:// resources of package tools. Errors come from the SDK refusing a
// method name.
func (e *Extension) Install(s *mcp.Server) error {
	if err := mcp.AddReceivingCustomMethod(s, "skills/list", e.listSkills); err != nil {
		return err
	}
	if err := mcp.AddReceivingCustomMethod(s, "skills/get", e.getSkill); err != nil {
		return err
	}
	if err := mcp.AddReceivingCustomMethod(s, "resources/directory/read", e.readDirectory); err != nil {
		return err
	}
	s.AddReceivingMiddleware(e.middleware)
	e.srvMu.Lock()
	e.servers = append(e.servers, s)
	e.srvMu.Unlock()
	return nil
}

// current returns the view of the catalog as it is now, building it when
// the catalog changed since the last build.
func (e *Extension) current() *view {
	g := e.gen.Load()
	e.mu.Lock()
	v := e.v
	e.mu.Unlock()
	if v != nil && v.gen == g {
		return v
	}
	e.buildMu.Lock()
	defer e.buildMu.Unlock()
	e.mu.Lock()
	v = e.v
	e.mu.Unlock()
	if v != nil && v.gen == e.gen.Load() {
		return v // built by another caller meanwhile
	}
	return e.rebuild()
}

// rebuild replaces the view from the catalog (the generation is read first,
// so a change during the build makes the next call build again), drops
// cached entries and frontmatter of skills the view no longer has, and
// logs what is left out when that changed. Called with buildMu held.
//
// It touches no skill's file list: an entry whose files changed is
// recomputed when its page is next asked for (entry compares
// fingerprints), and digests nothing uses any more are dropped by the
// notifier, off the request path (pruneDigests).
func (e *Extension) rebuild() *view {
	g := e.gen.Load()
	v := buildView(e.cat.Records(index.ListOptions{IncludeShadowed: true, IncludeInvalid: true}), e.opts.ExposeHidden)
	v.gen = g
	e.mu.Lock()
	old := e.v
	e.v = v
	for id, c := range e.entries {
		if vs, ok := v.byID[id]; !ok || vs.uri != c.entry.URI {
			delete(e.entries, id)
		}
	}
	for k := range e.fms {
		id, hash, _ := strings.Cut(k, "\x00")
		if vs, ok := v.byID[id]; !ok || vs.sk.Hash != hash {
			delete(e.fms, k)
		}
	}
	e.mu.Unlock()
	if old == nil || !sameNotes(old.notes, v.notes) {
		for _, n := range v.notes {
			e.log.Warn("skills extension: skills left out of skills/list and skills/get (the tools still serve them)",
				"why", n.msg, "count", n.count, "examples", n.ids)
		}
	}
	return v
}

// pruneDigests drops the digests computed here (files the catalog did not
// hash) of file versions v no longer has, and the entries whose files
// changed. It lists every skill's files, so it runs in the notifier, not
// on a request; it does nothing when v is no longer current (the next run
// prunes against the newer view, and must not lose what that one uses).
func (e *Extension) pruneDigests(v *view) {
	live := map[string]bool{}
	fps := make(map[string]uint64, len(v.all))
	for _, vs := range v.all {
		for _, f := range vs.files() {
			if f.info.Hash == "" {
				live[digestKey(f)] = true
			}
		}
		fps[vs.id] = vs.fingerprint()
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.v != v {
		return
	}
	for k := range e.digests {
		if !live[k] {
			delete(e.digests, k)
		}
	}
	for id, c := range e.entries {
		if fp, ok := fps[id]; !ok || fp != c.fp {
			delete(e.entries, id)
		}
	}
}

func sameNotes(a, b []note) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].msg != b[i].msg || a[i].count != b[i].count {
			return false
		}
	}
	return true
}

func sameListing(a, b *view) bool {
	if a == nil || len(a.listed) != len(b.listed) {
		return false
	}
	for i := range a.listed {
		if a.listed[i].uri != b.listed[i].uri || a.listed[i].fingerprint() != b.listed[i].fingerprint() {
			return false
		}
	}
	return true
}

// listChangedMarker is the URI of the resource added and removed to make
// the SDK send notifications/resources/list_changed: v1.8.0 has no public
// way to send it, and adding then removing a resource is two changes its
// 10 ms debounce folds into one notification. resources/list never shows
// the marker (the middleware answers resources/list).
const listChangedMarker = Scheme + "skilldex.invalid/list-changed"

// notifyListChanged tells every installed server's clients that the skill
// listing changed (an entry's digests, a skill added or removed): they
// re-list resources, and extension-aware hosts re-list skills.
func (e *Extension) notifyListChanged() {
	e.srvMu.Lock()
	servers := append([]*mcp.Server(nil), e.servers...)
	e.srvMu.Unlock()
	for _, s := range servers {
		s.AddResource(&mcp.Resource{URI: listChangedMarker, Name: "list-changed"}, func(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return nil, mcp.ResourceNotFoundError(listChangedMarker)
		})
		s.RemoveResources(listChangedMarker)
	}
}
