package benchmarks

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// process is a child started by startProcess.
type process struct{ cmd *exec.Cmd }

func (p *process) Pid() int    { return p.cmd.Process.Pid }
func (p *process) Wait() error { return p.cmd.Wait() }

// startProcess runs name with args, stdin and stdout piped, stderr
// inherited (the server's warnings belong in the bench log).
func startProcess(ctx context.Context, name string, args []string) (*process, io.WriteCloser, io.Reader, error) {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Stderr = os.Stderr
	// The child is configured by its flags alone: SKILLDEX_* settings of
	// the caller's environment (an HTTP address, a profile) would change
	// what is measured or make it serve elsewhere than stdio.
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "SKILLDEX_") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, nil, nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, nil, nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, nil, nil, fmt.Errorf("start %s: %w", name, err)
	}
	return &process{cmd}, stdin, stdout, nil
}

// procStatus reads a "kB" field such as VmRSS or VmHWM of
// /proc/PID/status, in bytes.
func procStatus(pid int, field string) (int64, error) {
	path := "/proc/self/status"
	if pid > 0 {
		path = fmt.Sprintf("/proc/%d/status", pid)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(data), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && k == field {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			if err != nil {
				return 0, fmt.Errorf("%s: %s: %w", path, field, err)
			}
			return kb << 10, nil
		}
	}
	return 0, fmt.Errorf("%s: no %s", path, field)
}

// ServeMemory is what ServeRSS read from /proc/PID/status of the serving
// process once it had answered, in bytes.
type ServeMemory struct {
	// Peak is VmHWM, the highest resident set size the process reached
	// (the bench's figure).
	Peak int64
	// RSS is VmRSS then, split into RssAnon (the Go heap, stacks) and
	// RssFile (mapped files: the binary, bbolt's and bleve's files).
	RSS, Anon, File int64
}

// ServeRSS starts "cmd serve --dir root --data-dir data --no-watch
// --share=off" (this process serves: shared, it would be a front whose
// daemon, another process, holds the catalog and outlives the bench),
// completes an MCP initialize handshake, a tools/list and one
// search_skills call (query) over stdio, and returns the process's memory.
// The data dir must already hold the catalog serve opens (the bench's
// warm one): a serve that made a new catalog folder in it (other roots,
// depth or mode than the bench's) measured a cold build instead, and is
// an error.
func ServeRSS(ctx context.Context, cmd []string, root, data, query string) (ServeMemory, error) {
	var mem ServeMemory
	if runtime.GOOS != "linux" {
		return mem, errors.New("RSS is read from /proc: Linux only")
	}
	before, err := os.ReadDir(data)
	if err != nil {
		return mem, err
	}
	// A server that never answers (say, told to serve HTTP by the
	// environment) must not hang the bench: 2 minutes unless ctx has a
	// deadline of its own.
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, 2*time.Minute)
		defer cancel()
	}
	args := append(append([]string{}, cmd[1:]...), "serve", "--dir", root, "--data-dir", data, "--no-watch", "--share=off")
	p, stdin, stdout, err := startProcess(ctx, cmd[0], args)
	if err != nil {
		return mem, err
	}
	defer func() {
		stdin.Close()
		_ = p.Wait()
	}()
	in := bufio.NewReader(stdout)
	send := func(msg string) error {
		_, err := io.WriteString(stdin, msg+"\n")
		return err
	}
	recv := func() error {
		line, err := in.ReadString('\n')
		if err != nil {
			return fmt.Errorf("serve: %w", err)
		}
		var m struct {
			Error *struct{ Message string } `json:"error"`
		}
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			return fmt.Errorf("serve: %w: %s", err, line)
		}
		if m.Error != nil {
			return fmt.Errorf("serve: %s", m.Error.Message)
		}
		return nil
	}
	q, err := json.Marshal(query)
	if err != nil {
		return mem, err
	}
	steps := []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"skilldex-bench","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"search_skills","arguments":{"query":` + string(q) + `}}}`,
	}
	for _, s := range steps {
		if err := send(s); err != nil {
			return mem, err
		}
		if strings.Contains(s, `"id"`) {
			if err := recv(); err != nil {
				return mem, err
			}
		}
	}
	for _, f := range []struct {
		name string
		to   *int64
	}{{"VmHWM", &mem.Peak}, {"VmRSS", &mem.RSS}, {"RssAnon", &mem.Anon}, {"RssFile", &mem.File}} {
		if *f.to, err = procStatus(p.Pid(), f.name); err != nil {
			return mem, err
		}
	}
	after, err := os.ReadDir(data)
	if err != nil {
		return mem, err
	}
	if len(after) != len(before) {
		return mem, fmt.Errorf("serve made a new catalog in %s (%d entries, was %d): it measured a cold build, not the bench's warm catalog", data, len(after), len(before))
	}
	return mem, nil
}
