package serve

import (
	"context"
	"errors"
	"log/slog"
	"os"
	"time"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/internal/mcpshare"
)

// Opener opens the catalog in this process (mem: in memory), as the data
// dir's owner.
type Opener func(ctx context.Context, mem bool) (*index.Catalog, error)

// startWait bounds how long OpenCatalog waits for a shared server that
// holds its endpoint's lock but does not answer yet (it is starting).
const startWait = 30 * time.Second

// OpenCatalog opens the catalog for a one-shot command. When a shared
// server (skilldex serve) serves the same roots it asks that server (a
// Remote, after the server caught up with the roots); otherwise it opens
// the catalog itself with open, which is fast when the data dir is warm.
// Only when a process that is not a shared server owns the data dir (a
// serve --share=off, a long skilldex index) does it fall back to an
// in-memory catalog of its own. log gets only debug lines: a one-shot
// command's output is its answer.
//
// opts describe the catalog (Roots, DataDir, MaxDepth, Mode, Mem: what
// names its data dir and so its shared server); open opens it.
func OpenCatalog(ctx context.Context, opts *index.Options, open Opener, log *slog.Logger) (Catalog, error) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if opts.Mem || !mcpshare.Supported() {
		return open(ctx, opts.Mem)
	}
	ep, err := endpointFor(opts)
	if err != nil || ep == nil {
		if err != nil {
			log.Debug("no shared server to ask", "err", err)
		}
		return open(ctx, false)
	}
	start := time.Now()
	for {
		r, err := dialRemote(ctx, *ep, func() (Catalog, error) { return OpenCatalog(ctx, opts, open, log) }, log)
		if err == nil {
			return r, nil
		}
		refused := err != nil && !errors.Is(err, mcpshare.ErrNoDaemon)
		if refused {
			// A server answered but would not serve this command (an
			// older skilldex speaking another protocol): no use waiting.
			log.Debug("the shared server did not answer", "err", err)
		}
		cat, err := open(ctx, false)
		var le *index.LockedError
		if !errors.As(err, &le) {
			return cat, err
		}
		if !refused && ep.Busy() && time.Since(start) < startWait && ctx.Err() == nil {
			// A shared server is starting (or stopping): ask it
			// once it answers, or open the data dir once it is free.
			time.Sleep(20 * time.Millisecond)
			continue
		}
		log.Debug(le.Error() + "; answering from an in-memory catalog")
		return open(ctx, true)
	}
}

// endpointFor is the shared server's endpoint for the catalog opts
// describe; nil when it lives in memory.
func endpointFor(opts *index.Options) (*mcpshare.Endpoint, error) {
	dataDir, err := index.DataDirOf(opts)
	if err != nil || dataDir == "" {
		return nil, err
	}
	dir, err := mcpshare.SocketDir(os.Getenv("SKILLDEX_SOCKET_DIR"))
	if err != nil {
		return nil, err
	}
	return &mcpshare.Endpoint{Dir: dir, Key: mcpshare.KeyFor(dataDir)}, nil
}

// dialRemote connects to the shared server of ep and has it catch up
// with the roots ("open"); mcpshare.ErrNoDaemon when none runs.
func dialRemote(ctx context.Context, ep mcpshare.Endpoint, fallback func() (Catalog, error), log *slog.Logger) (*Remote, error) {
	conn, err := (&mcpshare.Client{Endpoint: ep}).Call(ctx)
	if err != nil {
		return nil, err
	}
	// Until it answers "open", a lost server is no fall back's business:
	// the caller opens the catalog itself.
	r := &Remote{conn: conn, fallback: func() (Catalog, error) { return nil, errGone }, log: log}
	if err := r.call("open", nil, &r.info); err != nil {
		if errors.Is(err, errGone) {
			// Gone before it answered: nothing was asked of it yet.
			return nil, mcpshare.ErrNoDaemon
		}
		conn.Close()
		return nil, err
	}
	r.mu.Lock()
	r.fallback = fallback
	r.mu.Unlock()
	return r, nil
}
