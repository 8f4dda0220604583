package serve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"time"

	"github.com/skilldex/skilldex/index/filewatcher"
	"github.com/skilldex/skilldex/internal/mcpshare"
	"github.com/skilldex/skilldex/internal/termtext"
	"github.com/skilldex/skilldex/tools"
	"github.com/skilldex/skilldex/tools/sandbox"
	"golang.org/x/net/netutil"
	"golang.org/x/term"
)

// Command is `skilldex serve` as its flags and configuration resolved it.
type Command struct {
	// Daemon is the catalog (roots, data dir, depth, mode) and the
	// watch settings (Watch "off" for none); Idle is the shared server's.
	Daemon  DaemonConfig
	Session SessionOptions
	// HTTP.Addr "" serves stdio.
	HTTP HTTPParams
	// Share is "auto" (or "") or "off"; Mem keeps the catalog in memory
	// (and never shares).
	Share string
	Mem   bool
	Stdin io.Reader
	// Stdout carries the protocol on stdio; Stderr gets the log and the
	// lines a person reads.
	Stdout, Stderr io.Writer
	Log            *slog.Logger
	// Open opens the catalog in this process as the data dir's owner,
	// bodies indexed in the background (mem: in memory).
	Open Opener
	Deps Deps
	// TokenFile is --token-file: HTTP.Token is read from it (ReadTokenFile).
	TokenFile string
	// Ops are the metrics and probes of HTTP served from this process
	// (its Open should chain Ops.OnBuild); nil makes them here.
	Ops *Ops
}

// Run serves until ctx ends (SIGINT, SIGTERM) or, on stdio, the client
// closes stdin: through the shared server of the catalog unless Share is
// "off" or Mem is set (or this system cannot check who connects), else
// from this process. Errors: a bad --share, --http or --audit value, an
// exposure without a token, the catalog's, the listener's.
func (c *Command) Run(ctx context.Context) error {
	switch c.Share {
	case "", "auto":
	case "off":
	default:
		return fmt.Errorf("--share %q: use auto or off", c.Share)
	}
	if _, _, err := parseOptions(mustJSON(c.Session)); err != nil {
		return err
	}
	if c.Session.AllowScripts && c.Session.Sandbox == "none" {
		c.Log.Warn("scripts run WITHOUT a sandbox (--sandbox none): they can read and write anything this user can")
	}
	if c.HTTP.Addr != "" {
		if err := resolveHTTPToken(&c.HTTP, c.TokenFile, c.Session.AllowScripts, c.Stderr); err != nil {
			return err
		}
		if err := checkHTTP(c.HTTP, c.Session.AllowScripts, c.Log); err != nil {
			return err
		}
	}
	if c.Share != "off" && !c.Mem && mcpshare.Supported() {
		done, err := c.runShared(ctx)
		if done {
			return err
		}
	}
	return c.runOwned(ctx, c.HTTP.Addr)
}

func mustJSON(v any) []byte {
	data, _ := json.Marshal(v)
	return data
}

// runShared serves through the shared server; false when this process
// should serve on its own instead (no socket folder, or a data dir held
// by a process that does not share it: said on the log).
func (c *Command) runShared(ctx context.Context) (bool, error) {
	sh, err := NewShare(c.Daemon, c.Session, c.Daemon.Mode())
	if err != nil {
		c.Log.Warn("cannot share the server with other sessions; serving on its own", "err", err)
		return false, nil
	}
	if c.HTTP.Addr != "" {
		err = sh.RunHTTP(ctx, c.HTTP, func(info HTTPInfo) {
			fmt.Fprint(c.Stderr, servingLine(info.URL, info.Skills, true))
		}, c.Log)
	} else {
		c.sayStdio("the catalog")
		err = sh.RunStdio(ctx, c.Stdin, c.Stdout, c.Log)
	}
	if errors.Is(err, ErrOwned) {
		c.Log.Warn(err.Error() + "; this session serves an in-memory catalog of its own instead (slower to start)")
		c.Mem = true
		return false, nil
	}
	return true, err
}

// runOwned serves from this process: it owns the data dir (bodies indexed
// in the background) and watches the roots unless told not to.
func (c *Command) runOwned(ctx context.Context, addr string) error {
	var ops *Ops // metrics and probes: HTTP only
	if addr != "" {
		if ops = c.Ops; ops == nil {
			ops = NewOps(c.Daemon.Watch != "off")
		}
	}
	cat, err := c.Open(ctx, c.Mem)
	if err != nil {
		return err
	}
	defer cat.Close()
	ops.Attach(ctx, cat)
	so, log := c.Session, c.Log
	topts := &tools.Options{Profiles: splitList(so.Profiles), Logger: log, ExposeHidden: so.ExposeHidden, ScriptPaths: so.ScriptPaths}
	mon := AuditMonitor(cat, log)
	defer mon.Close() // saves the audit cache while the data dir is still this process's
	mode := so.Audit
	if mode == "" {
		mode = "warn"
	}
	if topts.Audit, topts.AuditHide, err = ServeAudit(ctx, mode, mon, log, ops.AuditReport); err != nil {
		return err
	}
	if mode != "off" {
		go ops.WatchAudit(ctx, cat, mon, log)
	}
	if so.AllowScripts {
		sandbox.Protect(cat.DataDir()) // never shown to a script
		sb, err := c.Deps.Sandbox(so.Sandbox, log)
		if err != nil {
			return err
		}
		// Many agents may call at once: bound the scripts running
		// together (processes, captured output).
		topts.Sandbox = sandbox.Limit(sb, 0, 0)
	}
	h := tools.New(cat, topts)
	srv, err := h.NewServer()
	if err != nil {
		return err
	}
	if ops != nil {
		srv.AddReceivingMiddleware(ops.Metrics.MCPMiddleware())
	}
	log.Info("serving", "skills", cat.Len(), "roots", len(cat.Roots()))
	if dc := c.Daemon; dc.Watch != "off" {
		w, err := filewatcher.New(filewatcher.Options{Kind: dc.Watch, Debounce: dc.Debounce, MaxDepth: dc.MaxDepth})
		if err != nil {
			return err
		}
		go func() {
			if err := cat.Watch(ctx, ops.Watcher(w), dc.Rescan); err != nil && ctx.Err() == nil {
				log.Error("watcher stopped; the catalog is no longer live", "err", err)
			}
		}()
	}
	if c.Deps.Sources != nil && len(c.Daemon.Locks) > 0 {
		c.Deps.Sources(ctx, cat, &c.Daemon, log) // one session: the watcher suffices, no CatchUp
	}
	if addr == "" {
		c.sayStdio(plural(cat.Len(), "skill", "skills") + " from " + plural(len(cat.Roots()), "folder", "folders"))
		// SIGINT, SIGTERM and a closed stdin are a normal end: exit 0,
		// no error logged.
		f := &mcpshare.Front{In: c.Stdin, Out: c.Stdout, Dial: mcpshare.InProcess(srv), Log: log}
		err := f.Run(ctx)
		if errors.Is(err, context.Canceled) || errors.Is(err, io.EOF) {
			return nil
		}
		return err
	}
	lst, hs, err := listenHTTP(c.HTTP, srv, h.View(), ops, WebCatalog(cat, so, mon, c.HTTP.Token, log), log)
	if err != nil {
		return err
	}
	url := lst.URL
	if !lst.Unix {
		url += "/mcp"
	}
	fmt.Fprint(c.Stderr, servingLine(url, cat.Len(), false))
	ln := netutil.LimitListener(lst, MaxConns)
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = hs.Shutdown(sctx)
	}()
	if err := hs.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// plural is "1 skill" or "N skills".
func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// sayStdio tells a person who started serve on stdio by hand (stdin is a
// terminal) what is happening, since the protocol itself is silent: what
// it serves (what), that an agent starts it, and how to stop it. The line
// is fitted to the width of a terminal on stderr (termtext.Hang).
func (c *Command) sayStdio(what string) {
	if f, ok := c.Stdin.(*os.File); !ok || !term.IsTerminal(int(f.Fd())) {
		return
	}
	fmt.Fprintln(c.Stderr, termtext.Hang("skilldex: ", "serving "+what+" over MCP on stdio (standard input and output) for an agent; "+
		"an agent starts this itself (set it up with: skilldex init-agent AGENT). Press Ctrl-C to stop.", 2, termtext.Width(c.Stderr)))
}
