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

// ServeRSS starts "cmd serve --dir root --data-dir data --no-watch
// --share=off" (this process serves: shared, it would be a front whose
// daemon, another process, holds the catalog and outlives the bench),
// completes an MCP initialize handshake and a tools/list over stdio, and
// returns the process's peak resident set size (VmHWM, Linux) in bytes.
func ServeRSS(ctx context.Context, cmd []string, root, data string) (int64, error) {
	if runtime.GOOS != "linux" {
		return 0, errors.New("RSS is read from /proc: Linux only")
	}
	// A server that never answers (say, told to serve HTTP by the
	// environment) must not hang the bench.
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	args := append(append([]string{}, cmd[1:]...), "serve", "--dir", root, "--data-dir", data, "--no-watch", "--share=off")
	p, stdin, stdout, err := startProcess(ctx, cmd[0], args)
	if err != nil {
		return 0, err
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
	steps := []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"skilldex-bench","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
	}
	for _, s := range steps {
		if err := send(s); err != nil {
			return 0, err
		}
		if strings.Contains(s, `"id"`) {
			if err := recv(); err != nil {
				return 0, err
			}
		}
	}
	return procStatus(p.Pid(), "VmHWM")
}
