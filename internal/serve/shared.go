package serve

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

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/index/filewatcher"
	"github.com/skilldex/skilldex/index/skillmd"
	"github.com/skilldex/skilldex/internal/embed"
	"github.com/skilldex/skilldex/internal/mcpshare"
	"github.com/skilldex/skilldex/tools/sandbox"
)

// DaemonEnv carries the shared server's configuration from the process
// that starts it: what that process resolved (roots made absolute), so
// the server serves exactly the catalog the socket was computed for.
const DaemonEnv = "SKILLDEX_DAEMON_CONFIG"

// DaemonConfig is the catalog part of the configuration, as the starting
// process resolved it, and where the server listens.
type DaemonConfig struct {
	Roots    []index.Root  `json:"roots"`
	DataDir  string        `json:"data_dir"`
	MaxDepth int           `json:"max_depth"`
	Strict   bool          `json:"strict"`
	Watch    string        `json:"watch"` // fsnotify, poll or off
	Debounce time.Duration `json:"debounce"`
	Rescan   time.Duration `json:"rescan"`
	Idle     time.Duration `json:"idle"` // 0: mcpshare.DefaultIdle
	Dir      string        `json:"socket_dir"`
	Key      string        `json:"key"`
	// Locks are the lockfiles (path, scope) whose git sources are among
	// Roots, which the serving process follows (they also name the data
	// dir: index.Options.Follows), Sources how many of the last Roots
	// those sources are (index.Options.FollowedRoots: they do not name
	// the data dir, so adding one keeps the server), and RefreshSources
	// how often it refreshes the sources (serve --refresh-sources; 0:
	// never): see Deps.Sources.
	Locks          [][2]string   `json:"locks,omitempty"`
	Sources        int           `json:"sources,omitempty"`
	RefreshSources time.Duration `json:"refresh_sources,omitempty"`
	// EmbeddingsURL and EmbeddingsModel, when set, make the server's
	// search hybrid (config.Config.Embedder; the key, if any, reaches it
	// in its environment): they name the data dir and so the server too, so a
	// session configured with another model, or none, gets a server
	// ranking as it asked (index.Options.Embedder).
	EmbeddingsURL   string `json:"embeddings_url,omitempty"`
	EmbeddingsModel string `json:"embeddings_model,omitempty"`
	// EmbeddingsKey reaches the server as SKILLDEX_EMBEDDINGS_KEY in its
	// environment (the server reads no config file the session was
	// given); never serialized.
	EmbeddingsKey string `json:"-"`
	// OnBuild, when set, is chained after the memory policy's hook by
	// the DaemonOpener (the daemon's build metrics); never serialized.
	OnBuild func(building bool) `json:"-"`
}

// Mode is the catalog's validation mode.
func (dc *DaemonConfig) Mode() skillmd.Mode {
	if dc.Strict {
		return skillmd.Strict
	}
	return skillmd.Lenient
}

// Endpoint is where the server listens.
func (dc *DaemonConfig) Endpoint() mcpshare.Endpoint {
	return mcpshare.Endpoint{Dir: dc.Dir, Key: dc.Key}
}

// Share is what a serve that shares the server resolved: the catalog, the
// session's options, and how to start the server.
type Share struct {
	Daemon  DaemonConfig
	Options SessionOptions
	// Exe is the skilldex binary the server is started from (serve
	// --daemon, its configuration in DaemonEnv).
	Exe string
}

// NewShare resolves the shared server for a catalog: the data dir (which
// names the endpoint), roots and data dir made absolute, the socket
// folder (SKILLDEX_SOCKET_DIR or the default). Errors: a root or data dir
// that cannot be made absolute, a socket folder that fails its checks
// (the caller serves on its own then).
func NewShare(dc DaemonConfig, opts SessionOptions, mode skillmd.Mode) (*Share, error) {
	var follows []string
	for _, l := range dc.Locks {
		follows = append(follows, l[0])
	}
	var emb index.Embedder
	if dc.EmbeddingsURL != "" {
		c, err := embed.New(embed.Options{BaseURL: dc.EmbeddingsURL, Model: dc.EmbeddingsModel})
		if err != nil {
			return nil, err
		}
		emb = c
	}
	dataDir, err := index.DataDirOf(&index.Options{Roots: dc.Roots, Follows: follows, FollowedRoots: dc.Sources, DataDir: dc.DataDir, MaxDepth: dc.MaxDepth, Mode: mode, Embedder: emb})
	if err != nil {
		return nil, err
	}
	if dc.Dir, err = mcpshare.SocketDir(os.Getenv("SKILLDEX_SOCKET_DIR")); err != nil {
		return nil, err
	}
	dc.Key = mcpshare.KeyFor(dataDir)
	roots := make([]index.Root, 0, len(dc.Roots))
	for _, r := range dc.Roots {
		abs, err := filepath.Abs(r.Path)
		if err != nil {
			return nil, err
		}
		roots = append(roots, index.Root{Path: abs, Label: r.Label})
	}
	dc.Roots = roots
	if dc.DataDir != "" {
		if dc.DataDir, err = filepath.Abs(dc.DataDir); err != nil {
			return nil, err
		}
	}
	opts.Profiles = splitList(opts.Profiles)
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	return &Share{Daemon: dc, Options: opts, Exe: exe}, nil
}

// client is the mcpshare client that starts the server when none runs.
func (s *Share) client(log *slog.Logger) *mcpshare.Client {
	options, _ := json.Marshal(s.Options)
	dcJSON, _ := json.Marshal(s.Daemon)
	return &mcpshare.Client{Endpoint: s.Daemon.Endpoint(), Options: options, Log: log, Command: func() *exec.Cmd {
		c := exec.Command(s.Exe, "serve", "--daemon")
		c.Env = append(os.Environ(), DaemonEnv+"="+string(dcJSON))
		if s.Daemon.EmbeddingsKey != "" {
			c.Env = append(c.Env, "SKILLDEX_EMBEDDINGS_KEY="+s.Daemon.EmbeddingsKey)
		}
		c.Dir = "/"
		return c
	}}
}

// ErrOwned: a process that is not a shared server owns the data dir; the
// caller serves an in-memory catalog of its own.
var ErrOwned = errors.New("the data dir is owned by a process that does not share it")

// RunStdio serves one stdio MCP session (in, out) through the shared
// server, starting it when none runs and again when it dies (the session
// replayed). Errors: ErrOwned (wrapping the owner's message), why no
// server could be reached, or the session's end.
func (s *Share) RunStdio(ctx context.Context, in io.Reader, out io.Writer, log *slog.Logger) error {
	client := s.client(log)
	first, err := client.Connect(ctx)
	var oe *mcpshare.OwnedError
	if errors.As(err, &oe) {
		return fmt.Errorf("%w: %s", ErrOwned, oe.Msg)
	}
	if err != nil {
		return err
	}
	var once sync.Once
	f := &mcpshare.Front{In: in, Out: out, Reconnect: true, Log: log,
		Dial: func(ctx context.Context) (io.ReadWriteCloser, error) {
			var conn io.ReadWriteCloser
			once.Do(func() { conn = first })
			if conn != nil {
				return conn, nil
			}
			return client.Connect(ctx)
		}}
	return f.Run(ctx)
}

// RunHTTP has the shared server (started when none runs) serve MCP over
// HTTP as p says, beside its stdio sessions, until ctx ends; ready gets
// the listener's info once it serves. When the server dies, a new one is
// started and asked again. Errors: ErrOwned, the server's refusal (a bad
// address, an address in use, an exposure without a token).
func (s *Share) RunHTTP(ctx context.Context, p HTTPParams, ready func(HTTPInfo), log *slog.Logger) error {
	if _, _, _, err := httpTarget(p.Addr); err != nil {
		return err
	}
	params, _ := json.Marshal(p)
	client := s.client(log)
	for first := true; ; first = false {
		raw, hold, err := client.ServeHTTP(ctx, params)
		var oe *mcpshare.OwnedError
		if errors.As(err, &oe) {
			return fmt.Errorf("%w: %s", ErrOwned, oe.Msg)
		}
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return err
		}
		if first {
			var info HTTPInfo
			_ = json.Unmarshal(raw, &info)
			ready(info)
		} else {
			log.Info("the shared server was restarted; serving HTTP again")
		}
		ended := make(chan struct{})
		go func() {
			_, _ = io.Copy(io.Discard, hold)
			close(ended)
		}()
		select {
		case <-ctx.Done():
			hold.Close()
			return nil
		case <-ended:
			hold.Close()
		}
	}
}

// DaemonOpener opens the daemon's catalog as the data dir's owner, bodies
// indexed in the background.
type DaemonOpener func(ctx context.Context, dc *DaemonConfig) (*index.Catalog, error)

// RunDaemon is the shared server (serve --daemon): it owns the catalog
// DaemonEnv describes and serves every client that connects until it is
// stopped or idle. Its log (stderr) is the endpoint's log file.
func RunDaemon(ctx context.Context, open DaemonOpener, deps Deps, verbose bool) error {
	var dc DaemonConfig
	if err := json.Unmarshal([]byte(os.Getenv(DaemonEnv)), &dc); err != nil || dc.Key == "" {
		return fmt.Errorf("serve --daemon is started by serve itself (it needs %s)", DaemonEnv)
	}
	level := slog.LevelInfo
	if verbose {
		level = slog.LevelDebug
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level})).With("pid", os.Getpid())
	// A script this server runs is never shown its socket folder or its
	// data dir (nor, by tools/sandbox's defaults, the config folder).
	sandbox.Protect(dc.Dir, dc.DataDir)
	// The catalog's metrics and probes, served by every HTTP listener a
	// client asks this server for.
	ops := NewOps(dc.Watch != "off")
	dc.OnBuild = ops.OnBuild(nil)
	d := &mcpshare.Daemon{Endpoint: dc.Endpoint(), Idle: dc.Idle, Log: log,
		Describe: describe(dc.DataDir, dc.Roots), // until the catalog is open: Backend.Stats says then
		Open: func(ctx context.Context) (mcpshare.Backend, error) {
			start := time.Now()
			cat, err := open(ctx, &dc)
			var le *index.LockedError
			if errors.As(err, &le) {
				return nil, &mcpshare.LockedError{Err: err}
			}
			if err != nil {
				return nil, err
			}
			log.Info("catalog open", "skills", cat.Len(), "data_dir", cat.DataDir(), "took", time.Since(start).Round(time.Millisecond))
			ops.Attach(ctx, cat)
			if dc.Watch != "off" {
				w, err := filewatcher.New(filewatcher.Options{Kind: dc.Watch, Debounce: dc.Debounce, MaxDepth: dc.MaxDepth})
				if err != nil {
					cat.Close()
					return nil, err
				}
				go func() {
					if err := cat.Watch(ctx, ops.Watcher(w), dc.Rescan); err != nil && ctx.Err() == nil {
						log.Error("watcher stopped; the catalog is no longer live", "err", err)
					}
				}()
			}
			b := NewBackend(cat, deps, log)
			b.SetOps(ops)
			if deps.Sources != nil && len(dc.Locks) > 0 {
				b.FollowSources(deps.Sources(ctx, cat, &dc, log))
			}
			return b, nil
		}}
	err := d.Run(ctx)
	if errors.Is(err, mcpshare.ErrRunning) || errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}

// Control runs serve --stop (stop true) or --status over every shared
// server of this user, writing to w (status as JSON when asJSON).
func Control(w io.Writer, stop, asJSON bool) error {
	dir, err := mcpshare.SocketDir(os.Getenv("SKILLDEX_SOCKET_DIR"))
	if err != nil {
		return err
	}
	eps, err := mcpshare.Endpoints(dir)
	if err != nil {
		return err
	}
	list := []*mcpshare.Status{}
	for _, ep := range eps {
		if stop {
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
	if stop {
		return nil
	}
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(list)
	}
	if len(list) == 0 {
		fmt.Fprintln(w, "no shared skilldex server is running")
	}
	now := time.Now()
	for _, st := range list {
		age := "opening"
		if !st.CatalogUpdated.IsZero() {
			age = "caught up " + now.Sub(st.CatalogUpdated).Round(time.Second).String() + " ago"
		}
		fmt.Fprintf(w, "pid %d, since %s: %s\n  clients: %d stdio session(s), %d HTTP session(s) on %d listener(s)%s, %d CLI call(s) served\n  catalog: %s\n  socket %s\n",
			st.PID, st.Started.Format(time.RFC3339), st.Serving, st.Stdio, st.HTTPSessions, st.HTTP, addrs(st.HTTPAddrs), st.CLICalls, age, st.Socket)
	}
	return nil
}

func addrs(a []string) string {
	if len(a) == 0 {
		return ""
	}
	return " (" + strings.Join(a, ", ") + ")"
}
