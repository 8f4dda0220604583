package serve

import (
	"bytes"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// MaxRequestBytes bounds the body of one HTTP request to /mcp: 1 MiB. The
// largest legitimate request is a tools/call with script arguments, far
// below it; the SDK answers a larger body with 413.
const MaxRequestBytes = 1 << 20

// HTTPAddr returns the address --http ADDR listens on and whether it is a
// loopback address. A bare port (":8080" or "8080") binds to 127.0.0.1, so
// serving HTTP never exposes the catalog to the network by accident; an
// explicit host, such as
// 0.0.0.0 or a LAN address, is kept. Errors: ADDR is not host:port or port.
func HTTPAddr(v string) (addr string, loopback bool, err error) {
	v = strings.TrimSpace(v)
	if !strings.Contains(v, ":") {
		v = ":" + v
	}
	host, port, err := net.SplitHostPort(v)
	if err != nil || port == "" {
		return "", false, fmt.Errorf("--http %q: want HOST:PORT or PORT, such as 127.0.0.1:8765 or :8765", v)
	}
	if host == "" {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, port), isLoopbackHost(host), nil
}

// isLoopbackHost reports whether host (no port) is "localhost" or a
// loopback IP (127.0.0.0/8, ::1).
func isLoopbackHost(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip, err := netip.ParseAddr(strings.Trim(host, "[]"))
	return err == nil && ip.IsLoopback()
}

// Guard is what TokenHandler enforces besides the SDK's own checks.
type Guard struct {
	// Token, when not empty, is required as "Authorization: Bearer TOKEN".
	Token string
	// AllowedHosts are host names (no port) accepted in Host and Origin
	// besides IP literals and localhost (see hostAllowed).
	AllowedHosts []string
	// MaxSessions bounds the open stateful sessions; 0 means maxSessions.
	MaxSessions int
	// BodyTimeout bounds the time to read one request body; 0 means
	// bodyTimeout.
	BodyTimeout time.Duration
	// Routes are the surfaces served beside /mcp (routes.go); nil serves
	// /mcp alone.
	Routes *Routes
}

// HTTP limits. A request body must arrive within
// bodyTimeout of its headers (ReadHeaderTimeout bounds those), so a
// client trickling a body cannot hold a connection; at most MaxConns
// connections are open at once (more wait in the kernel's accept queue
// instead of using up file descriptors); at most maxSessions stateful MCP
// sessions exist at once, each closed after sessionIdle without a request;
// an idle keep-alive connection is closed after connIdle.
const (
	bodyTimeout       = 30 * time.Second
	readHeaderTimeout = 10 * time.Second
	connIdle          = 2 * time.Minute
	MaxConns          = 1024
	maxSessions       = 256
)

// sessionIdle closes an HTTP session no request has used for that long: a
// client that goes away without DELETE would otherwise keep its session
// and goroutines for the life of the server.
const sessionIdle = 30 * time.Minute

// TokenHandler is NewHTTPHandler with only a token (tests and benchmarks).
func TokenHandler(srv *mcp.Server, token string, log *slog.Logger) http.Handler {
	return NewHTTPHandler(srv, Guard{Token: token}, log)
}

// NewHTTPHandler serves srv over streamable HTTP at /mcp behind the guards,
// outermost first:
//
//   - Host and Origin (DNS rebinding, whatever the bind; hostAllowed): 403;
//   - a bearer token when g.Token is not empty (401 with WWW-Authenticate
//     otherwise; RFC 6750), compared in constant time;
//   - cross-origin protection (net/http's CrossOriginProtection): a
//     browser page on another origin cannot post to the server;
//   - the request body read within g.BodyTimeout and up to MaxRequestBytes
//     (408 and 413);
//   - at most g.MaxSessions stateful sessions (503 for one more
//     initialize);
//   - the go-sdk's own DNS-rebinding check on loopback addresses (on by
//     default since go-sdk v1.4; DisableLocalhostProtection stays false).
func NewHTTPHandler(srv *mcp.Server, g Guard, log *slog.Logger) http.Handler {
	if g.MaxSessions <= 0 {
		g.MaxSessions = maxSessions
	}
	if g.BodyTimeout <= 0 {
		g.BodyTimeout = bodyTimeout
	}
	get := func(*http.Request) *mcp.Server { return srv }
	stateful := mcp.NewStreamableHTTPHandler(get,
		&mcp.StreamableHTTPOptions{MaxRequestBodyBytes: MaxRequestBytes, Logger: log, SessionTimeout: sessionIdle})
	stateless := mcp.NewStreamableHTTPHandler(get,
		&mcp.StreamableHTTPOptions{MaxRequestBodyBytes: MaxRequestBytes, Logger: log, Stateless: true})
	var h http.Handler = byProtocol(limitSessions(srv, g.MaxSessions, stateful), stateless)
	h = readBody(g.BodyTimeout, h)
	h = g.Routes.handler(http.NewCrossOriginProtection().Handler(h), g.Token)
	return checkHost(g.AllowedHosts, h)
}

// NewHTTPServer is the http.Server serve --http runs: header and idle
// timeouts (the body deadline is per request, in readBody, so long-lived
// SSE responses are not cut).
func NewHTTPServer(h http.Handler) *http.Server {
	return &http.Server{Handler: h, ReadHeaderTimeout: readHeaderTimeout, IdleTimeout: connIdle}
}

// hostAllowed reports whether host (a Host header or an Origin's host,
// port or not) may reach the server: an IP literal (a DNS-rebinding attack
// always arrives under the attacker's name, never an address), localhost,
// or a name in allowed (case-insensitive).
func hostAllowed(host string, allowed []string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.Trim(host, "[]"), ".")
	if host == "" {
		return false
	}
	if _, err := netip.ParseAddr(host); err == nil || strings.EqualFold(host, "localhost") {
		return true
	}
	for _, a := range allowed {
		if strings.EqualFold(host, strings.TrimSuffix(a, ".")) {
			return true
		}
	}
	return false
}

// checkHost answers 403 to a request whose Host, or whose Origin's host,
// hostAllowed refuses (a non-loopback bind accepted
// Host/Origin attacker.example). An Origin of "null" (sandboxed or file
// pages) is refused too.
func checkHost(allowed []string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !hostAllowed(r.Host, allowed) {
			http.Error(w, fmt.Sprintf("Forbidden: Host %q is not an IP address, localhost or an allowed host (serve --allowed-host)", r.Host), http.StatusForbidden)
			return
		}
		if o := r.Header.Get("Origin"); o != "" {
			u, err := url.Parse(o)
			if err != nil || u.Host == "" || !hostAllowed(u.Host, allowed) {
				http.Error(w, fmt.Sprintf("Forbidden: Origin %q is not an IP address, localhost or an allowed host (serve --allowed-host)", o), http.StatusForbidden)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// readBody reads the whole request body (up to MaxRequestBytes+1) within
// timeout before the handler runs, then clears the connection's read
// deadline: a trickled body fails with 408 and frees its connection, and
// a stream that stays open afterwards is not cut.
func readBody(timeout time.Duration, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Body == nil || r.Body == http.NoBody {
			next.ServeHTTP(w, r)
			return
		}
		rc := http.NewResponseController(w)
		_ = rc.SetReadDeadline(time.Now().Add(timeout))
		body, err := io.ReadAll(io.LimitReader(r.Body, MaxRequestBytes+1))
		if err != nil {
			// The rest of the body may still be on its way: close the
			// connection after this answer instead of reading it. The
			// read deadline stays in the past: net/http otherwise waits,
			// with no deadline, for up to 256 KiB of the unread body
			// before closing, so a client that stops sending after the
			// 408 held its connection forever.
			_ = rc.SetReadDeadline(time.Now())
			w.Header().Set("Connection", "close")
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				http.Error(w, fmt.Sprintf("request body not received within %v", timeout), http.StatusRequestTimeout)
				return
			}
			http.Error(w, "cannot read the request body: "+err.Error(), http.StatusBadRequest)
			return
		}
		_ = rc.SetReadDeadline(time.Time{})
		r.Body = io.NopCloser(bytes.NewReader(body))
		next.ServeHTTP(w, r)
	})
}

// limitSessions answers 503, with a JSON-RPC error, to a request that would
// open a stateful session (one without Mcp-Session-Id) while max sessions
// are open.
func limitSessions(srv *mcp.Server, max int, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && r.Header.Get("Mcp-Session-Id") == "" {
			n := 0
			for range srv.Sessions() {
				n++
			}
			if n >= max {
				w.Header().Set("Content-Type", "application/json")
				w.Header().Set("Retry-After", "60")
				w.WriteHeader(http.StatusServiceUnavailable)
				fmt.Fprintf(w, `{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"too many open MCP sessions (%d); close one (HTTP DELETE) or wait: idle sessions close after %v"}}`, max, sessionIdle)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// CheckExposure refuses a non-loopback bind without a token: every HTTP
// surface (MCP, the JSON API, metrics, the web catalog) would be open to
// anyone who can reach the address. --allowed-host names only the hosts
// the Host and Origin checks accept; it authenticates no one, so it does
// not stand in for a token. A Unix
// socket counts as loopback (Listen makes its folder the user's alone).
func CheckExposure(addr string, loopback bool, g Guard) error {
	if loopback || g.Token != "" {
		return nil
	}
	return fmt.Errorf("--http %s is not a loopback address: set a token (--token, SKILLDEX_TOKEN or --token-file FILE) so that only your clients get in, or bind to 127.0.0.1 (or unix:PATH)", addr)
}

// statelessVersion is the first protocol revision without sessions
// (SEP-2575, 2026-07-28): its requests carry their version in the
// MCP-Protocol-Version header and in _meta, and go-sdk serves it only from a
// stateless handler.
const statelessVersion = "2026-07-28"

// byProtocol sends requests of the sessionless protocol (MCP-Protocol-Version
// 2026-07-28 or later, no Mcp-Session-Id) to stateless and every other
// request to stateful, so one endpoint serves clients of both revisions:
// the SEP-2640 skills extension is defined against 2026-07-28, and older
// clients keep their sessions.
func byProtocol(stateful, stateless http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if v := r.Header.Get("Mcp-Protocol-Version"); v >= statelessVersion && r.Header.Get("Mcp-Session-Id") == "" {
			stateless.ServeHTTP(w, r)
			return
		}
		stateful.ServeHTTP(w, r)
	})
}

// TokenCookie is the cookie the web catalog's login form sets to the
// token (tools/web.CookieName): HttpOnly, SameSite=Strict. requireToken
// accepts it as it accepts the Authorization header, so a browser that
// logged in reaches the JSON API too.
const TokenCookie = "skilldex_token"

// requireToken lets through only requests carrying "Authorization: Bearer
// TOKEN", or the TokenCookie cookie set to TOKEN when there is no
// Authorization header. Both tokens are hashed before the constant-time
// comparison, so neither the content nor the length of the expected token
// leaks through timing.
func requireToken(token string, next http.Handler) http.Handler {
	want := sha256.Sum256([]byte(token))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		scheme, got, ok := strings.Cut(r.Header.Get("Authorization"), " ")
		if c, err := r.Cookie(TokenCookie); err == nil && r.Header.Get("Authorization") == "" {
			scheme, got, ok = "Bearer", c.Value, true
		}
		if !ok || !strings.EqualFold(scheme, "Bearer") {
			w.Header().Set("WWW-Authenticate", `Bearer realm="skilldex"`)
			http.Error(w, "missing bearer token: send Authorization: Bearer <token> (the serve --token or --token-file value, or the one serve printed at start)", http.StatusUnauthorized)
			return
		}
		sum := sha256.Sum256([]byte(strings.TrimSpace(got)))
		if subtle.ConstantTimeCompare(sum[:], want[:]) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="skilldex", error="invalid_token"`)
			http.Error(w, "invalid bearer token", http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// WarnExposure logs, on a non-loopback bind (which CheckExposure allows
// only with a token), that the token travels in clear over plain HTTP.
func WarnExposure(log *slog.Logger, addr string, loopback bool, token string, scripts bool) {
	if loopback || token == "" {
		return
	}
	what := "every skill"
	if scripts {
		what += " and the skill scripts"
	}
	log.Warn("serving on a non-loopback address over plain HTTP: the bearer token that guards "+what+" travels in clear text; put a TLS proxy in front", "addr", addr)
}
