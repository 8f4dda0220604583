package mcpshare

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ErrRunning: another daemon already serves the endpoint (or is starting
// to); the caller has nothing to do.
var ErrRunning = errors.New("mcpshare: another daemon serves this endpoint")

// maxForwarded bounds a line the server reads from a front: the front's
// own bound plus room for its renumbered envelope.
const maxForwarded = DefaultMaxLine + 4096

// DefaultIdle is how long a daemon stays after its last session leaves.
const DefaultIdle = time.Minute

// protocolVersion is the hello protocol's; a daemon refuses other versions
// so an old daemon and a new front never talk past each other.
const protocolVersion = 1

// hello is the first line a front sends on a connection; the daemon answers
// with one reply line, then (for "serve") the connection carries MCP.
type hello struct {
	Version int    `json:"skilldex_share"`
	Op      string `json:"op"` // "serve", "stop" or "status"
	// Options select the server (tool profiles, scripts...): opaque
	// here, given to Backend.Server.
	Options json.RawMessage `json:"options,omitempty"`
}

// Status describes a running daemon (the reply to "status").
type Status struct {
	PID      int       `json:"pid"`
	Sessions int       `json:"sessions"`
	Started  time.Time `json:"started"`
	// Serving is what the daemon serves, as Daemon.Describe says (the
	// data dir and roots).
	Serving string `json:"serving"`
	Socket  string `json:"socket"`
}

type reply struct {
	OK     bool    `json:"ok"`
	Error  string  `json:"error,omitempty"`
	Locked bool    `json:"locked,omitempty"` // the backend could not own the data dir
	Status *Status `json:"status,omitempty"`
}

// Backend is what a daemon serves: opened once, then one MCP server per
// distinct set of serving options.
type Backend interface {
	// Server returns the MCP server for the options a front sent (the
	// same server for equal options).
	Server(options json.RawMessage) (*mcp.Server, error)
	Close() error
}

// LockedError marks a Backend open error meaning another process (not a
// daemon) owns the data dir: fronts fall back to serving on their own.
type LockedError struct{ Err error }

// Error returns the backend's message (it names the owner).
func (e *LockedError) Error() string { return e.Err.Error() }

// Unwrap returns the backend's error.
func (e *LockedError) Unwrap() error { return e.Err }

// Daemon serves one endpoint: it owns the Backend and answers any number
// of fronts, one MCP session each, and exits Idle after the last leaves.
type Daemon struct {
	Endpoint Endpoint
	// Open opens the backend; fronts that connect meanwhile wait.
	Open func(ctx context.Context) (Backend, error)
	// Idle: 0 means DefaultIdle.
	Idle time.Duration
	// Describe is shown by status requests.
	Describe string
	Log      *slog.Logger

	mu       sync.Mutex
	sessions map[net.Conn]bool
	idle     *time.Timer
	started  time.Time
}

// Run serves until ctx ends, a stop request comes, or the daemon has been
// idle for Idle. It returns ErrRunning when another daemon holds the
// endpoint, and the backend's open error (after telling the fronts that
// were waiting) when it cannot open.
func (d *Daemon) Run(ctx context.Context) error {
	if d.Log == nil {
		d.Log = slog.New(slog.DiscardHandler)
	}
	if d.Idle <= 0 {
		d.Idle = DefaultIdle
	}
	d.sessions = map[net.Conn]bool{}
	d.started = time.Now().UTC().Truncate(time.Second)
	d.Log.Info("daemon start")
	// Started by a front, the daemon inherits the lock; started
	// otherwise, it takes it, giving way to a daemon that answers.
	lock := d.Endpoint.inheritedLock()
	if lock == nil {
		var err error
		if lock, err = d.Endpoint.lock(10 * time.Second); err != nil {
			return err
		}
	}
	defer lock.Close() // releases the flock
	sock := d.Endpoint.Socket()
	_ = os.Remove(sock) // a dead daemon's; we hold the lock
	ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: sock, Net: "unix"})
	if err != nil {
		return fmt.Errorf("listen on %s: %w", sock, err)
	}
	_ = os.Chmod(sock, 0o600)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	d.idle = time.AfterFunc(d.Idle, func() { d.idleStop(cancel) })

	var (
		backend Backend
		openErr error
		ready   = make(chan struct{})
	)
	go func() {
		backend, openErr = d.Open(ctx)
		if openErr != nil {
			d.Log.Error("cannot serve", "err", openErr)
		}
		close(ready)
	}()

	var wg sync.WaitGroup
	go func() {
		<-ctx.Done()
		ln.Close()
	}()
	d.Log.Info("listening", "socket", sock)
	for {
		c, err := ln.AcceptUnix()
		if err != nil {
			break
		}
		if err := checkPeer(c); err != nil {
			d.Log.Warn("refused a connection", "err", err)
			c.Close()
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			d.serveConn(ctx, c, ready, func() (Backend, error) { return backend, openErr }, cancel)
		}()
	}
	cancel()
	d.mu.Lock()
	for c := range d.sessions {
		c.Close()
	}
	d.mu.Unlock()
	wg.Wait()
	<-ready
	if backend != nil {
		if err := backend.Close(); err != nil {
			d.Log.Warn("closing", "err", err)
		}
	}
	d.Log.Info("stopped")
	return openErr
}

// idleStop ends the daemon if no session has come since the timer started.
func (d *Daemon) idleStop(cancel func()) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if len(d.sessions) == 0 {
		d.Log.Info("no session for the idle period; stopping", "idle", d.Idle)
		cancel()
	}
}

func (d *Daemon) serveConn(ctx context.Context, c *net.UnixConn, ready <-chan struct{}, backend func() (Backend, error), stop func()) {
	defer c.Close()
	_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
	r := bufio.NewReader(c)
	line, err := r.ReadBytes('\n')
	_ = c.SetReadDeadline(time.Time{})
	if err != nil {
		return
	}
	var h hello
	answer := func(rep reply) bool {
		data, _ := json.Marshal(rep)
		_, err := c.Write(append(data, '\n'))
		return err == nil
	}
	if err := json.Unmarshal(line, &h); err != nil || h.Version != protocolVersion {
		answer(reply{Error: fmt.Sprintf("this skilldex daemon speaks share protocol %d; stop it (skilldex serve --stop) so a current one starts", protocolVersion)})
		return
	}
	switch h.Op {
	case "stop":
		d.Log.Info("stop requested")
		answer(reply{OK: true, Status: d.status()})
		stop()
		return
	case "status":
		answer(reply{OK: true, Status: d.status()})
		return
	case "serve", "":
	default:
		answer(reply{Error: fmt.Sprintf("unknown op %q", h.Op)})
		return
	}
	// Counted from here, while it waits for the backend to open: a
	// cold start may outlast the idle period, and a front waiting for it
	// is a session.
	d.join(c)
	defer d.leave(c)
	select {
	case <-ready:
	case <-ctx.Done():
		return
	}
	b, err := backend()
	if err != nil {
		var le *LockedError
		answer(reply{Error: err.Error(), Locked: errors.As(err, &le)})
		stop() // nothing to serve: let a later front start a daemon that can
		return
	}
	srv, err := b.Server(h.Options)
	if err != nil {
		answer(reply{Error: err.Error()})
		return
	}
	if !answer(reply{OK: true}) {
		return
	}
	// Bytes the hello reader read past its line belong to MCP.
	rest, _ := r.Peek(r.Buffered())
	in := io.NopCloser(io.MultiReader(bytes.NewReader(bytes.Clone(rest)), c))
	ss, err := srv.Connect(ctx, &mcp.IOTransport{Reader: in, Writer: c, MaxLineLength: maxForwarded}, nil)
	if err != nil {
		d.Log.Warn("session", "err", err)
		return
	}
	_ = ss.Wait()
}

func (d *Daemon) status() *Status {
	d.mu.Lock()
	defer d.mu.Unlock()
	return &Status{PID: os.Getpid(), Sessions: len(d.sessions), Started: d.started, Serving: d.Describe, Socket: d.Endpoint.Socket()}
}

// join counts a session in and stops the idle timer.
func (d *Daemon) join(c net.Conn) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.sessions[c] = true
	d.idle.Stop()
	d.Log.Info("session opened", "sessions", len(d.sessions))
}

func (d *Daemon) leave(c net.Conn) {
	d.mu.Lock()
	defer d.mu.Unlock()
	delete(d.sessions, c)
	d.Log.Info("session closed", "sessions", len(d.sessions))
	if len(d.sessions) == 0 {
		d.idle.Reset(d.Idle)
	}
}
