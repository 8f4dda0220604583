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
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// DefaultStartTimeout bounds how long Client.Connect waits for a daemon it
// started to listen (not for the catalog to open: a cold index of a large
// catalog may take minutes, and the connection waits for it).
const DefaultStartTimeout = time.Minute

// Client connects fronts to the daemon of an endpoint, starting one when
// none answers.
type Client struct {
	Endpoint Endpoint
	// Options are sent in the hello: they pick the daemon's server.
	Options json.RawMessage
	// Command returns the command that runs the daemon (e.g. the same
	// binary with a hidden flag). Connect starts it in a session of its
	// own, with stdin and stdout on /dev/null and stderr appended to the
	// endpoint's log file, so it outlives the front that started it. nil
	// means never start one: wait for a daemon started otherwise.
	Command func() *exec.Cmd
	// StartTimeout: 0 means DefaultStartTimeout.
	StartTimeout time.Duration
	Log          *slog.Logger
}

// OwnedError: the daemon could not open the data dir because a process
// that is not a daemon holds it (a `serve --share=off`, a long `index`).
type OwnedError struct{ Msg string }

// Error returns the daemon's message, which names the owner.
func (e *OwnedError) Error() string { return e.Msg }

// Connect returns a connection carrying MCP to the daemon's server for
// c.Options. It starts the daemon when the socket does not answer and
// retries until one does or StartTimeout passes. Errors: *OwnedError, a
// daemon's refusal, or why no daemon could be started (with its log's
// last lines).
func (c *Client) Connect(ctx context.Context) (io.ReadWriteCloser, error) {
	conn, _, err := c.open(ctx, "serve", nil)
	return conn, err
}

// ServeHTTP asks the daemon (started when none answers, as Connect) to
// serve MCP over HTTP with the server for c.Options, as params say (the
// backend's encoding). It returns the backend's info (where it listens)
// and a connection whose closing ends the listener: the daemon serves HTTP
// while the caller holds it.
func (c *Client) ServeHTTP(ctx context.Context, params json.RawMessage) (info json.RawMessage, hold io.ReadCloser, err error) {
	conn, rep, err := c.open(ctx, "http", params)
	if err != nil {
		return nil, nil, err
	}
	return rep.Result, conn, nil
}

// ErrNoDaemon: no daemon answers at the endpoint (Call does not start one).
var ErrNoDaemon = errors.New("mcpshare: no daemon serves this endpoint")

// Call returns a connection to the daemon for one-shot requests: each
// line written (a backend request) is answered by one line. It never
// starts a daemon: ErrNoDaemon when none answers. A daemon that is still
// opening its catalog is waited for (ctx bounds the wait).
func (c *Client) Call(ctx context.Context) (*CallConn, error) {
	for attempt := 0; ; attempt++ {
		conn, err := c.Endpoint.dial()
		if err != nil {
			if errors.Is(err, syscall.ENOENT) || errors.Is(err, syscall.ECONNREFUSED) {
				return nil, ErrNoDaemon
			}
			return nil, fmt.Errorf("connect to %s: %w", c.Endpoint.Socket(), err)
		}
		rw, _, err := c.hello(conn, hello{Version: protocolVersion, Op: "call", Secret: c.Endpoint.secret(), Options: c.Options})
		if err == nil {
			return &CallConn{rw: rw, r: bufio.NewReaderSize(rw, 64<<10)}, nil
		}
		// EOF: the daemon was stopping; a stale secret: it was just
		// replaced. Either way a new one may answer.
		if (!errors.Is(err, io.EOF) && !errors.Is(err, errRetry)) || attempt >= 20 || ctx.Err() != nil {
			if errors.Is(err, io.EOF) || errors.Is(err, errRetry) {
				return nil, ErrNoDaemon
			}
			return nil, err
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// CallConn is a one-shot client's connection (Client.Call).
type CallConn struct {
	rw io.ReadWriteCloser
	r  *bufio.Reader
	mu sync.Mutex
}

// RoundTrip sends one request line and returns the answer line. An error
// means the daemon went away (io.EOF, io.ErrUnexpectedEOF or a socket
// error): the connection is useless after it.
func (cc *CallConn) RoundTrip(line []byte) ([]byte, error) {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	if _, err := cc.rw.Write(append(bytes.TrimRight(line, "\n"), '\n')); err != nil {
		return nil, err
	}
	out, err := cc.r.ReadBytes('\n')
	if err != nil {
		if errors.Is(err, io.EOF) {
			err = io.ErrUnexpectedEOF
		}
		return nil, err
	}
	return out, nil
}

// Close ends the connection.
func (cc *CallConn) Close() error { return cc.rw.Close() }

// errRetry marks a daemon's refusal that a new attempt may cure (a secret
// read just before the daemon was replaced).
var errRetry = errors.New("mcpshare: try again")

// open dials the daemon (starting one when none answers, as Connect says)
// and sends a hello for op.
func (c *Client) open(ctx context.Context, op string, params json.RawMessage) (io.ReadWriteCloser, *reply, error) {
	log := c.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	timeout := c.StartTimeout
	if timeout <= 0 {
		timeout = DefaultStartTimeout
	}
	start := time.Now()
	wait := 5 * time.Millisecond
	for {
		conn, err := c.Endpoint.dial()
		if err == nil {
			rw, rep, err := c.hello(conn, hello{Version: protocolVersion, Op: op, Secret: c.Endpoint.secret(), Options: c.Options, Params: params})
			if err == nil {
				return rw, rep, nil
			}
			var oe *OwnedError
			if errors.As(err, &oe) || (!errors.Is(err, io.EOF) && !errors.Is(err, errRetry)) {
				return nil, nil, err
			}
			// EOF before the reply: the daemon was stopping; a stale
			// secret: it was replaced. Go again.
			log.Debug("daemon closed the connection during the hello; retrying", "err", err)
		} else if !errors.Is(err, syscall.ENOENT) && !errors.Is(err, syscall.ECONNREFUSED) {
			return nil, nil, fmt.Errorf("connect to %s: %w", c.Endpoint.Socket(), err)
		}
		if ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		if time.Since(start) > timeout {
			return nil, nil, fmt.Errorf("no skilldex daemon answered at %s within %v%s", c.Endpoint.Socket(), timeout, c.logTail())
		}
		if c.Command != nil {
			// Start a daemon only when none holds the endpoint's
			// lock: one that is starting, opening its catalog or
			// stopping holds it, and when a daemon dies with many
			// fronts on it, one of them starts the next (the others'
			// would only give way, costing a process start each).
			started, err := c.start()
			if err != nil {
				return nil, nil, err
			}
			if started {
				log.Debug("started a daemon", "socket", c.Endpoint.Socket())
			}
		}
		time.Sleep(wait)
		wait = min(2*wait, 50*time.Millisecond)
	}
}

// hello sends h and reads the reply; on success the connection carries
// what the op says.
func (c *Client) hello(conn *net.UnixConn, h hello) (io.ReadWriteCloser, *reply, error) {
	data, _ := json.Marshal(h)
	if _, err := conn.Write(append(data, '\n')); err != nil {
		conn.Close()
		return nil, nil, io.EOF
	}
	r := bufio.NewReader(conn)
	line, err := r.ReadBytes('\n')
	if err != nil {
		conn.Close()
		return nil, nil, io.EOF
	}
	var rep reply
	if err := json.Unmarshal(line, &rep); err != nil {
		conn.Close()
		return nil, nil, fmt.Errorf("the skilldex daemon at %s answered %q", c.Endpoint.Socket(), bytes.TrimSpace(line))
	}
	if !rep.OK {
		conn.Close()
		if rep.Locked {
			return nil, nil, &OwnedError{Msg: rep.Error}
		}
		if rep.Retry {
			return nil, nil, fmt.Errorf("%w: %s", errRetry, rep.Error)
		}
		return nil, nil, fmt.Errorf("the skilldex daemon: %s", rep.Error)
	}
	rest, _ := r.Peek(r.Buffered())
	return &bufConn{Reader: io.MultiReader(bytes.NewReader(bytes.Clone(rest)), conn), conn: conn}, &rep, nil
}

type bufConn struct {
	io.Reader
	conn *net.UnixConn
}

func (b *bufConn) Write(p []byte) (int, error) { return b.conn.Write(p) }
func (b *bufConn) Close() error                { return b.conn.Close() }

// start runs the daemon detached if the endpoint's lock is free: it takes
// the lock and hands it to the daemon (its file descriptor 3, named by
// lockFDEnv), so no other front starts one meanwhile. It reports whether
// it started one; false, nil means a daemon holds the lock.
func (c *Client) start() (bool, error) {
	lock, err := os.OpenFile(c.Endpoint.Lock(), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return false, fmt.Errorf("start the skilldex daemon: %w", err)
	}
	// The daemon has its own copy of the descriptor: closing ours
	// leaves it the only holder.
	defer lock.Close()
	if err := flock(lock); err != nil {
		if errors.Is(err, unix.EWOULDBLOCK) {
			return false, nil
		}
		return false, fmt.Errorf("lock %s: %w", c.Endpoint.Lock(), err)
	}
	cmd := c.Command()
	logf, err := openLog(c.Endpoint.LogFile())
	if err != nil {
		return false, err
	}
	defer logf.Close()
	cmd.Stdin, cmd.Stdout, cmd.Stderr = nil, nil, logf
	cmd.ExtraFiles = []*os.File{lock}
	if cmd.Env == nil {
		cmd.Env = os.Environ()
	}
	cmd.Env = append(cmd.Env, lockFDEnv+"=3")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true} // no terminal signals from the front's session
	if err := cmd.Start(); err != nil {
		return false, fmt.Errorf("start the skilldex daemon: %w", err)
	}
	go func() { _ = cmd.Wait() }() // reaped when it exits
	return true, nil
}

// maxLog is the size past which a daemon log starts afresh (the previous
// one kept as .old).
const maxLog = 1 << 20

func openLog(path string) (*os.File, error) {
	if fi, err := os.Stat(path); err == nil && fi.Size() > maxLog {
		_ = os.Rename(path, path+".old")
	}
	return os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
}

// logTail is "; the daemon's log (PATH) ends with: ..." or "".
func (c *Client) logTail() string {
	data, err := os.ReadFile(c.Endpoint.LogFile())
	if err != nil || len(data) == 0 {
		return ""
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	lines = lines[max(0, len(lines)-5):]
	return fmt.Sprintf("; the daemon's log (%s) ends with:\n%s", c.Endpoint.LogFile(), strings.Join(lines, "\n"))
}

// Request sends op ("stop" or "status") to the daemon of e, if one runs:
// nil status and nil error when none does.
func Request(e Endpoint, op string) (*Status, error) {
	conn, err := e.dial()
	if err != nil {
		if errors.Is(err, syscall.ENOENT) || errors.Is(err, syscall.ECONNREFUSED) {
			return nil, nil
		}
		return nil, err
	}
	defer conn.Close()
	data, _ := json.Marshal(hello{Version: protocolVersion, Op: op, Secret: e.secret()})
	if _, err := conn.Write(append(data, '\n')); err != nil {
		return nil, err
	}
	_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	line, err := bufio.NewReader(conn).ReadBytes('\n')
	if err != nil {
		return nil, fmt.Errorf("the daemon at %s did not answer: %w", e.Socket(), err)
	}
	var rep reply
	if err := json.Unmarshal(line, &rep); err != nil || !rep.OK {
		return nil, fmt.Errorf("the daemon at %s: %s", e.Socket(), rep.Error)
	}
	if rep.Status == nil {
		rep.Status = &Status{Socket: e.Socket()}
	}
	return rep.Status, nil
}

// Endpoints lists the endpoints with a socket in dir.
func Endpoints(dir string) ([]Endpoint, error) {
	socks, err := filepath.Glob(filepath.Join(dir, "*.sock"))
	if err != nil {
		return nil, err
	}
	var es []Endpoint
	for _, s := range socks {
		es = append(es, Endpoint{Dir: dir, Key: strings.TrimSuffix(filepath.Base(s), ".sock")})
	}
	return es, nil
}

// Stop asks the daemon of e to stop and waits (up to wait) until it has
// released its lock, so the data dir is free, or a new daemon has taken
// its place (sessions still open start one at once). It reports whether
// one ran.
func Stop(e Endpoint, wait time.Duration) (bool, error) {
	st, err := Request(e, "stop")
	if err != nil || st == nil {
		return false, err
	}
	f, err := os.OpenFile(e.Lock(), os.O_RDWR, 0)
	if err != nil {
		return true, nil
	}
	defer f.Close()
	deadline := time.Now().Add(wait)
	for flock(f) != nil {
		if now, _ := Request(e, "status"); now != nil && now.PID != st.PID {
			return true, nil
		}
		if time.Now().After(deadline) {
			return true, fmt.Errorf("the daemon at %s (pid %d) was asked to stop but still runs after %v", e.Socket(), st.PID, wait)
		}
		time.Sleep(20 * time.Millisecond)
	}
	return true, nil
}
