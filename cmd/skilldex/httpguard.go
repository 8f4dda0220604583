package main

import (
	"crypto/sha256"
	"crypto/subtle"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// maxRequestBytes bounds the body of one HTTP request to /mcp: 1 MiB. The
// largest legitimate request is a tools/call with script arguments, far
// below it; the SDK answers a larger body with 413.
const maxRequestBytes = 1 << 20

// httpAddr returns the address --http ADDR listens on and whether it is a
// loopback address. A bare port (":8080" or "8080") binds to 127.0.0.1, so
// serving HTTP never exposes the catalog to the network by accident (issue
// #8: "binds to 127.0.0.1 unless told otherwise"); an explicit host, such as
// 0.0.0.0 or a LAN address, is kept. Errors: ADDR is not host:port or port.
func httpAddr(v string) (addr string, loopback bool, err error) {
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

// httpHandler serves srv over streamable HTTP at /mcp behind the guards:
//
//   - a bearer token when token is not empty (401 with WWW-Authenticate
//     otherwise; RFC 6750), compared in constant time;
//   - cross-origin protection (net/http's CrossOriginProtection): a
//     browser page on another origin cannot post to a local server;
//   - DNS-rebinding protection: the go-sdk's streamable handler refuses,
//     with 403, a request that reached a loopback address under a Host
//     header that is not a loopback name (on by default since go-sdk
//     v1.4; we leave DisableLocalhostProtection false);
//   - request bodies up to maxRequestBytes (413 past it).
//
// sessionIdle closes an HTTP session no request has used for that long: a
// client that goes away without DELETE would otherwise keep its session
// and goroutines for the life of the server.
const sessionIdle = 30 * time.Minute

func httpHandler(srv *mcp.Server, token string, log *slog.Logger) http.Handler {
	get := func(*http.Request) *mcp.Server { return srv }
	stateful := mcp.NewStreamableHTTPHandler(get,
		&mcp.StreamableHTTPOptions{MaxRequestBodyBytes: maxRequestBytes, Logger: log, SessionTimeout: sessionIdle})
	stateless := mcp.NewStreamableHTTPHandler(get,
		&mcp.StreamableHTTPOptions{MaxRequestBodyBytes: maxRequestBytes, Logger: log, Stateless: true})
	mux := http.NewServeMux()
	mux.Handle("/mcp", http.NewCrossOriginProtection().Handler(byProtocol(stateful, stateless)))
	if token == "" {
		return mux
	}
	return requireToken(token, mux)
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

// requireToken lets through only requests carrying "Authorization: Bearer
// TOKEN". Both tokens are hashed before the constant-time comparison, so
// neither the content nor the length of the expected token leaks through
// timing.
func requireToken(token string, next http.Handler) http.Handler {
	want := sha256.Sum256([]byte(token))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		scheme, got, ok := strings.Cut(r.Header.Get("Authorization"), " ")
		if !ok || !strings.EqualFold(scheme, "Bearer") {
			w.Header().Set("WWW-Authenticate", `Bearer realm="skilldex"`)
			http.Error(w, "missing bearer token: send Authorization: Bearer <token> (the serve --token value)", http.StatusUnauthorized)
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

// warnExposure logs what a non-loopback bind exposes, and what a token
// alone does not protect (the token travels in clear over plain HTTP).
func warnExposure(log *slog.Logger, addr string, loopback bool, token string, scripts bool) {
	what := "read every skill"
	if scripts {
		what += " and run skill scripts"
	}
	switch {
	case loopback:
		return
	case token == "":
		log.Warn("serving MCP on a non-loopback address WITHOUT a token: anyone who can reach it can "+what+
			"; set --token or SKILLDEX_TOKEN, or bind to 127.0.0.1", "addr", addr)
	default:
		log.Warn("serving MCP on a non-loopback address over plain HTTP: the bearer token travels in clear text; put a TLS proxy in front", "addr", addr)
	}
}
