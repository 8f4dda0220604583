package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/skilldex/skilldex/index/filewatcher"
	"github.com/skilldex/skilldex/internal/config"
	"github.com/skilldex/skilldex/internal/gcpolicy"
	"github.com/skilldex/skilldex/internal/serve"
	"github.com/skilldex/skilldex/tools"
	"github.com/skilldex/skilldex/tools/sandbox"
	"github.com/spf13/cobra"
)

// serveCmdOptions are serve's own flags; the settings it shares with the
// config file (profiles, scripts, sandbox, HTTP address, token) are on
// Config, and the shared server's are shareOpts.
type serveCmdOptions struct {
	scriptPaths           []string
	noWatch, exposeHidden bool
	watch                 string
	debounce, rescan      time.Duration
	share                 shareOpts
	allowedHosts          []string
	audit                 string // warn, hide or off (serve --audit)
}

func newServeCmd(cfg *config.Config) *cobra.Command {
	var opts serveCmdOptions
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the catalog over MCP (stdio by default, streamable HTTP with --http)",
		Long: `serve runs an MCP server over the catalog. On stdio (the default) the protocol owns stdout and logs go
to stderr. With --http ADDR it serves streamable HTTP at http://ADDR/mcp; a bare port (:8765) binds to
127.0.0.1, Host headers that are not loopback names are refused on a loopback address (DNS rebinding),
and --token (or SKILLDEX_TOKEN, or token: in your own config file) requires "Authorization: Bearer TOKEN".
--profile picks the tool set: native (skilldex's own tools) or the tool names and formats of another skill
server, for clients written against it: ` + strings.Join(tools.Profiles(), ", ") + ` (see PROFILES.md).`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			// Sessions on one data dir, stdio and HTTP, share a
			// background server (shared.go) unless told not to.
			if shared, err := serveShared(cmd, cfg, &opts); shared {
				return err
			}
			return runServe(cmd.Context(), newApp(cmd, cfg), opts)
		},
	}
	cmd.Flags().BoolVar(&cfg.AllowScripts, "allow-scripts", false, "let agents run skills' bundled scripts (run_skill_script, agent-zero execute_script) in the sandbox")
	cmd.Flags().StringVar(&cfg.Sandbox, "sandbox", "", "script sandbox: bwrap (default), or none (no isolation; logs a warning on every run)")
	cmd.Flags().BoolVar(&opts.noWatch, "no-watch", false, "do not watch the roots for changes")
	cmd.Flags().StringVar(&opts.watch, "watch", "fsnotify", "how to notice changes: fsnotify, poll for filesystems where fsnotify sees nothing, or off (as --no-watch)")
	cmd.Flags().DurationVar(&opts.debounce, "debounce", filewatcher.DefaultDebounce, "quiet period that folds a burst of changes into one refresh")
	cmd.Flags().DurationVar(&opts.rescan, "rescan", 30*time.Second, "full rescan period as a safety net (0 disables)")
	cmd.Flags().StringVar(&cfg.HTTP, "http", "", "serve streamable HTTP on ADDR (e.g. 127.0.0.1:8765; a bare :PORT binds to 127.0.0.1) instead of stdio")
	cmd.Flags().StringVar(&cfg.Token, "token", "", "with --http, require Authorization: Bearer TOKEN on every request (also SKILLDEX_TOKEN)")
	cmd.Flags().StringVar(&opts.audit, "audit", "warn", "security audit of the served skills: warn (findings to stderr and load_skill's warnings), hide (also keep skills with high or critical findings from the model, like hidden skills) or off")
	cmd.Flags().BoolVar(&opts.exposeHidden, "expose-hidden", false, "also show the model skills whose authors hid them from it (disable-model-invocation: true); by default they load only by exact name")
	cmd.Flags().StringArrayVar(&opts.scriptPaths, "script-path", nil, "absolute folder whose files agents may give scripts as inputs or output (besides the client's workspace roots; repeatable)")
	addShareFlags(cmd, &opts.share)
	cmd.Flags().StringArrayVar(&opts.allowedHosts, "allowed-host", nil, "with --http, a host name clients use to reach the server (repeatable); Host and Origin must be an IP address, localhost or one of these. A non-loopback bind needs this or a token")
	cmd.Flags().StringArrayVar(&cfg.Profiles, "profile", nil, "tool profile(s) to register (repeatable or comma-separated; default native)")
	return cmd
}

// runServe serves the catalog from this process: it owns the data dir
// (bodies indexed in the background), watches the roots unless told not
// to, and serves MCP on stdio or HTTP until ctx ends (SIGINT, SIGTERM) or
// the client closes stdin.
func runServe(ctx context.Context, a *app, opts serveCmdOptions) error {
	defer gcpolicy.Serve()()
	cfg := a.cfg
	log := cfg.Logger(a.stderr)
	cat, err := a.openOwned(ctx, true)
	if err != nil {
		return err
	}
	defer cat.Close()
	topts := &tools.Options{Profiles: cfg.Profiles, Logger: log, ExposeHidden: opts.exposeHidden, ScriptPaths: opts.scriptPaths}
	mon := auditMonitor(cat, log)
	defer mon.Close() // saves the audit cache while the data dir is still this process's
	if topts.Audit, topts.AuditHide, err = serveAudit(ctx, opts.audit, mon, log); err != nil {
		return err
	}
	if cfg.AllowScripts {
		sandbox.Protect(cat.DataDir()) // never shown to a script
		sb, err := newSandbox(cfg.Sandbox, log)
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
	log.Info("serving", "skills", cat.Len(), "roots", len(cat.Roots()))
	if !opts.noWatch && opts.watch != "off" {
		w, err := filewatcher.New(filewatcher.Options{Kind: opts.watch, Debounce: opts.debounce, MaxDepth: cfg.MaxDepth})
		if err != nil {
			return err
		}
		go func() {
			if err := cat.Watch(ctx, w, opts.rescan); err != nil {
				log.Error("watcher stopped; the catalog is no longer live", "err", err)
			}
		}()
	}
	if cfg.HTTP == "" {
		if f, ok := a.stdin.(*os.File); ok && isTerminal(f) {
			// A person started it by hand: the protocol is silent, so
			// say what is happening.
			fmt.Fprintf(a.stderr, "skilldex: serving %s from %s over MCP on stdio (standard input and output) for an agent;\n"+
				"an agent starts this itself (set it up with: skilldex init-agent AGENT). Press Ctrl-C to stop.\n",
				plural(cat.Len(), "skill", "skills"), plural(len(cat.Roots()), "folder", "folders"))
		}
		// SIGINT, SIGTERM and a closed stdin are a normal end: exit 0,
		// no error logged.
		err := serveStdio(ctx, a.stdin, a.stdout, srv, log)
		if errors.Is(err, context.Canceled) || errors.Is(err, io.EOF) {
			return nil
		}
		return err
	}
	addr, loopback, err := serve.HTTPAddr(cfg.HTTP)
	if err != nil {
		return err
	}
	g := serve.Guard{Token: cfg.Token, AllowedHosts: opts.allowedHosts}
	if err := serve.CheckExposure(addr, loopback, g); err != nil {
		return err
	}
	serve.WarnExposure(log, addr, loopback, cfg.Token, cfg.AllowScripts)
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	// "serving MCP at URL" first: clients and scripts read the address
	// from this line.
	fmt.Fprintf(a.stderr, "skilldex: serving MCP at http://%s/mcp (%s); press Ctrl-C to stop\n", ln.Addr(), plural(cat.Len(), "skill", "skills"))
	hs := serve.NewHTTPServer(serve.NewHTTPHandler(srv, g, log))
	ln = serve.NewLimitListener(ln, serve.MaxConns)
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
