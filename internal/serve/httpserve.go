package serve

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/skilldex/skilldex/tools"
)

// httpTarget reads --http ADDR: unix:PATH (loopback for the exposure
// rules: Listen makes its folder the user's alone), or a TCP address as
// HTTPAddr reads it.
func httpTarget(v string) (addr string, loopback, unix bool, err error) {
	if path, ok := strings.CutPrefix(strings.TrimSpace(v), UnixPrefix); ok {
		return UnixPrefix + path, true, true, nil
	}
	addr, loopback, err = HTTPAddr(v)
	return addr, loopback, false, err
}

// checkHTTP applies the exposure rules to p: a non-loopback bind needs a
// token (CheckExposure), and one with a token logs that it travels in
// clear (WarnExposure).
func checkHTTP(p HTTPParams, scripts bool, log *slog.Logger) error {
	addr, loopback, _, err := httpTarget(p.Addr)
	if err != nil {
		return err
	}
	if err := CheckExposure(addr, loopback, Guard{Token: p.Token, AllowedHosts: p.AllowedHosts}); err != nil {
		return err
	}
	WarnExposure(log, addr, loopback, p.Token, scripts)
	return nil
}

// resolveHTTPToken settles the token of serve --http before anything
// listens (ResolveToken: --token, --token-file, or one generated when
// scripts are on a TCP port), and shows a generated one on stderr, the
// user's alone.
func resolveHTTPToken(p *HTTPParams, tokenFile string, scripts bool, stderr io.Writer) error {
	_, _, unix, err := httpTarget(p.Addr)
	if err != nil {
		return err
	}
	token, generated, err := ResolveToken(TokenPolicy{Token: p.Token, TokenFile: tokenFile, Scripts: scripts, Unix: unix})
	if err != nil {
		return err
	}
	p.Token = token
	if generated {
		fmt.Fprintf(stderr, "skilldex: scripts are on and any user of this machine can reach a loopback port, so every request needs\n"+
			"  Authorization: Bearer TOKEN (choose your own with --token-file FILE, or serve on --http unix:PATH)\n"+
			"skilldex: token for this run: %s\n", token)
	}
	return nil
}

// listenHTTP listens on p.Addr and returns the server of every HTTP
// surface there (not yet serving): MCP at /mcp from srv, the JSON API over
// view, /metrics, /healthz and /readyz from ops, and the web catalog at /
// (web: WebCatalog), behind one guard.
func listenHTTP(p HTTPParams, srv *mcp.Server, view tools.View, ops *Ops, web http.Handler, log *slog.Logger) (*Listener, *http.Server, error) {
	g := Guard{Token: p.Token, AllowedHosts: p.AllowedHosts, Routes: ops.Routes(view, web, log)}
	ln, err := Listen(p.Addr)
	if err != nil {
		return nil, nil, err
	}
	return ln, NewHTTPServer(ops.Metrics.InstrumentHTTP("other", NewHTTPHandler(srv, g, log))), nil
}

// servingLine is the line serve prints once HTTP is served: "serving MCP
// at URL" first, as clients and scripts read the address from it.
func servingLine(url string, skills int, shared bool) string {
	how := ""
	if shared {
		how = "; shared server, stop it with skilldex serve --stop"
	}
	if path, ok := strings.CutPrefix(url, UnixPrefix); ok {
		return fmt.Sprintf("skilldex: serving MCP at %s (%s%s; HTTP at path /mcp, the JSON API at /api/v1/: curl --unix-socket %s http://localhost/api/v1/skills); press Ctrl-C to stop\n",
			url, plural(skills, "skill", "skills"), how, path)
	}
	base := strings.TrimSuffix(url, "/mcp")
	return fmt.Sprintf("skilldex: serving MCP at %s (%s%s); JSON API at %s/api/v1/, metrics at /metrics, probes at /healthz and /readyz; press Ctrl-C to stop\n"+
		"skilldex: web catalog at %s/\n", url, plural(skills, "skill", "skills"), how, base, base)
}
