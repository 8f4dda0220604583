package mcpshare

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"strconv"
	"sync"
	"time"
)

// Defaults of Front.
const (
	// DefaultMaxPending is how many client requests may await an answer
	// at once; past it the front stops reading stdin until answers are
	// written (and read by the client): stdio backpressure.
	DefaultMaxPending = 64
	// DefaultMaxLine bounds one client line, in bytes (16 MiB); a longer
	// line is skipped to its newline and answered with -32600.
	DefaultMaxLine = 16 << 20
	// DefaultReconnect bounds how long the front tries to reach a server
	// again after losing it, before failing the session.
	DefaultReconnect = 2 * time.Minute
)

// Front is the stdio side of a shared MCP server: it reads newline-delimited
// JSON-RPC from the client (In), answers malformed lines itself, forwards the
// rest to a server it reaches with Dial, and writes the server's messages to
// the client (Out). It renumbers the client's request ids (the server sees
// the front's own integers; answers carry the client's id exactly as
// written), which lets it replay the session on a new connection when the
// server goes away: the initialize handshake, the logging level, resource
// subscriptions and every unanswered request, so the client never notices.
type Front struct {
	In  io.Reader
	Out io.Writer
	// Dial returns a connection to an MCP server speaking newline-delimited
	// JSON-RPC. It is called again after a connection ends while the
	// client is still there; Reconnect false makes that the end instead.
	Dial      func(ctx context.Context) (io.ReadWriteCloser, error)
	Reconnect bool
	// MaxPending, MaxLine and ReconnectTimeout: 0 means DefaultMaxPending,
	// DefaultMaxLine, DefaultReconnect.
	MaxPending       int
	MaxLine          int
	ReconnectTimeout time.Duration
	Log              *slog.Logger

	mu      sync.Mutex
	nextID  int64
	pending map[int64]*call // by the front's id
	// initialize is the client's initialize request once answered;
	// initialized whether it sent notifications/initialized; level the
	// last logging/setLevel params that succeeded; subs the resource URIs
	// subscribed to, each with its subscribe params.
	initialize  *call
	initialized bool
	level       json.RawMessage
	subs        map[string]json.RawMessage
	// replayable are the tools a replay may call again: those the
	// server's tools/list marked read-only or idempotent. Any other
	// tools/call in flight when the server dies (a script run) is not
	// sent again: its effects may already have happened.
	replayable map[string]bool

	slots    chan struct{}   // one per pending request
	out      chan []byte     // lines for the client
	answered chan struct{}   // a request was answered
	done     <-chan struct{} // the session is over
}

// call is one forwarded client request.
type call struct {
	id     json.RawMessage // the client's
	method string
	params json.RawMessage
	front  int64
}

// replayPrefix marks the ids of requests the front makes itself when it
// replays a session; their answers are not the client's.
const replayPrefix = "skilldex-front-replay-"

// Run serves the client until In ends (the client closed stdin) and every
// request has been answered, Out fails, ctx ends, or no server can be
// reached. It returns nil on a normal end.
func (f *Front) Run(ctx context.Context) error {
	if f.Log == nil {
		f.Log = slog.New(slog.DiscardHandler)
	}
	if f.MaxPending <= 0 {
		f.MaxPending = DefaultMaxPending
	}
	if f.MaxLine <= 0 {
		f.MaxLine = DefaultMaxLine
	}
	if f.ReconnectTimeout <= 0 {
		f.ReconnectTimeout = DefaultReconnect
	}
	f.pending = map[int64]*call{}
	f.subs = map[string]json.RawMessage{}
	f.replayable = map[string]bool{}
	f.slots = make(chan struct{}, f.MaxPending)
	f.out = make(chan []byte, 8)
	f.answered = make(chan struct{}, 1)
	ctx, cancel := context.WithCancel(ctx)
	f.done = ctx.Done()

	conn, err := f.Dial(ctx)
	if err != nil {
		cancel()
		return err
	}
	writeErr := make(chan error, 1)
	go func() { writeErr <- f.writeLoop() }()
	in := make(chan *message)
	go f.readLoop(in)

	s := &link{conn: conn, down: make(chan struct{}), replayed: make(chan struct{}), listed: make(chan struct{})}
	close(s.replayed)
	go f.serverLoop(s)
	// finish ends the session: the server connection closes, the lines
	// already queued for the client are written (bounded, in case the
	// client stopped reading), and err is returned.
	finish := func(err error) error {
		s.conn.Close()
		cancel()
		select {
		case werr := <-writeErr:
			if err == nil && werr != nil && !errors.Is(werr, context.Canceled) {
				err = fmt.Errorf("writing to the client: %w", werr)
			}
		case <-time.After(5 * time.Second):
		}
		return err
	}
	inDone := false
	for {
		select {
		case m, ok := <-in:
			if !ok {
				in, inDone = nil, true
			} else {
				f.forward(s, m)
			}
		case <-f.answered:
		case <-s.down:
			if inDone && f.idle() {
				return finish(nil)
			}
			if !f.Reconnect || ctx.Err() != nil {
				f.failPending("the skilldex server closed the connection")
				return finish(errors.New("the MCP server closed the connection"))
			}
			s.conn.Close()
			ns, err := f.reconnect(ctx)
			if err != nil {
				f.failPending("the shared skilldex server went away and could not be restarted: " + err.Error())
				return finish(err)
			}
			s = ns
		case err := <-writeErr:
			writeErr <- err
			return finish(nil)
		case <-ctx.Done():
			return finish(nil)
		}
		if inDone && f.idle() {
			return finish(nil)
		}
	}
}

// link is one connection to the server.
type link struct {
	conn     io.ReadWriteCloser
	wmu      sync.Mutex
	down     chan struct{} // closed when reading it ends
	replayed chan struct{} // closed when the replayed initialize is answered
	once     sync.Once
	// listed is closed when the front's own tools/list (sent during a
	// replay to learn which tools are read-only) is answered.
	listed   chan struct{}
	listOnce sync.Once
}

func (l *link) write(line []byte) {
	l.wmu.Lock()
	defer l.wmu.Unlock()
	// A failed write shows as the read side ending; the request stays
	// pending and is replayed.
	_, _ = l.conn.Write(append(line, '\n'))
}

// idle reports whether no client request awaits an answer.
func (f *Front) idle() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.pending) == 0
}

// readLoop reads client lines, answers malformed ones, and hands the rest
// to Run. It takes a pending slot before handing on a request, so a client
// that does not read its answers stops being read.
func (f *Front) readLoop(in chan<- *message) {
	defer close(in)
	r := bufio.NewReaderSize(f.In, 64<<10)
	for {
		line, tooLong, err := readLine(r, f.MaxLine)
		if tooLong {
			if !f.send((&rpcError{id: null, code: CodeInvalidRequest, msg: fmt.Sprintf("invalid request: the message is longer than %d bytes", f.MaxLine)}).line()) {
				return
			}
		} else if len(bytes.TrimSpace(line)) > 0 {
			m, perr := parse(bytes.TrimRight(line, "\r"))
			if perr != nil {
				if !f.send(perr.(*rpcError).line()) {
					return
				}
			} else {
				if m.kind == kindRequest {
					select {
					case f.slots <- struct{}{}:
					case <-f.done:
						return
					}
				}
				select {
				case in <- m:
				case <-f.done:
					return
				}
			}
		}
		if err != nil {
			if !errors.Is(err, io.EOF) {
				f.Log.Warn("reading the client", "err", err)
			}
			return
		}
	}
}

// readLine reads one line without its newline, keeping at most max bytes:
// a longer line is read to its end and dropped (tooLong).
func readLine(r *bufio.Reader, max int) (line []byte, tooLong bool, err error) {
	for {
		chunk, err := r.ReadSlice('\n')
		if !tooLong {
			if len(line)+len(chunk) > max+1 {
				tooLong, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return bytes.TrimSuffix(line, []byte("\n")), tooLong, err
	}
}

// send queues a line for the client; false when the session is over.
func (f *Front) send(line []byte) bool {
	select {
	case f.out <- line:
		return true
	case <-f.done:
		return false
	}
}

// writeLoop writes queued lines to the client, flushing when the queue is
// empty (one write per burst); once the session is over it writes what is
// still queued and returns.
func (f *Front) writeLoop() error {
	w := bufio.NewWriter(f.Out)
	put := func(line []byte) error {
		w.Write(line)
		w.WriteByte('\n')
		if len(f.out) == 0 {
			return w.Flush()
		}
		return nil
	}
	for {
		select {
		case line := <-f.out:
			if err := put(line); err != nil {
				return err
			}
		case <-f.done:
			for {
				select {
				case line := <-f.out:
					if err := put(line); err != nil {
						return err
					}
				default:
					return w.Flush()
				}
			}
		}
	}
}

// forward sends a client message to the server, recording what a replay
// needs.
func (f *Front) forward(s *link, m *message) {
	switch m.kind {
	case kindRequest:
		f.mu.Lock()
		f.nextID++
		c := &call{id: m.id, method: m.method, params: m.params, front: f.nextID}
		f.pending[c.front] = c
		f.mu.Unlock()
		s.write(request(strconv.AppendInt(nil, c.front, 10), c.method, c.params))
	case kindNotification:
		switch m.method {
		case "notifications/initialized":
			f.mu.Lock()
			f.initialized = true
			f.mu.Unlock()
		case "notifications/cancelled":
			m.raw = f.cancelled(m)
		}
		s.write(m.raw)
	case kindResponse:
		s.write(m.raw)
	}
}

// cancelled rewrites a cancellation's requestId to the front's id.
func (f *Front) cancelled(m *message) []byte {
	var p map[string]json.RawMessage
	if json.Unmarshal(m.params, &p) != nil || p["requestId"] == nil {
		return m.raw
	}
	want := bytes.TrimSpace(p["requestId"])
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, c := range f.pending {
		if bytes.Equal(c.id, want) {
			p["requestId"] = strconv.AppendInt(nil, c.front, 10)
			params, _ := json.Marshal(p)
			return request(nil, m.method, params)
		}
	}
	return m.raw
}

// serverLoop reads the server's lines: answers go back under the client's
// id, server requests and notifications pass through.
func (f *Front) serverLoop(s *link) {
	defer close(s.down)
	r := bufio.NewReaderSize(s.conn, 64<<10)
	for {
		line, err := r.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			f.fromServer(s, bytes.TrimSuffix(line, []byte("\n")))
		}
		if err != nil {
			return
		}
	}
}

func (f *Front) fromServer(s *link, line []byte) {
	var e envelope
	if err := json.Unmarshal(line, &e); err != nil {
		f.Log.Warn("unreadable line from the server", "err", err)
		return
	}
	if e.Method != nil || e.ID == nil {
		f.send(line)
		return
	}
	var str string
	if json.Unmarshal(e.ID, &str) == nil {
		switch str {
		case replayPrefix + "initialize":
			s.once.Do(func() { close(s.replayed) })
		case replayPrefix + "tools":
			if e.Error == nil {
				f.mu.Lock()
				f.record(&call{method: "tools/list"}, e.Result)
				f.mu.Unlock()
			}
			s.listOnce.Do(func() { close(s.listed) })
		}
		return // a replayed request's answer
	}
	id, err := strconv.ParseInt(string(e.ID), 10, 64)
	if err != nil {
		return
	}
	f.mu.Lock()
	c := f.pending[id]
	f.mu.Unlock()
	if c == nil {
		return // answered on an earlier connection
	}
	// Queued before it stops being pending, so a session that ends
	// once nothing is pending has every answer queued.
	if !f.send(response(c.id, &e)) {
		return
	}
	f.mu.Lock()
	delete(f.pending, id)
	if e.Error == nil {
		f.record(c, e.Result)
	}
	f.mu.Unlock()
	<-f.slots
	select {
	case f.answered <- struct{}{}:
	default:
	}
}

// record keeps what a replay needs of a request that succeeded; f.mu held.
func (f *Front) record(c *call, result json.RawMessage) {
	switch c.method {
	case "tools/list":
		var r struct {
			Tools []struct {
				Name        string `json:"name"`
				Annotations *struct {
					ReadOnly   bool `json:"readOnlyHint"`
					Idempotent bool `json:"idempotentHint"`
				} `json:"annotations"`
			} `json:"tools"`
		}
		if json.Unmarshal(result, &r) != nil {
			return
		}
		for _, t := range r.Tools {
			f.replayable[t.Name] = t.Annotations != nil && (t.Annotations.ReadOnly || t.Annotations.Idempotent)
		}
	case "initialize":
		f.initialize = c
	case "logging/setLevel":
		f.level = c.params
	case "resources/subscribe", "resources/unsubscribe":
		var p struct {
			URI string `json:"uri"`
		}
		if json.Unmarshal(c.params, &p) != nil {
			return
		}
		if c.method == "resources/subscribe" {
			f.subs[p.URI] = c.params
		} else {
			delete(f.subs, p.URI)
		}
	}
}

// reconnect dials until a server answers (or ReconnectTimeout passes) and
// replays the session on it.
func (f *Front) reconnect(ctx context.Context) (*link, error) {
	start := time.Now()
	wait := 10 * time.Millisecond
	for attempt := 1; ; attempt++ {
		conn, err := f.Dial(ctx)
		if err == nil {
			s := &link{conn: conn, down: make(chan struct{}), replayed: make(chan struct{}), listed: make(chan struct{})}
			go f.serverLoop(s)
			if f.replay(ctx, s) {
				f.Log.Info("reconnected to the shared server; session replayed", "attempts", attempt, "after", time.Since(start))
				return s, nil
			}
			conn.Close()
			<-s.down
			err = errors.New("the connection ended during the replay")
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if time.Since(start) > f.ReconnectTimeout {
			return nil, fmt.Errorf("no server after %v: %w", f.ReconnectTimeout, err)
		}
		f.Log.Debug("reconnecting", "attempt", attempt, "err", err)
		time.Sleep(wait)
		wait = min(2*wait, 250*time.Millisecond)
	}
}

// replay re-establishes the client's session on a new connection:
// initialize (answered before anything else is sent, as the protocol
// requires), notifications/initialized, the logging level, subscriptions,
// then every request still unanswered, in the order the client sent them.
// False when the connection ended first.
func (f *Front) replay(ctx context.Context, s *link) bool {
	f.mu.Lock()
	init, initialized, level := f.initialize, f.initialized, f.level
	subs := make([]json.RawMessage, 0, len(f.subs))
	for _, p := range f.subs {
		subs = append(subs, p)
	}
	f.mu.Unlock()
	if init != nil {
		s.write(request(json.RawMessage(strconv.Quote(replayPrefix+"initialize")), "initialize", init.params))
		select {
		case <-s.replayed:
		case <-s.down:
			return false
		case <-ctx.Done():
			return false
		}
		if initialized {
			s.write(request(nil, "notifications/initialized", nil))
		}
		if level != nil {
			s.write(request(json.RawMessage(strconv.Quote(replayPrefix+"level")), "logging/setLevel", level))
		}
		for i, p := range subs {
			s.write(request(json.RawMessage(strconv.Quote(replayPrefix+"subscribe-"+strconv.Itoa(i))), "resources/subscribe", p))
		}
	}
	if params, ok := f.unknownTools(); ok {
		// The client called a tool without listing the tools first: ask
		// the new server which are read-only or idempotent before
		// deciding what may run again.
		s.write(request(json.RawMessage(strconv.Quote(replayPrefix+"tools")), "tools/list", params))
		select {
		case <-s.listed:
		case <-s.down:
			return false
		case <-ctx.Done():
			return false
		}
	}
	f.mu.Lock()
	var safe, unsafe []*call
	for _, c := range sortedCalls(f.pending) {
		if f.replaySafe(c) {
			safe = append(safe, c)
		} else {
			delete(f.pending, c.front)
			unsafe = append(unsafe, c)
		}
	}
	f.mu.Unlock()
	for _, c := range unsafe {
		f.Log.Warn("not replaying a tool call that may have had effects", "method", c.method)
		if f.send((&rpcError{id: c.id, code: CodeInternalError, msg: notReplayed}).line()) {
			<-f.slots
			select {
			case f.answered <- struct{}{}:
			default:
			}
		}
	}
	for _, c := range safe {
		s.write(request(strconv.AppendInt(nil, c.front, 10), c.method, c.params))
	}
	return true
}

// notReplayed answers a tool call in flight when the server died that
// replaySafe kept from running again.
const notReplayed = "the shared skilldex server stopped while this tool call ran; it was not run again because it may already have had effects (a script's side effects would happen twice): check its effects, then call it again if that is safe"

// unknownTools reports whether a pending tools/call names a tool whose
// annotations the front has not seen, and the params of a tools/list to
// ask for them: the call's own _meta, which carries the protocol version
// when the client speaks a revision without initialize.
func (f *Front) unknownTools() (json.RawMessage, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, c := range sortedCalls(f.pending) {
		if c.method != "tools/call" {
			continue
		}
		var p struct {
			Name string          `json:"name"`
			Meta json.RawMessage `json:"_meta"`
		}
		if json.Unmarshal(c.params, &p) != nil {
			continue
		}
		if _, ok := f.replayable[p.Name]; ok {
			continue
		}
		if len(p.Meta) == 0 {
			return json.RawMessage(`{}`), true
		}
		return append(append([]byte(`{"_meta":`), p.Meta...), '}'), true
	}
	return nil, false
}

// replaySafe reports whether a pending call may be sent again on a new
// server: anything but tools/call, and tools/call of a tool the server
// marked read-only or idempotent; f.mu held.
func (f *Front) replaySafe(c *call) bool {
	if c.method != "tools/call" {
		return true
	}
	var p struct {
		Name string `json:"name"`
	}
	if json.Unmarshal(c.params, &p) != nil {
		return false
	}
	return f.replayable[p.Name]
}

// sortedCalls returns the calls in the order the client sent them.
func sortedCalls(m map[int64]*call) []*call {
	cs := make([]*call, 0, len(m))
	for _, c := range m {
		cs = append(cs, c)
	}
	slices.SortFunc(cs, func(a, b *call) int { return cmp.Compare(a.front, b.front) })
	return cs
}

// failPending answers every unanswered request with an internal error.
func (f *Front) failPending(why string) {
	f.mu.Lock()
	calls := f.pending
	f.pending = map[int64]*call{}
	f.mu.Unlock()
	giveUp := time.After(time.Second) // a client that stopped reading will not miss them
	for _, c := range sortedCalls(calls) {
		select {
		case f.out <- (&rpcError{id: c.id, code: CodeInternalError, msg: why}).line():
		case <-giveUp:
			return
		}
	}
}
