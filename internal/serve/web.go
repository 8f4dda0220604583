package serve

import (
	"log/slog"
	"net/http"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/audit"
	"github.com/skilldex/skilldex/tools/web"
)

// WebCatalog returns the web catalog for people (tools/web, docs/web.md)
// over cat, as a server with the session options so shows it: hidden
// skills only with --expose-hidden, the server's audit monitor (nil: the
// pages make their own), every skill audited in the background for the
// lists unless --audit=off, and the token (empty: none) that the pages
// ask for themselves.
func WebCatalog(cat *index.Catalog, so SessionOptions, mon *audit.Monitor, token string, log *slog.Logger) http.Handler {
	o := web.Options{ExposeHidden: so.ExposeHidden, Token: token, Logger: log, AuditSweep: so.Audit != "off"}
	if mon != nil {
		o.Audit = mon
	}
	return web.New(cat, o)
}
