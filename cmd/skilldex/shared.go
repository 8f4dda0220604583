package main

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/config"
	"github.com/skilldex/skilldex/internal/gcpolicy"
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

// serveDeps are what the server takes from the commands.
func serveDeps() serve.Deps {
	return serve.Deps{Sandbox: newSandbox, Sources: serveSources}
}

// serveModes resolves the share settings' environment variables and runs
// serve's modes that are not serving: the shared server itself
// (--daemon), --stop and --status. False: serve goes on (runServe).
func serveModes(cmd *cobra.Command, cfg *config.Config, o *shareOpts) (bool, error) {
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
		return true, serve.RunDaemon(cmd.Context(), func(ctx context.Context, dc *serve.DaemonConfig) (*index.Catalog, error) {
			cfg.Roots, cfg.DataDir, cfg.MaxDepth, cfg.Strict, cfg.Mem = dc.Roots, dc.DataDir, dc.MaxDepth, dc.Strict, false
			cfg.Followed = dc.Locks
			cfg.EmbeddingsURL, cfg.EmbeddingsModel = dc.EmbeddingsURL, dc.EmbeddingsModel
			return openWithHook(cfg, ctx, os.Stderr, false, true, dc.OnBuild)
		}, serveDeps(), cfg.Verbose)
	case o.stop || o.status:
		return true, serve.Control(cmd.OutOrStdout(), o.stop, cfg.JSON)
	}
	return false, nil
}
