package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/index/filewatcher"
	"github.com/skilldex/skilldex/internal/audit"
	"github.com/skilldex/skilldex/internal/config"
	"github.com/skilldex/skilldex/internal/gcpolicy"
	"github.com/skilldex/skilldex/internal/mcpshare"
	"github.com/skilldex/skilldex/tools"
	"github.com/skilldex/skilldex/tools/sandbox"
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

// daemonEnv carries the daemon's configuration from the front that starts
// it: what the front resolved (roots made absolute), so the daemon serves
// exactly the catalog the front computed the socket for.
const daemonEnv = "SKILLDEX_DAEMON_CONFIG"

// daemonConfig is the catalog part of Config, as the front resolved it.
type daemonConfig struct {
	Roots    []index.Root  `json:"roots"`
	DataDir  string        `json:"data_dir"`
	MaxDepth int           `json:"max_depth"`
	Strict   bool          `json:"strict"`
	Watch    string        `json:"watch"`
	Debounce time.Duration `json:"debounce"`
	Rescan   time.Duration `json:"rescan"`
	Idle     time.Duration `json:"idle"`
	Dir      string        `json:"socket_dir"`
	Key      string        `json:"key"`
}

// serveOptions are what a front asks the daemon to serve: the settings
// that change the tools, not the catalog. Sessions with different options
// share the catalog and get servers of their own.
type serveOptions struct {
	Profiles     []string `json:"profiles"`
	AllowScripts bool     `json:"allow_scripts"`
	Sandbox      string   `json:"sandbox"`
	ExposeHidden bool     `json:"expose_hidden"`
	ScriptPaths  []string `json:"script_paths,omitempty"`
	Audit        string   `json:"audit,omitempty"`
}

func addShareFlags(cmd *cobra.Command, o *shareOpts) {
	f := cmd.Flags()
	f.StringVar(&o.share, "share", "", "stdio sessions on the same data dir share one background server: auto (default; env SKILLDEX_SHARE) or off (this process owns the data dir)")
	f.BoolVar(&o.stop, "stop", false, "stop this user's shared skilldex servers and exit")
	f.BoolVar(&o.status, "status", false, "list this user's shared skilldex servers and exit")
	f.DurationVar(&o.idle, "share-idle", 0, "how long the shared server stays after its last session leaves (default 1m; env SKILLDEX_SHARE_IDLE)")
	f.BoolVar(&o.daemon, "daemon", false, "run as the shared server (started by serve itself)")
	_ = f.MarkHidden("daemon")
}

// serveShared handles serve's shared modes. It returns false when serve
// should go on in this process: --http, --mem, --share=off, or no way to
// share here (said on stderr).
func serveShared(cmd *cobra.Command, cfg *config.Config, o *shareOpts) (bool, error) {
	ctx, stderr := cmd.Context(), cmd.ErrOrStderr()
	if o.share == "" {
		o.share = os.Getenv("SKILLDEX_SHARE")
	}
	if o.idle == 0 {
		if v := os.Getenv("SKILLDEX_SHARE_IDLE"); v != "" {
			d, err := time.ParseDuration(v)
			if err != nil {
				return true, fmt.Errorf("SKILLDEX_SHARE_IDLE=%q: want a duration such as 90s", v)
			}
			o.idle = d
		}
	}
	switch {
	case o.daemon:
		return true, runDaemon(ctx, cfg)
	case o.stop || o.status:
		return true, daemonControl(cmd, cfg, o)
	}
	switch o.share {
	case "", "auto":
	case "off":
		return false, nil
	default:
		return true, fmt.Errorf("--share %q: use auto or off", o.share)
	}
	if cfg.HTTP != "" || cfg.Mem {
		return false, nil
	}
	log := cfg.Logger(stderr)
	if !mcpshare.Supported() {
		log.Debug("this system cannot check who connects to a socket; serving on its own")
		return false, nil
	}
	dataDir, err := index.DataDirOf(&index.Options{Roots: cfg.Roots, DataDir: cfg.DataDir, MaxDepth: cfg.MaxDepth, Mode: cfg.Mode()})
	if err != nil {
		return true, err
	}
	dir, err := mcpshare.SocketDir(os.Getenv("SKILLDEX_SOCKET_DIR"))
	if err != nil {
		log.Warn("cannot share the server with other sessions; serving on its own", "err", err)
		return false, nil
	}
	ep := mcpshare.Endpoint{Dir: dir, Key: mcpshare.KeyFor(dataDir)}
	dc := daemonConfig{DataDir: cfg.DataDir, MaxDepth: cfg.MaxDepth, Strict: cfg.Strict, Watch: cfg.Watch,
		Debounce: cfg.Debounce, Rescan: cfg.Rescan, Idle: o.idle, Dir: dir, Key: ep.Key}
	for _, r := range cfg.Roots {
		abs, err := absPath(r.Path)
		if err != nil {
			return true, err
		}
		dc.Roots = append(dc.Roots, index.Root{Path: abs, Label: r.Label})
	}
	if dc.DataDir, err = absPath(cfg.DataDir); err != nil {
		return true, err
	}
	so := serveOptions{Profiles: splitList(cfg.Profiles), AllowScripts: cfg.AllowScripts, Sandbox: cfg.Sandbox}
	so.ExposeHidden, _ = cmd.Flags().GetBool("expose-hidden")
	so.ScriptPaths, _ = cmd.Flags().GetStringArray("script-path")
	so.Audit, _ = cmd.Flags().GetString("audit")
	if err := checkAuditMode(so.Audit); err != nil {
		return true, err
	}
	if so.AllowScripts && so.Sandbox == "none" {
		log.Warn("scripts run WITHOUT a sandbox (--sandbox none): they can read and write anything this user can")
	}
	options, _ := json.Marshal(so)
	dcJSON, _ := json.Marshal(dc)
	exe, err := os.Executable()
	if err != nil {
		return true, err
	}
	client := &mcpshare.Client{Endpoint: ep, Options: options, Log: log, Command: func() *exec.Cmd {
		c := exec.Command(exe, "serve", "--daemon")
		c.Env = append(os.Environ(), daemonEnv+"="+string(dcJSON))
		c.Dir = "/"
		return c
	}}
	first, err := client.Connect(ctx)
	var oe *mcpshare.OwnedError
	if errors.As(err, &oe) {
		log.Warn(oe.Msg + "; this session serves an in-memory catalog of its own instead (slower to start)")
		cfg.Mem = true
		return false, nil
	}
	if err != nil {
		return true, err
	}
	var once sync.Once
	f := &mcpshare.Front{In: cmd.InOrStdin(), Out: cmd.OutOrStdout(), Reconnect: true, Log: log,
		Dial: func(ctx context.Context) (io.ReadWriteCloser, error) {
			var conn io.ReadWriteCloser
			once.Do(func() { conn = first })
			if conn != nil {
				return conn, nil
			}
			return client.Connect(ctx)
		}}
	return true, f.Run(ctx)
}

// serveStdio serves srv on this process's stdio through a front: malformed
// lines get JSON-RPC errors and a client that stops reading stops being
// read.
func serveStdio(ctx context.Context, in io.Reader, out io.Writer, srv *mcp.Server, log *slog.Logger) error {
	f := &mcpshare.Front{In: in, Out: out, Dial: mcpshare.InProcess(srv), Log: log}
	return f.Run(ctx)
}

// runDaemon is the shared server: it owns the catalog the front described
// and serves every front that connects.
func runDaemon(ctx context.Context, cfg *config.Config) error {
	var dc daemonConfig
	if err := json.Unmarshal([]byte(os.Getenv(daemonEnv)), &dc); err != nil || dc.Key == "" {
		return fmt.Errorf("serve --daemon is started by serve itself (it needs %s)", daemonEnv)
	}
	defer gcpolicy.Serve()()
	level := slog.LevelInfo
	if cfg.Verbose {
		level = slog.LevelDebug
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level})).With("pid", os.Getpid())
	cfg.Roots, cfg.DataDir, cfg.MaxDepth, cfg.Strict, cfg.Mem = dc.Roots, dc.DataDir, dc.MaxDepth, dc.Strict, false
	var roots []string
	for _, r := range dc.Roots {
		roots = append(roots, r.Path)
	}
	d := &mcpshare.Daemon{Endpoint: mcpshare.Endpoint{Dir: dc.Dir, Key: dc.Key}, Idle: dc.Idle, Log: log,
		Describe: fmt.Sprintf("data dir %s; roots %s", dc.DataDir, strings.Join(roots, ", ")),
		Open: func(ctx context.Context) (mcpshare.Backend, error) {
			// The daemon owns the data dir, bodies indexed in the
			// background (as app.openOwned).
			start := time.Now()
			cat, err := openWith(cfg, ctx, os.Stderr, false, true)
			var le *index.LockedError
			if errors.As(err, &le) {
				return nil, &mcpshare.LockedError{Err: err}
			}
			if err != nil {
				return nil, err
			}
			log.Info("catalog open", "skills", cat.Len(), "data_dir", cat.DataDir(), "took", time.Since(start).Round(time.Millisecond))
			if dc.Watch != "off" {
				w, err := filewatcher.New(filewatcher.Options{Kind: dc.Watch, Debounce: dc.Debounce, MaxDepth: dc.MaxDepth})
				if err != nil {
					cat.Close()
					return nil, err
				}
				go func() {
					if err := cat.Watch(ctx, w, dc.Rescan); err != nil && ctx.Err() == nil {
						log.Error("watcher stopped; the catalog is no longer live", "err", err)
					}
				}()
			}
			return &backend{cat: cat, log: log, servers: map[string]*mcp.Server{}}, nil
		}}
	err := d.Run(ctx)
	if errors.Is(err, mcpshare.ErrRunning) || errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}

// backend is the daemon's catalog and its MCP servers, one per distinct
// serveOptions.
type backend struct {
	cat     *index.Catalog
	log     *slog.Logger
	mu      sync.Mutex
	servers map[string]*mcp.Server
	monitor *audit.Monitor // the catalog's security audit, made by the first server that wants it
}

func (b *backend) Server(raw json.RawMessage) (*mcp.Server, error) {
	var so serveOptions
	if err := json.Unmarshal(raw, &so); err != nil {
		return nil, fmt.Errorf("serve options: %w", err)
	}
	key, _ := json.Marshal(so)
	b.mu.Lock()
	defer b.mu.Unlock()
	if s := b.servers[string(key)]; s != nil {
		return s, nil
	}
	topts := &tools.Options{Profiles: so.Profiles, Logger: b.log, ExposeHidden: so.ExposeHidden, ScriptPaths: so.ScriptPaths}
	if so.Audit != "off" {
		if b.monitor == nil {
			b.monitor = auditMonitor(b.cat, b.log)
		}
		m := b.monitor
		if so.Audit == "warn" {
			// warn audits the whole catalog in the background: started with
			// the server, it took CPU from a takeover's first answers (about
			// 0.3 s of the slowest session's wait on the corpus at 20% of a
			// core), so it starts a little later; warnings asked for
			// meanwhile are computed for their skill.
			topts.Audit = deferAudit(auditDelay, func() func(index.Skill) []string {
				warn, _, _ := serveAudit(context.Background(), so.Audit, m, b.log)
				return warn
			})
		} else {
			var err error
			if topts.Audit, topts.AuditHide, err = serveAudit(context.Background(), so.Audit, m, b.log); err != nil {
				return nil, err
			}
		}
	}
	if so.AllowScripts {
		sb, err := newSandbox(so.Sandbox, b.log)
		if err != nil {
			return nil, err
		}
		topts.Sandbox = sandbox.Limit(sb, 0, 0)
	}
	start := time.Now()
	s, err := tools.New(b.cat, topts).NewServer()
	if err != nil {
		return nil, err
	}
	b.log.Info("server ready", "options", string(key), "took", time.Since(start).Round(time.Millisecond))
	b.servers[string(key)] = s
	return s, nil
}

// auditDelay is how long after a shared server's tools are built its
// background audit of the whole catalog (serve --audit=warn) starts.
const auditDelay = 2 * time.Second

// deferAudit returns a warning function that starts the audit (start
// returns serveAudit's warning function, which starts the background
// pass) after delay, or at the first call if that comes first; start runs
// once.
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

func (b *backend) Close() error {
	b.mu.Lock()
	m := b.monitor
	b.mu.Unlock()
	if m != nil {
		m.Close() // saves the audit cache; its errors are logged
	}
	return b.cat.Close()
}

// daemonControl runs serve --stop and --status over every shared server
// of this user.
func daemonControl(cmd *cobra.Command, cfg *config.Config, o *shareOpts) error {
	dir, err := mcpshare.SocketDir(os.Getenv("SKILLDEX_SOCKET_DIR"))
	if err != nil {
		return err
	}
	eps, err := mcpshare.Endpoints(dir)
	if err != nil {
		return err
	}
	w := cmd.OutOrStdout()
	var list []*mcpshare.Status
	for _, ep := range eps {
		if o.stop {
			ran, err := mcpshare.Stop(ep, 30*time.Second)
			if err != nil {
				return err
			}
			if ran {
				fmt.Fprintf(w, "stopped the shared server at %s\n", ep.Socket())
			}
			continue
		}
		st, err := mcpshare.Request(ep, "status")
		if err != nil {
			return err
		}
		if st != nil {
			list = append(list, st)
		}
	}
	if o.stop {
		return nil
	}
	if cfg.JSON {
		if list == nil {
			list = []*mcpshare.Status{}
		}
		return writeJSON(w, list)
	}
	if len(list) == 0 {
		fmt.Fprintln(w, "no shared skilldex server is running")
	}
	for _, st := range list {
		fmt.Fprintf(w, "pid %d, %d session(s), since %s: %s\n  socket %s\n", st.PID, st.Sessions, st.Started.Format(time.RFC3339), st.Serving, st.Socket)
	}
	return nil
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

func absPath(p string) (string, error) {
	if p == "" {
		return "", nil
	}
	return filepath.Abs(p)
}
