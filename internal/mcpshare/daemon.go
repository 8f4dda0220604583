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
	"sync/atomic"
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
// so an old daemon and a new front never talk past each other. Version 2
// added the secret and the call and http ops.
const protocolVersion = 2

// hello is the first line a client sends on a connection; the daemon
// answers with one reply line, then the connection carries what the op
// says: MCP ("serve"), request and answer lines ("call"), or nothing but
// the client's presence ("http").
type hello struct {
	Version int    `json:"skilldex_share"`
	Op      string `json:"op"` // "serve", "call", "http", "stop" or "status"
	// Secret is the content of the endpoint's SecretFile: proof that the
	// client can read the socket folder (a sandboxed script cannot).
	Secret string `json:"secret,omitempty"`
	// Options select the server (tool profiles, scripts...): opaque
	// here, given to Backend.Server and Backend.ServeHTTP.
	Options json.RawMessage `json:"options,omitempty"`
	// Params are the op's own (for "http": where and how to listen),
	// opaque here.
	Params json.RawMessage `json:"params,omitempty"`
}

// Status describes a running daemon (the reply to "status"): its clients
// by kind and how current its catalog is.
type Status struct {
	PID int `json:"pid"`
	// Sessions counts every client connected now: Stdio MCP sessions,
	// HTTP listeners and one-shot CLI clients.
	Sessions int `json:"sessions"`
	Stdio    int `json:"stdio_sessions"`
	// HTTP is the HTTP listeners open (one per `serve --http` attached);
	// HTTPSessions the MCP sessions open over them.
	HTTP         int       `json:"http_listeners"`
	HTTPSessions int       `json:"http_sessions"`
	HTTPAddrs    []string  `json:"http_addrs,omitempty"`
	CLICalls     int64     `json:"cli_calls"` // one-shot CLI requests answered since the start
	Started      time.Time `json:"started"`
	// CatalogUpdated is when the catalog last caught up with the roots
	// (open, a watched change, a one-shot client's catch-up); zero while
	// it opens.
	CatalogUpdated time.Time `json:"catalog_updated,omitzero"`
	// Serving is what the daemon serves, as Daemon.Describe says (the
	// data dir and roots).
	Serving string `json:"serving"`
	Socket  string `json:"socket"`
}

type reply struct {
	OK     bool            `json:"ok"`
	Error  string          `json:"error,omitempty"`
	Locked bool            `json:"locked,omitempty"` // the backend could not own the data dir
	Retry  bool            `json:"retry,omitempty"`  // a stale secret: read it again
	Status *Status         `json:"status,omitempty"`
	Result json.RawMessage `json:"result,omitempty"` // the op's (for "http": Backend.ServeHTTP's)
}

// Backend is what a daemon serves: opened once, then one MCP server per
// distinct set of serving options, answers to one-shot clients, and HTTP
// listeners.
type Backend interface {
	// Server returns the MCP server for the options a front sent (the
	// same server for equal options).
	Server(options json.RawMessage) (*mcp.Server, error)
	// Call answers one request line of a one-shot client ("call" op)
	// with one answer line; the encoding is the backend's.
	Call(ctx context.Context, line []byte) []byte
	// ServeHTTP starts serving MCP over HTTP with the server for options,
	// as params say; info is returned to the client (where it listens),
	// stop is called when the client that asked leaves or the daemon
	// stops.
	ServeHTTP(ctx context.Context, options, params json.RawMessage) (info json.RawMessage, stop func(), err error)
	// Stats fills the backend's part of a Status (HTTPSessions,
	// HTTPAddrs, CatalogUpdated).
	Stats(*Status)
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
	sessions map[net.Conn]string // by kind: "stdio", "http" or "cli"
	idle     *time.Timer
	started  time.Time
	secret   string
	cliCalls atomic.Int64
	backend  Backend // once open
	// peerCheck is checkClient; tests replace it to prove what it
	// refuses.
	peerCheck func(*net.UnixConn) error
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
	d.sessions = map[net.Conn]string{}
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
	secret, err := d.Endpoint.newSecret()
	if err != nil {
		return err
	}
	d.secret = secret
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
		} else {
			d.mu.Lock()
			d.backend = backend
			d.mu.Unlock()
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
		check := d.peerCheck
		if check == nil {
			check = checkClient
		}
		if err := check(c); err != nil {
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
	r := bufio.NewReaderSize(c, 64<<10)
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
	if !secretOK(d.secret, h.Secret) {
		d.Log.Warn("refused a hello without the secret", "op", h.Op)
		answer(reply{Error: errSecret, Retry: true})
		return
	}
	kind := ""
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
		kind = "stdio"
	case "call":
		kind = "cli"
	case "http":
		kind = "http"
	default:
		answer(reply{Error: fmt.Sprintf("unknown op %q", h.Op)})
		return
	}
	// Counted from here, while it waits for the backend to open: a
	// cold start may outlast the idle period, and a client waiting for
	// it is a session.
	d.join(c, kind)
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
	// Bytes the hello reader read past its line belong to the op.
	rest, _ := r.Peek(r.Buffered())
	in := io.MultiReader(bytes.NewReader(bytes.Clone(rest)), c)
	switch kind {
	case "cli":
		if answer(reply{OK: true}) {
			d.serveCalls(ctx, c, in, b)
		}
		return
	case "http":
		info, stopHTTP, err := b.ServeHTTP(ctx, h.Options, h.Params)
		if err != nil {
			answer(reply{Error: err.Error()})
			return
		}
		defer stopHTTP()
		if !answer(reply{OK: true, Result: info}) {
			return
		}
		// Served until the client that asked leaves (its connection
		// ends) or the daemon stops.
		go func() {
			<-ctx.Done()
			c.Close()
		}()
		_, _ = io.Copy(io.Discard, in)
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
	ss, err := srv.Connect(ctx, &mcp.IOTransport{Reader: io.NopCloser(in), Writer: c, MaxLineLength: maxForwarded}, nil)
	if err != nil {
		d.Log.Warn("session", "err", err)
		return
	}
	_ = ss.Wait()
}

// maxCallLine bounds one request line of a one-shot client.
const maxCallLine = 1 << 20

// serveCalls answers a one-shot client's request lines, one answer line
// each, until it closes the connection.
func (d *Daemon) serveCalls(ctx context.Context, c *net.UnixConn, in io.Reader, b Backend) {
	r := bufio.NewReaderSize(in, 64<<10)
	for {
		line, tooLong, err := readLine(r, maxCallLine)
		if len(bytes.TrimSpace(line)) > 0 && !tooLong {
			d.cliCalls.Add(1)
			out := b.Call(ctx, line)
			if ctx.Err() != nil {
				return // stopping: no half answers
			}
			if _, werr := c.Write(append(out, '\n')); werr != nil {
				return
			}
		}
		if err != nil || tooLong {
			return
		}
	}
}

func (d *Daemon) status() *Status {
	d.mu.Lock()
	st := &Status{PID: os.Getpid(), Sessions: len(d.sessions), Started: d.started, Serving: d.Describe, Socket: d.Endpoint.Socket(),
		CLICalls: d.cliCalls.Load()}
	for _, kind := range d.sessions {
		switch kind {
		case "stdio":
			st.Stdio++
		case "http":
			st.HTTP++
		}
	}
	b := d.backend
	d.mu.Unlock()
	if b != nil {
		b.Stats(st)
	}
	return st
}

// join counts a session in and stops the idle timer.
func (d *Daemon) join(c net.Conn, kind string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.sessions[c] = kind
	d.idle.Stop()
	if kind != "cli" {
		d.Log.Info("session opened", "kind", kind, "sessions", len(d.sessions))
	}
}

func (d *Daemon) leave(c net.Conn) {
	d.mu.Lock()
	defer d.mu.Unlock()
	kind := d.sessions[c]
	delete(d.sessions, c)
	if kind != "cli" {
		d.Log.Info("session closed", "kind", kind, "sessions", len(d.sessions))
	}
	if len(d.sessions) == 0 {
		d.idle.Reset(d.Idle)
	}
}
