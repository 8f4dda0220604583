// Package web serves the skill catalog to people: a search page whose
// results follow the search_skills MCP tool's ranking, a page per skill
// (SKILL.md rendered and sanitized, its frontmatter, files, shadowing,
// doctor warnings and security audit findings, how to use it) and each
// file as text. Pages are rendered on the server with html/template, so
// every address works without JavaScript and can be shared as a link; a
// small embedded script adds search as you type and keyboard navigation.
// The pages load nothing from other hosts and run under a strict
// Content-Security-Policy (no inline script or style). docs/web.md is the
// user-facing contract.
//
// This package serves the skilldex command and may change without notice;
// programs embedding a catalog import the module's root package,
// github.com/skilldex/skilldex.
package web

import (
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/audit"
)

// Catalog is the part of *index.Catalog the web pages read. It is also
// the audit's Source, so a Monitor can be made over it.
type Catalog interface {
	Records(index.ListOptions) []*index.Skill
	Get(id string) (index.Skill, bool)
	Load(ctx context.Context, ref string) (*index.Loaded, error)
	ReadFile(ctx context.Context, ref, rel string) (*index.File, error)
	Search(ctx context.Context, req index.SearchRequest) (*index.SearchResult, error)
	Roots() []index.Root
	Subscribe(fn func(index.Change))
}

// Auditor returns a skill's security audit findings, most serious first:
// *audit.Monitor's Skill method.
type Auditor interface {
	Skill(ctx context.Context, s index.Skill) []audit.Finding
}

// Options configure the web catalog. The zero value serves every skill
// but the author-hidden ones, audits skills with its own audit.Monitor,
// and asks no token.
type Options struct {
	// ExposeHidden shows skills whose authors hid them from the model
	// (index.Skill.DisableModelInvocation; serve --expose-hidden). By
	// default they are left out of every page, as the MCP tools leave
	// them out of every list and search: a hidden skill's page answers
	// 404 like a skill that does not exist.
	ExposeHidden bool
	// Audit gives each skill's security audit findings (the server's
	// audit.Monitor, so the web and the MCP tools share one audit); nil
	// makes a Monitor over the catalog without a cache.
	Audit Auditor
	// Token, when not empty, is required to see any page: as
	// "Authorization: Bearer TOKEN" or as the cookie CookieName, which
	// the form at /login sets. Requests without it are sent to /login.
	Token string
	// AgentSetup is the command shown under "How to use it"; "" means
	// DefaultAgentSetup.
	AgentSetup string
	// Logger receives errors of pages that could not be rendered; nil
	// discards.
	Logger *slog.Logger
	// AuditSweep, when true, audits every skill in the background once
	// the first list page asks for audit statuses (1 skill at a time), so
	// lists can show and filter by audit status. Off, a list shows the
	// statuses of skills audited so far (their pages were opened, or
	// Prime ran on a shared Monitor and a page was opened).
	AuditSweep bool
}

// DefaultAgentSetup is the setup line a skill page shows: the command
// that writes skilldex's MCP server entry into Claude Code's config
// (cmd/skilldex init-agent; other agents are listed beside it).
const DefaultAgentSetup = "skilldex init-agent claude --write"

// CookieName is the cookie /login sets to the token: HttpOnly,
// SameSite=Strict, Path=/. The HTTP guard of serve --http accepts it as
// it accepts "Authorization: Bearer TOKEN".
const CookieName = "skilldex_token"

//go:embed assets
var assets embed.FS

// handler serves the pages; see New.
type handler struct {
	cat   Catalog
	opts  Options
	log   *slog.Logger
	audit Auditor
	mux   *http.ServeMux
	// tokenSum is the SHA-256 of Options.Token (compared in constant
	// time); nil without a token.
	tokenSum []byte

	gen  atomic.Uint64 // catalog changes seen
	mu   sync.Mutex
	snap *snapshot // the visible skills at generation snap.gen

	statuses *statusCache
	// assetVersion is a hash of the embedded assets, in their URLs, so a
	// browser caches them until the binary changes.
	assetVersion string
}

// New returns the web catalog over cat as an http.Handler to mount at /.
// It serves GET and HEAD on:
//
//	/                    search (?q=) or the whole list, paged and filtered
//	/skills/{id}         a skill's page; ?file=REL a file of it as a page,
//	                     ?file=REL&raw=1 the file as text/plain
//	/static/...          the embedded script and style sheet
//	/login               the token form (POST sets the cookie), with a token
//
// and answers 405 to other methods. Every answer carries the
// Content-Security-Policy, X-Content-Type-Options, Referrer-Policy and
// frame headers of securityHeaders.
func New(cat Catalog, opts Options) http.Handler {
	h := &handler{cat: cat, opts: opts, log: opts.Logger, audit: opts.Audit}
	if h.log == nil {
		h.log = slog.New(slog.DiscardHandler)
	}
	if h.opts.AgentSetup == "" {
		h.opts.AgentSetup = DefaultAgentSetup
	}
	if h.audit == nil {
		h.audit = audit.NewMonitor(cat, audit.Options{})
	}
	if opts.Token != "" {
		s := sha256.Sum256([]byte(opts.Token))
		h.tokenSum = s[:]
	}
	h.statuses = newStatusCache()
	h.assetVersion = assetsVersion()
	cat.Subscribe(func(index.Change) { h.gen.Add(1) }) // must not block
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", h.search)
	mux.HandleFunc("GET /skills/{id...}", h.skill)
	mux.HandleFunc("GET /static/{name}", h.static)
	mux.HandleFunc("GET /login", h.loginForm)
	mux.Handle("POST /login", http.NewCrossOriginProtection().Handler(http.HandlerFunc(h.login)))
	mux.Handle("POST /logout", http.NewCrossOriginProtection().Handler(http.HandlerFunc(h.logout)))
	mux.HandleFunc("/", h.notFound)
	h.mux = mux
	return h
}

// ServeHTTP applies the security headers, the method rule and the token,
// then routes.
func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	securityHeaders(w.Header())
	switch r.Method {
	case http.MethodGet, http.MethodHead:
	case http.MethodPost:
		if r.URL.Path != "/login" && r.URL.Path != "/logout" {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "the web catalog is read-only: only GET and HEAD", http.StatusMethodNotAllowed)
			return
		}
	default:
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "the web catalog is read-only: only GET and HEAD", http.StatusMethodNotAllowed)
		return
	}
	if h.tokenSum != nil && !Public(r) && !h.authorized(r) {
		h.toLogin(w, r)
		return
	}
	h.mux.ServeHTTP(w, r)
}

// Public reports whether r may reach the web catalog without a token:
// the login form and its POST, the logout POST, and the embedded static
// assets (the login page's style). An HTTP guard in front of the
// handler lets these through; the handler checks the token on every
// other request itself.
func Public(r *http.Request) bool {
	p := r.URL.Path
	return p == "/login" || p == "/logout" || strings.HasPrefix(p, "/static/")
}

// csp is the Content-Security-Policy of every answer: scripts and styles
// only from this server's /static/ files (no inline code, no eval), no
// other host reached, no framing, forms posting only here.
const csp = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
	"form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

// securityHeaders sets the headers every answer carries.
func securityHeaders(hd http.Header) {
	hd.Set("Content-Security-Policy", csp)
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Referrer-Policy", "no-referrer")
	hd.Set("X-Frame-Options", "DENY")
	hd.Set("Cross-Origin-Opener-Policy", "same-origin")
	hd.Set("Cross-Origin-Resource-Policy", "same-origin")
}

// assetsVersion hashes the embedded assets.
func assetsVersion() string {
	sum := sha256.New()
	for _, n := range []string{"assets/app.js", "assets/style.css"} {
		b, _ := assets.ReadFile(n)
		sum.Write(b)
	}
	return hex.EncodeToString(sum.Sum(nil))[:12]
}

// static serves app.js and style.css from the embedded assets.
func (h *handler) static(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	var ctype string
	switch name {
	case "app.js":
		ctype = "text/javascript; charset=utf-8"
	case "style.css":
		ctype = "text/css; charset=utf-8"
	default:
		h.notFound(w, r)
		return
	}
	b, err := assets.ReadFile("assets/" + name)
	if err != nil {
		h.notFound(w, r)
		return
	}
	w.Header().Set("Content-Type", ctype)
	if r.URL.Query().Get("v") == h.assetVersion {
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		w.Header().Set("Cache-Control", "no-cache")
	}
	_, _ = w.Write(b)
}
