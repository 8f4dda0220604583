package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/config"
	"github.com/skilldex/skilldex/internal/gcpolicy"
	"github.com/skilldex/skilldex/internal/mcpshare"
	"github.com/skilldex/skilldex/internal/serve"
	"github.com/spf13/cobra"
)

// shareOpts are serve's flags for the shared server (see README, "Many
// sessions, one catalog").
type shareOpts struct {
	share        string        // auto or off (--share, SKILLDEX_SHARE)
	stop, status bool          // --stop, --status
	daemon       bool          // hidden: run as the daemon
	idle         time.Duration // --share-idle, SKILLDEX_SHARE_IDLE
}

func addShareFlags(cmd *cobra.Command, o *shareOpts) {
	f := cmd.Flags()
	f.StringVar(&o.share, "share", "", "sessions on the same data dir (stdio, --http, one-shot commands) share one background server: auto (default; env SKILLDEX_SHARE) or off (this process owns the data dir)")
	f.BoolVar(&o.stop, "stop", false, "stop this user's shared skilldex servers and exit")
	f.BoolVar(&o.status, "status", false, "list this user's shared skilldex servers, their clients and their catalogs' age, and exit")
	f.DurationVar(&o.idle, "share-idle", 0, "how long the shared server stays after its last session leaves (default 1m; env SKILLDEX_SHARE_IDLE)")
	f.BoolVar(&o.daemon, "daemon", false, "run as the shared server (started by serve itself)")
	_ = f.MarkHidden("daemon")
}

// serveDeps are what the shared server takes from the commands.
func serveDeps() serve.Deps {
	return serve.Deps{Sandbox: newSandbox, AuditMonitor: auditMonitor, ServeAudit: serveAudit}
}

// serveShared handles serve's shared modes: the daemon, --stop and
// --status, and stdio or HTTP serving through the shared server. It
// returns false when serve should go on in this process: --mem,
// --share=off, no way to share here, or a data dir owned by a process
// that does not share it (said on stderr).
func serveShared(cmd *cobra.Command, cfg *config.Config, opts *serveCmdOptions) (bool, error) {
	o := &opts.share
	ctx, stderr := cmd.Context(), cmd.ErrOrStderr()
	if o.share == "" {
		o.share = os.Getenv("SKILLDEX_SHARE")
	}
	if v := os.Getenv("SKILLDEX_SHARE_IDLE"); o.idle == 0 && v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			return true, fmt.Errorf("SKILLDEX_SHARE_IDLE=%q: want a duration such as 90s", v)
		}
		o.idle = d
	}
	switch {
	case o.daemon:
		defer gcpolicy.Serve()()
		return true, serve.RunDaemon(ctx, func(ctx context.Context, dc *serve.DaemonConfig) (*index.Catalog, error) {
			cfg.Roots, cfg.DataDir, cfg.MaxDepth, cfg.Strict, cfg.Mem = dc.Roots, dc.DataDir, dc.MaxDepth, dc.Strict, false
			return openWith(cfg, ctx, os.Stderr, false, true)
		}, serveDeps(), cfg.Verbose)
	case o.stop || o.status:
		return true, serve.Control(cmd.OutOrStdout(), o.stop, cfg.JSON)
	}
	switch o.share {
	case "", "auto":
	case "off":
		return false, nil
	default:
		return true, fmt.Errorf("--share %q: use auto or off", o.share)
	}
	if err := checkAuditMode(opts.audit); err != nil {
		return true, err
	}
	log := cfg.Logger(stderr)
	if cfg.Mem || !mcpshare.Supported() {
		return false, nil
	}
	sh, err := serve.NewShare(serve.DaemonConfig{Roots: cfg.Roots, DataDir: cfg.DataDir, MaxDepth: cfg.MaxDepth, Strict: cfg.Strict,
		Watch: cfg.Watch, Debounce: cfg.Debounce, Rescan: cfg.Rescan, Idle: o.idle},
		serve.SessionOptions{Profiles: cfg.Profiles, AllowScripts: cfg.AllowScripts, Sandbox: cfg.Sandbox, ExposeHidden: opts.exposeHidden,
			ScriptPaths: opts.scriptPaths, Audit: opts.audit}, cfg.Mode())
	if err != nil {
		log.Warn("cannot share the server with other sessions; serving on its own", "err", err)
		return false, nil
	}
	if cfg.AllowScripts && cfg.Sandbox == "none" {
		log.Warn("scripts run WITHOUT a sandbox (--sandbox none): they can read and write anything this user can")
	}
	if cfg.HTTP != "" {
		addr, loopback, err := serve.HTTPAddr(cfg.HTTP)
		if err != nil {
			return true, err
		}
		p := serve.HTTPParams{Addr: cfg.HTTP, Token: cfg.Token, AllowedHosts: opts.allowedHosts}
		if err := serve.CheckExposure(addr, loopback, serve.Guard{Token: p.Token, AllowedHosts: p.AllowedHosts}); err != nil {
			return true, err
		}
		serve.WarnExposure(log, addr, loopback, cfg.Token, cfg.AllowScripts)
		err = sh.RunHTTP(ctx, p, func(info serve.HTTPInfo) {
			// "serving MCP at URL" first: clients and scripts read the
			// address from this line.
			fmt.Fprintf(stderr, "skilldex: serving MCP at %s (%s; shared server, stop it with skilldex serve --stop); press Ctrl-C to stop\n",
				info.URL, plural(info.Skills, "skill", "skills"))
		}, log)
		return sharedEnd(err, cfg, log)
	}
	return sharedEnd(sh.RunStdio(ctx, cmd.InOrStdin(), cmd.OutOrStdout(), log), cfg, log)
}

// sharedEnd turns a shared serve's end into serveShared's answer: a data
// dir owned by a process that does not share it means serving an
// in-memory catalog here instead.
func sharedEnd(err error, cfg *config.Config, log *slog.Logger) (bool, error) {
	if errors.Is(err, serve.ErrOwned) {
		log.Warn(err.Error() + "; this session serves an in-memory catalog of its own instead (slower to start)")
		cfg.Mem = true
		return false, nil
	}
	return true, err
}

// serveStdio serves srv on this process's stdio through a front: malformed
// lines get JSON-RPC errors and a client that stops reading stops being
// read.
func serveStdio(ctx context.Context, in io.Reader, out io.Writer, srv *mcp.Server, log *slog.Logger) error {
	f := &mcpshare.Front{In: in, Out: out, Dial: mcpshare.InProcess(srv), Log: log}
	return f.Run(ctx)
}
