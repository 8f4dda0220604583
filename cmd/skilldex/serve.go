package main

import (
	"context"
	"strings"
	"time"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/index/filewatcher"
	"github.com/skilldex/skilldex/internal/config"
	"github.com/skilldex/skilldex/internal/gcpolicy"
	"github.com/skilldex/skilldex/internal/serve"
	"github.com/skilldex/skilldex/tools"
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
	refreshSources        time.Duration
	tokenFile             string // serve --token-file
}

func newServeCmd(cfg *config.Config) *cobra.Command {
	var opts serveCmdOptions
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the catalog over MCP (stdio by default, streamable HTTP with --http)",
		Long: `serve runs an MCP server over the catalog. On stdio (the default) the protocol owns stdout and logs go
to stderr. With --http ADDR it serves streamable HTTP at http://ADDR/mcp, the JSON API at /api/v1/ (docs/api.md),
Prometheus metrics at /metrics and health probes at /healthz and /readyz; a bare port (:8765) binds to
127.0.0.1, unix:PATH serves on a Unix socket in a folder only you can enter, Host and Origin headers that
are not IP addresses, localhost or --allowed-host names are refused (DNS rebinding), and --token (or
SKILLDEX_TOKEN, --token-file, or token: in your own config file) requires "Authorization: Bearer TOKEN".
With --allow-scripts on a TCP port a token is required: without one, serve generates one and prints it.
--profile picks the tool set: native (skilldex's own tools) or the tool names and formats of another skill
server, for clients written against it: ` + strings.Join(tools.Profiles(), ", ") + ` (see PROFILES.md).`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if done, err := serveModes(cmd, cfg, &opts.share); done {
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
	cmd.Flags().StringVar(&cfg.HTTP, "http", "", "serve streamable HTTP, the JSON API and metrics on ADDR (e.g. 127.0.0.1:8765; a bare :PORT binds to 127.0.0.1; unix:PATH for a Unix socket) instead of stdio")
	cmd.Flags().StringVar(&cfg.Token, "token", "", "with --http, require Authorization: Bearer TOKEN on every request (also SKILLDEX_TOKEN)")
	cmd.Flags().StringVar(&opts.tokenFile, "token-file", "", "with --http, read the token from this file (its first line); only you may be able to read it (chmod 600)")
	cmd.Flags().StringVar(&opts.audit, "audit", "warn", "security audit of the served skills: warn (findings to stderr and load_skill's warnings), hide (also keep skills with high or critical findings from the model, like hidden skills) or off")
	cmd.Flags().BoolVar(&opts.exposeHidden, "expose-hidden", false, "also show the model skills whose authors hid them from it (disable-model-invocation: true); by default they load only by exact name")
	cmd.Flags().StringArrayVar(&opts.scriptPaths, "script-path", nil, "absolute folder whose files agents may give scripts as inputs or output (besides the client's workspace roots; repeatable)")
	cmd.Flags().DurationVar(&opts.refreshSources, "refresh-sources", 0, "every DURATION (e.g. 10m), move the git sources that follow a branch to its newest commit (fast-forwards that pass the audit; docs/sources.md); 0: never")
	addShareFlags(cmd, &opts.share)
	cmd.Flags().StringArrayVar(&opts.allowedHosts, "allowed-host", nil, "with --http, a host name clients use to reach the server (repeatable); Host and Origin must be an IP address, localhost or one of these")
	cmd.Flags().StringArrayVar(&cfg.Profiles, "profile", nil, "tool profile(s) to register (repeatable or comma-separated; default native)")
	return cmd
}

// runServe runs serve (internal/serve.Command): through the shared server
// of the catalog, or from this process (--share=off, --mem), on stdio or
// HTTP, until ctx ends (SIGINT, SIGTERM) or the client closes stdin.
func runServe(ctx context.Context, a *app, opts serveCmdOptions) error {
	defer gcpolicy.Serve()()
	cfg := a.cfg
	if err := cfg.CheckRoots(); err != nil {
		return err
	}
	if err := serve.CheckAuditMode(opts.audit); err != nil {
		return err
	}
	ops := serve.NewOps(cfg.Watch != "off")
	c := &serve.Command{
		Daemon: serve.DaemonConfig{Roots: cfg.Roots, DataDir: cfg.DataDir, MaxDepth: cfg.MaxDepth, Strict: cfg.Strict,
			Watch: cfg.Watch, Debounce: cfg.Debounce, Rescan: cfg.Rescan, Idle: opts.share.idle,
			EmbeddingsURL: cfg.EmbeddingsURL, EmbeddingsModel: cfg.EmbeddingsModel, EmbeddingsKey: cfg.EmbeddingsKey},
		Session: serve.SessionOptions{Profiles: cfg.Profiles, AllowScripts: cfg.AllowScripts, Sandbox: cfg.Sandbox,
			ExposeHidden: opts.exposeHidden, ScriptPaths: opts.scriptPaths, Audit: opts.audit},
		HTTP:  serve.HTTPParams{Addr: cfg.HTTP, Token: cfg.Token, AllowedHosts: opts.allowedHosts},
		Share: opts.share.share, Mem: cfg.Mem,
		Stdin: a.stdin, Stdout: a.stdout, Stderr: a.stderr, Log: cfg.Logger(a.stderr),
		Open: func(ctx context.Context, mem bool) (*index.Catalog, error) {
			return openWithHook(cfg, ctx, a.stderr, mem, true, ops.OnBuild(nil))
		},
		Deps:      serveDeps(),
		TokenFile: opts.tokenFile,
		Ops:       ops,
	}
	if len(cfg.Followed) > 0 {
		// Followed for as long as it serves, sources or none yet: a
		// source added meanwhile is served without a restart.
		c.Daemon.Locks, c.Daemon.Sources, c.Daemon.RefreshSources = cfg.Followed, cfg.FollowedRoots(), opts.refreshSources
	}
	return c.Run(ctx)
}
