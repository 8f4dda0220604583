package benchmarks

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/index/skillmd"
)

// Takeover figure defaults.
const (
	// DefaultTakeoverSessions is how many stdio sessions share the
	// server while its owner is killed ("two and then eight
	// concurrent stdio sessions").
	DefaultTakeoverSessions = 8
	// DefaultTakeoverRounds is how many times the owner is killed.
	DefaultTakeoverRounds = 5
)

// TakeoverConfig configures Takeover.
type TakeoverConfig struct {
	// Cmd is the command line of a skilldex binary, as Config.ServeCmd.
	Cmd []string
	// Root is the skill folder served and Data the data dir; Takeover
	// first builds it with `skilldex index` (bodies included), so the
	// figure is the takeover's, not a build's.
	Root, Data string
	// Sessions and Rounds: 0 means DefaultTakeoverSessions and
	// DefaultTakeoverRounds.
	Sessions, Rounds int
	// Query is what every session searches for.
	Query string
	// Log receives one line per round; nil discards.
	Log io.Writer
}

// TakeoverRound is what one SIGKILL of the shared server cost.
type TakeoverRound struct {
	// Slowest and Fastest are the times from the SIGKILL to a
	// session's answer to a search sent right after it, in ms.
	Slowest, Fastest float64
	// Daemons is how many daemon processes were started to replace the
	// killed one (counted from their log lines; 1 is ideal).
	Daemons int
	// CPU is the processor time, in ms, that the sessions' processes and
	// every server process spent from the SIGKILL until all had
	// answered (Linux: from /proc; 0 elsewhere). On a loaded machine
	// the wall time grows with it: it is the figure's load-independent
	// part.
	CPU float64
}

// Takeover measures how long stdio sessions sharing one skilldex server
// go without an answer when the server's process is killed:
// it starts Sessions `serve --dir Root --data-dir Data` processes with a
// socket folder of their own, initializes each and has each search once
// (so all share one daemon), then Rounds times: kills the daemon with
// SIGKILL, has every session search at once, and times each answer from
// the kill. The daemon's log (its "catalog open" and "server ready" lines
// give the split between the catalog's warm start and building the
// tools) goes to Log after the last round. Errors: a session that does
// not start or answer (a 2-minute bound per step), or no daemon.
func Takeover(ctx context.Context, cfg TakeoverConfig) ([]TakeoverRound, error) {
	if len(cfg.Cmd) == 0 {
		return nil, errors.New("takeover: no skilldex command")
	}
	if cfg.Sessions <= 0 {
		cfg.Sessions = DefaultTakeoverSessions
	}
	if cfg.Rounds <= 0 {
		cfg.Rounds = DefaultTakeoverRounds
	}
	logf := func(format string, a ...any) {
		if cfg.Log != nil {
			fmt.Fprintf(cfg.Log, format+"\n", a...)
		}
	}
	// A short path: a Unix socket's path is limited to about 100 bytes.
	sockets, err := os.MkdirTemp("", "sdx-to-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(sockets)
	env := []string{"SKILLDEX_SOCKET_DIR=" + sockets, "SKILLDEX_SHARE_IDLE=5s"}
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "SKILLDEX_") {
			env = append(env, kv)
		}
	}
	run := func(args ...string) ([]byte, error) {
		c := exec.CommandContext(ctx, cfg.Cmd[0], append(append([]string{}, cfg.Cmd[1:]...), args...)...)
		c.Env = env
		return c.Output()
	}
	// The data dir as serve keys it, bodies and all, so the figure is
	// the takeover's and not a build's.
	start := time.Now()
	if out, err := run("index", "--dir", cfg.Root, "--data-dir", cfg.Data); err != nil {
		return nil, fmt.Errorf("skilldex index: %w: %s", err, out)
	}
	logf("takeover: data dir built or refreshed by skilldex index in %v", time.Since(start).Round(time.Millisecond))
	// Whatever happens, no daemon outlives the figure.
	defer func() { _, _ = run("serve", "--stop") }()

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	sessions := make([]*mcpSession, cfg.Sessions)
	defer func() {
		for _, s := range sessions {
			if s != nil {
				s.close()
			}
		}
	}()
	var errs []error
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i := range sessions {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := startSession(ctx, cfg, env, filepath.Join(sockets, fmt.Sprintf("session%d.log", i)))
			mu.Lock()
			defer mu.Unlock()
			sessions[i] = s
			if err == nil {
				err = s.search(cfg.Query)
			}
			if err != nil {
				errs = append(errs, fmt.Errorf("session %d: %w", i, err))
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	var out []TakeoverRound
	for round := range cfg.Rounds {
		data, err := run("serve", "--status", "--json")
		if err != nil {
			return nil, fmt.Errorf("serve --status: %w", err)
		}
		var st []struct {
			PID      int `json:"pid"`
			Sessions int `json:"sessions"`
		}
		if err := json.Unmarshal(data, &st); err != nil || len(st) != 1 || st[0].Sessions != cfg.Sessions {
			return nil, fmt.Errorf("want one shared server holding %d sessions, serve --status says %s", cfg.Sessions, bytes.TrimSpace(data))
		}
		before := daemonStarts(sockets)
		cpuBefore := procCPU(st[0].PID, false)
		for _, s := range sessions {
			cpuBefore += procCPU(s.cmd.Process.Pid, true)
		}
		if err := syscall.Kill(st[0].PID, syscall.SIGKILL); err != nil {
			return nil, err
		}
		killed := time.Now()
		took := make([]float64, len(sessions))
		for i, s := range sessions {
			wg.Add(1)
			go func() {
				defer wg.Done()
				err := s.search(cfg.Query)
				took[i] = msSince(killed)
				if err != nil {
					mu.Lock()
					errs = append(errs, fmt.Errorf("session %d after the kill: %w", i, err))
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			return nil, err
		}
		// The daemons that lost the race to own the endpoint exit on
		// their own; give them a moment to log it.
		if err := sleep(ctx, 300*time.Millisecond); err != nil {
			return nil, err
		}
		// The killed server and the ones that gave way were reaped
		// by the sessions that started them: their time is the
		// sessions' children's.
		fronts := -cpuBefore
		for _, s := range sessions {
			fronts += procCPU(s.cmd.Process.Pid, true)
		}
		server := 0.0
		if data, err := run("serve", "--status", "--json"); err == nil && json.Unmarshal(data, &st) == nil && len(st) == 1 {
			server = procCPU(st[0].PID, false)
		}
		r := TakeoverRound{Slowest: took[0], Fastest: took[0], Daemons: daemonStarts(sockets) - before, CPU: fronts + server}
		for _, t := range took {
			r.Slowest, r.Fastest = max(r.Slowest, t), min(r.Fastest, t)
		}
		out = append(out, r)
		logf("takeover %d: %d sessions answered %.0f-%.0f ms after the SIGKILL (%d server processes started; CPU %.0f ms: the new server %.0f, sessions and servers gone %.0f)",
			round+1, len(sessions), r.Fastest, r.Slowest, r.Daemons, r.CPU, server, fronts)
	}
	logs, _ := filepath.Glob(filepath.Join(sockets, "*.log"))
	for _, l := range logs {
		if data, err := os.ReadFile(l); err == nil && !strings.HasPrefix(filepath.Base(l), "session") {
			for _, line := range strings.Split(string(data), "\n") {
				if strings.Contains(line, "catalog open") || strings.Contains(line, "server ready") {
					logf("  daemon: %s", line)
				}
			}
		}
	}
	return out, nil
}

// daemonStarts counts the daemon processes that have started on the
// endpoints of the socket folder (each logs "listening" or gives way).
func daemonStarts(dir string) int {
	n := 0
	logs, _ := filepath.Glob(filepath.Join(dir, "*.log"))
	for _, l := range logs {
		if strings.HasPrefix(filepath.Base(l), "session") {
			continue
		}
		data, _ := os.ReadFile(l)
		n += bytes.Count(data, []byte("daemon start"))
	}
	return n
}

// mcpSession is one `skilldex serve` on stdio, spoken to with
// newline-delimited JSON-RPC.
type mcpSession struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	out    *bufio.Reader
	nextID int
	log    string
}

func startSession(ctx context.Context, cfg TakeoverConfig, env []string, logPath string) (*mcpSession, error) {
	logf, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	defer logf.Close()
	args := append(append([]string{}, cfg.Cmd[1:]...), "serve", "--dir", cfg.Root, "--data-dir", cfg.Data)
	c := exec.CommandContext(ctx, cfg.Cmd[0], args...)
	c.Env, c.Stderr = env, logf
	stdin, err := c.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := c.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := c.Start(); err != nil {
		return nil, err
	}
	s := &mcpSession{cmd: c, stdin: stdin, out: bufio.NewReaderSize(stdout, 1<<20), log: logPath}
	if _, err := s.call("initialize", `{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"skilldex-bench","version":"1"}}`); err != nil {
		return s, err
	}
	if _, err := io.WriteString(stdin, `{"jsonrpc":"2.0","method":"notifications/initialized"}`+"\n"); err != nil {
		return s, err
	}
	return s, nil
}

// search calls search_skills and checks that it answered with hits.
func (s *mcpSession) search(query string) error {
	q, _ := json.Marshal(query)
	res, err := s.call("tools/call", `{"name":"search_skills","arguments":{"query":`+string(q)+`}}`)
	if err != nil {
		return err
	}
	var r struct {
		IsError bool `json:"isError"`
	}
	if err := json.Unmarshal(res, &r); err != nil || r.IsError {
		return fmt.Errorf("search_skills %s answered %.300s", q, res)
	}
	return nil
}

// call sends a request and returns its result, skipping the server's
// notifications; an error answer, or none within 2 minutes, is an error
// (with the tail of the session's stderr).
func (s *mcpSession) call(method, params string) (json.RawMessage, error) {
	s.nextID++
	id := s.nextID
	if _, err := fmt.Fprintf(s.stdin, `{"jsonrpc":"2.0","id":%d,"method":%q,"params":%s}`+"\n", id, method, params); err != nil {
		return nil, s.fail(err)
	}
	type answer struct {
		res json.RawMessage
		err error
	}
	done := make(chan answer, 1)
	go func() {
		for {
			line, err := s.out.ReadBytes('\n')
			if err != nil {
				done <- answer{err: err}
				return
			}
			var m struct {
				ID     json.RawMessage `json:"id"`
				Result json.RawMessage `json:"result"`
				Error  *struct {
					Message string `json:"message"`
				} `json:"error"`
			}
			if json.Unmarshal(line, &m) != nil || string(m.ID) != strconv.Itoa(id) {
				continue // a notification, or a request from the server
			}
			if m.Error != nil {
				done <- answer{err: fmt.Errorf("%s: %s", method, m.Error.Message)}
			} else {
				done <- answer{res: m.Result}
			}
			return
		}
	}()
	select {
	case a := <-done:
		if a.err != nil {
			return nil, s.fail(a.err)
		}
		return a.res, nil
	case <-time.After(2 * time.Minute):
		// The reader goroutine ends when close kills the process.
		return nil, s.fail(fmt.Errorf("%s: no answer in 2 minutes", method))
	}
}

func (s *mcpSession) fail(err error) error {
	data, _ := os.ReadFile(s.log)
	if tail := strings.TrimSpace(string(data)); tail != "" {
		lines := strings.Split(tail, "\n")
		return fmt.Errorf("%w; its stderr ends with:\n%s", err, strings.Join(lines[max(0, len(lines)-5):], "\n"))
	}
	return err
}

// close ends the session as a client does: stdin closed; killed if it
// has not exited 10 s later.
func (s *mcpSession) close() {
	s.stdin.Close()
	done := make(chan struct{})
	go func() {
		_ = s.cmd.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		_ = s.cmd.Process.Kill()
		<-done
	}
}

// takeover adds NameTakeover (the median over the rounds of the slowest
// session) to the figures, or logs why it could not be measured.
func (r *runner) takeover(ctx context.Context) {
	rounds, err := Takeover(ctx, TakeoverConfig{Cmd: r.cfg.ServeCmd, Root: r.root, Data: r.data, Sessions: r.cfg.TakeoverSessions,
		Rounds: r.cfg.TakeoverRounds, Query: r.queries[0], Log: r.cfg.Log})
	if err != nil {
		r.logf("takeover not measured: %v", err)
		return
	}
	var slowest, cpu []float64
	for _, x := range rounds {
		slowest, cpu = append(slowest, x.Slowest), append(cpu, x.CPU)
	}
	r.add(NameTakeover, median(slowest), "ms")
	if median(cpu) > 0 {
		r.add(NameTakeoverCPU, median(cpu), "ms")
	}
	r.logf("takeover: slowest session per round %v ms, CPU %v ms", roundAll(slowest), roundAll(cpu))
}

// takeoverOnly is Run with Config.Only "takeover": the takeover figure
// alone.
func (r *runner) takeoverOnly(ctx context.Context, rep *Report) (*Report, error) {
	if len(r.cfg.ServeCmd) == 0 {
		return nil, errors.New("bench: the takeover figure needs a skilldex binary to run")
	}
	reports, _ := index.ValidatePaths([]string{r.root}, skillmd.Lenient)
	for _, x := range reports {
		if x.Valid {
			r.skills++
		}
	}
	rep.Machine.Skills = r.skills
	if rep.Machine.CatalogMB == 0 {
		rep.Machine.CatalogMB = dirMB(r.root)
	}
	r.takeover(ctx)
	if len(r.out) == 0 {
		return nil, errors.New("bench: the takeover figure could not be measured (see the log above)")
	}
	rep.Results = r.out
	return rep, nil
}

// procCPU is the processor time of a process in ms (user and system),
// with its reaped children's when children is set; 0 when /proc cannot
// tell (not Linux, or the process is gone).
func procCPU(pid int, children bool) float64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// The fields after the command name (which may hold spaces), from
	// field 3 (state): utime is field 14, stime 15, cutime 16, cstime 17.
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(string(data[i+1:]))
	if len(f) < 15 {
		return 0
	}
	n := 2
	if children {
		n = 4
	}
	var ticks float64
	for _, v := range f[11 : 11+n] {
		t, _ := strconv.ParseFloat(v, 64)
		ticks += t
	}
	return ticks * 1000 / clockTicks
}

// clockTicks is USER_HZ, the unit of /proc's times: 100 on every Linux
// port Go supports.
const clockTicks = 100
