package serve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/audit"
	"github.com/skilldex/skilldex/internal/mcpshare"
	"github.com/skilldex/skilldex/tools"
	"github.com/skilldex/skilldex/tools/sandbox"
	"golang.org/x/net/netutil"
)

// SessionOptions are what one client of the shared server asks it to
// serve: the settings that change the tools, not the catalog. They are
// per session: every distinct set gets MCP servers of its own, so one
// session's profiles, hidden skills or scripts never reach another.
type SessionOptions struct {
	Profiles     []string `json:"profiles"`
	AllowScripts bool     `json:"allow_scripts"`
	Sandbox      string   `json:"sandbox"` // bwrap (default) or none
	ExposeHidden bool     `json:"expose_hidden"`
	ScriptPaths  []string `json:"script_paths,omitempty"`
	Audit        string   `json:"audit,omitempty"` // warn, hide or off
}

// Deps are what the server takes from the commands: the sandbox for
// scripts.
type Deps struct {
	// Sandbox returns the sandbox kind names ("bwrap", "none").
	Sandbox func(kind string, log *slog.Logger) (sandbox.Sandbox, error)
	// Sources, when set, is called once the serving process (this one,
	// or the shared server) serves cat, when dc names lockfiles: until
	// ctx ends it follows them, replacing cat's roots when their sources
	// change, and refreshes the sources with --refresh-sources
	// (cmd/skilldex, internal/sources.Follower). It returns at once with
	// catchUp, which a client's arrival calls (a stdio session, a
	// one-shot command's open): it returns once cat serves what the
	// lockfiles lock now, so a session started right after skilldex add
	// sees the source.
	Sources func(ctx context.Context, cat *index.Catalog, dc *DaemonConfig, log *slog.Logger) (catchUp func())
}

// Backend is the shared server's catalog and what it serves from it: MCP
// servers (one per distinct SessionOptions for stdio sessions, one per
// HTTP listener), answers to one-shot CLI clients, and HTTP listeners. It
// implements mcpshare.Backend.
type Backend struct {
	cat  *index.Catalog
	log  *slog.Logger
	deps Deps

	mu      sync.Mutex
	servers map[string]*mcp.Server
	monitor *audit.Monitor // the catalog's security audit, made by the first server that wants it
	https   map[*httpListener]bool
	updated atomic.Int64 // Unix nanoseconds the catalog last caught up
	// ops are the metrics and probes its HTTP listeners serve (SetOps);
	// nil: made at the first listener. stopAudit ends their audit
	// watch (Close).
	ops       *Ops
	stopAudit context.CancelFunc
	// catchUp brings the catalog's git sources up to date with the
	// lockfiles (Deps.Sources' catchUp; FollowSources); nil: none.
	catchUp atomic.Pointer[func()]
}

var _ mcpshare.Backend = (*Backend)(nil)

// NewBackend serves cat (owned by the caller until Close, which closes
// it).
func NewBackend(cat *index.Catalog, deps Deps, log *slog.Logger) *Backend {
	b := &Backend{cat: cat, log: log, deps: deps, servers: map[string]*mcp.Server{}, https: map[*httpListener]bool{}}
	b.touch()
	cat.Subscribe(func(index.Change) { b.touch() })
	return b
}

func (b *Backend) touch() { b.updated.Store(time.Now().UnixNano()) }

// SetOps gives the backend the metrics and probes of its catalog (made
// before the catalog opened, with its watcher wrapped by them); every MCP
// server it builds afterwards is timed by them.
func (b *Backend) SetOps(o *Ops) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.ops = o
}

// FollowSources gives the backend the catchUp of Deps.Sources, called
// as each stdio session and each one-shot command arrives.
func (b *Backend) FollowSources(catchUp func()) { b.catchUp.Store(&catchUp) }

// catchUpSources brings the catalog's sources up to date with the
// lockfiles (one stat each when nothing changed).
func (b *Backend) catchUpSources() {
	if fn := b.catchUp.Load(); fn != nil && *fn != nil {
		(*fn)()
	}
}

// Server returns the MCP server for a stdio session's options (the same
// server for equal options), once the catalog serves what the lockfiles
// lock now.
func (b *Backend) Server(raw json.RawMessage) (*mcp.Server, error) {
	so, key, err := parseOptions(raw)
	if err != nil {
		return nil, err
	}
	b.catchUpSources()
	b.mu.Lock()
	defer b.mu.Unlock()
	if s := b.servers[key]; s != nil {
		return s, nil
	}
	s, _, err := b.build(so)
	if err != nil {
		return nil, err
	}
	b.servers[key] = s
	return s, nil
}

func parseOptions(raw json.RawMessage) (SessionOptions, string, error) {
	var so SessionOptions
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &so); err != nil {
			return so, "", fmt.Errorf("serve options: %w", err)
		}
	}
	switch so.Audit {
	case "", "warn", "hide", "off":
	default:
		return so, "", fmt.Errorf("serve options: audit %q: use warn, hide or off", so.Audit)
	}
	key, _ := json.Marshal(so)
	return so, string(key), nil
}

// build makes a new MCP server for so, and returns the catalog as its
// tools show it (the JSON API's view); b.mu held.
func (b *Backend) build(so SessionOptions) (*mcp.Server, tools.View, error) {
	topts := &tools.Options{Profiles: so.Profiles, Logger: b.log, ExposeHidden: so.ExposeHidden, ScriptPaths: so.ScriptPaths}
	if so.Audit != "off" {
		if b.monitor == nil {
			b.monitor = AuditMonitor(b.cat, b.log)
			if b.ops != nil {
				ctx, cancel := context.WithCancel(context.Background())
				b.stopAudit = cancel
				go b.ops.WatchAudit(ctx, b.cat, b.monitor, b.log)
			}
		}
		m := b.monitor
		if so.Audit == "warn" || so.Audit == "" {
			// warn audits the whole catalog in the background; started
			// with the server it takes CPU from a takeover's first
			// answers, so it starts a little later, and warnings asked
			// for meanwhile are computed for their skill.
			topts.Audit = deferAudit(auditDelay, func() func(index.Skill) []string {
				warn, _, _ := ServeAudit(context.Background(), "warn", m, b.log, b.ops.AuditReport)
				return warn
			})
		} else {
			var err error
			if topts.Audit, topts.AuditHide, err = ServeAudit(context.Background(), so.Audit, m, b.log, b.ops.AuditReport); err != nil {
				return nil, nil, err
			}
		}
	}
	if so.AllowScripts {
		if b.deps.Sandbox == nil {
			return nil, nil, errors.New("this server cannot run scripts (no sandbox)")
		}
		sb, err := b.deps.Sandbox(so.Sandbox, b.log)
		if err != nil {
			return nil, nil, err
		}
		topts.Sandbox = sandbox.Limit(sb, 0, 0)
	}
	start := time.Now()
	h := tools.New(b.cat, topts)
	s, err := h.NewServer()
	if err != nil {
		return nil, nil, err
	}
	if b.ops != nil {
		s.AddReceivingMiddleware(b.ops.Metrics.MCPMiddleware())
	}
	key, _ := json.Marshal(so)
	b.log.Info("server ready", "options", string(key), "took", time.Since(start).Round(time.Millisecond))
	return s, h.View(), nil
}

// auditDelay is how long after a shared server's tools are built its
// background audit of the whole catalog (audit warn) starts.
const auditDelay = 2 * time.Second

// deferAudit returns a warning function that starts the audit (start
// returns the warning function, which starts the background pass) after
// delay, or at the first call if that comes first; start runs once.
func deferAudit(delay time.Duration, start func() func(index.Skill) []string) func(index.Skill) []string {
	var once sync.Once
	var warn func(index.Skill) []string
	run := func() { once.Do(func() { warn = start() }) }
	time.AfterFunc(delay, run)
	return func(s index.Skill) []string {
		run()
		if warn == nil {
			return nil
		}
		return warn(s)
	}
}

// Call answers a one-shot CLI client's request line (answerCall).
func (b *Backend) Call(ctx context.Context, line []byte) []byte {
	return answerCall(ctx, b.cat, line, b.catchUpSources, b.touch)
}

// HTTPParams are the "http" op's parameters: serve's --http, --token and
// --allowed-host, with the same rules as a serve --http of its own
// (loopback by default, Host and Origin checks, the token).
type HTTPParams struct {
	Addr         string   `json:"addr"`
	Token        string   `json:"token,omitempty"`
	AllowedHosts []string `json:"allowed_hosts,omitempty"`
}

// HTTPInfo is the answer to the "http" op.
type HTTPInfo struct {
	URL    string `json:"url"`
	Skills int    `json:"skills"`
}

// httpListener is one HTTP endpoint the shared server serves for a
// client that asked (serve --http).
type httpListener struct {
	addr string
	srv  *mcp.Server
}

// ServeHTTP listens on params' address and serves MCP there with a server
// of its own for options (its sessions counted apart, its policy its
// own), behind the HTTP guard, until stop.
func (b *Backend) ServeHTTP(ctx context.Context, options, params json.RawMessage) (json.RawMessage, func(), error) {
	so, _, err := parseOptions(options)
	if err != nil {
		return nil, nil, err
	}
	var p HTTPParams
	if err := json.Unmarshal(params, &p); err != nil {
		return nil, nil, fmt.Errorf("http params: %w", err)
	}
	if err := checkHTTP(p, so.AllowScripts, b.log); err != nil {
		return nil, nil, err
	}
	b.mu.Lock()
	if b.ops == nil {
		// A backend made without them (tests): metrics from now on, and
		// a catalog that is ready once its bodies are indexed.
		b.ops = NewOps(false)
		b.ops.Attach(context.Background(), b.cat)
	}
	ops := b.ops
	srv, view, err := b.build(so)
	mon := b.monitor
	b.mu.Unlock()
	if err != nil {
		return nil, nil, err
	}
	ln, hs, err := listenHTTP(p, srv, view, ops, WebCatalog(b.cat, so, mon, p.Token, b.log), b.log)
	if err != nil {
		return nil, nil, err
	}
	hl := &httpListener{addr: ln.Addr().String(), srv: srv}
	url := ln.URL + "/mcp"
	if ln.Unix {
		hl.addr, url = ln.URL, ln.URL
	}
	go func() {
		if err := hs.Serve(netutil.LimitListener(ln, MaxConns)); !errors.Is(err, http.ErrServerClosed) {
			b.log.Error("http", "addr", hl.addr, "err", err)
		}
	}()
	b.mu.Lock()
	b.https[hl] = true
	b.mu.Unlock()
	b.log.Info("serving MCP over HTTP", "addr", hl.addr)
	var once sync.Once
	stop := func() {
		once.Do(func() {
			sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			_ = hs.Shutdown(sctx)
			b.mu.Lock()
			delete(b.https, hl)
			b.mu.Unlock()
			b.log.Info("stopped serving MCP over HTTP", "addr", hl.addr)
		})
	}
	info, _ := json.Marshal(HTTPInfo{URL: url, Skills: b.cat.Len()})
	return info, stop, nil
}

// Stats fills the HTTP sessions, the HTTP addresses and the catalog's
// last catch-up.
func (b *Backend) Stats(st *mcpshare.Status) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for hl := range b.https {
		st.HTTPAddrs = append(st.HTTPAddrs, hl.addr)
		for range hl.srv.Sessions() {
			st.HTTPSessions++
		}
	}
	st.CatalogUpdated = time.Unix(0, b.updated.Load()).UTC()
	// The roots now: a catalog that follows lockfiles gains and loses
	// sources while it serves.
	st.Serving = describe(b.cat.DataDir(), b.cat.Roots())
}

// describe is what a status says the server serves: its catalog's data
// dir and roots.
func describe(dataDir string, roots []index.Root) string {
	paths := make([]string, 0, len(roots))
	for _, r := range roots {
		paths = append(paths, r.Path)
	}
	return fmt.Sprintf("data dir %s; roots %s", dataDir, strings.Join(paths, ", "))
}

// Close saves the audit cache and closes the catalog.
func (b *Backend) Close() error {
	b.mu.Lock()
	m := b.monitor
	if b.stopAudit != nil {
		b.stopAudit()
	}
	b.mu.Unlock()
	if m != nil {
		m.Close() // saves the audit cache; its errors are logged
	}
	return b.cat.Close()
}

// splitList splits comma-separated entries and drops empty ones.
func splitList(in []string) []string {
	var out []string
	for _, s := range in {
		for _, p := range strings.Split(s, ",") {
			if p = strings.TrimSpace(p); p != "" {
				out = append(out, p)
			}
		}
	}
	return out
}
