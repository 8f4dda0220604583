package sandbox

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/skilldex/skilldex/internal/safefs"
)

// Errors returned by [Resolve] and by [Sandbox.Run] before anything runs.
// They are sentinels: the returned error wraps one of them (test with
// errors.Is) and adds the offending path or the reason.
var (
	// ErrUnsupported: the script is neither .py, .js nor .sh, and is not an
	// extension-less file whose shebang names python3, node or bash. Text from
	// the seed's error list ("Unsupported script type": Only .py, .js, .sh
	// supported); the wrapped error also names the file.
	ErrUnsupported = errors.New("Unsupported script type: only .py, .js, .sh supported")

	// ErrOutside: the script path escapes the skill folder: it is absolute,
	// has a ".." element, a backslash or a NUL byte, or resolves (through
	// symlinks) outside the skill folder. Seed: read_file "Security: Path
	// validation prevents directory traversal", applied to scripts too.
	// Refused before anything runs.
	ErrOutside = errors.New("script path is outside the skill folder")

	// ErrNotFound: the skill folder or the script does not exist, or the
	// script is not a regular file. Text from the seed's error list ("File not
	// found").
	ErrNotFound = errors.New("File not found")

	// ErrUnavailable: the sandbox cannot run here: bwrap is missing or cannot
	// create namespaces, or a program the run needs (the interpreter,
	// setpriv, prlimit) is missing. The wrapped message says which, and for bwrap how to
	// install it (apt-get install bubblewrap) or that the unsafe
	// --sandbox none exists.
	ErrUnavailable = errors.New("sandbox unavailable")

	// ErrInvalidRequest: the Request itself is malformed: SkillDir, an
	// input or OutputDir not absolute, missing, or a path no script is given
	// (/, the home folder, /proc), OutputDir not a folder, an unknown
	// ArgStyle, a negative Timeout or MaxOutput, or a NUL byte in an argument
	// (which no process can receive).
	ErrInvalidRequest = errors.New("invalid script request")
)

// ArgStyle says how [Arg]s reach the script (seed: execute_script, optional
// arg "arg_style"). Whatever the style, every argument is also exported as a
// SKILL_ARG_<KEY> environment variable (see [BuildArgv]).
type ArgStyle string

// The three styles of the seed. The empty ArgStyle means ArgPositional.
const (
	// ArgPositional: values in order, sys.argv = ['script.py', 'value1', 'value2'].
	ArgPositional ArgStyle = "positional"
	// ArgNamed: --key value pairs, sys.argv = ['script.py', '--key1', 'value1', ...].
	ArgNamed ArgStyle = "named"
	// ArgEnv: environment variables only, no command-line arguments.
	ArgEnv ArgStyle = "env"
)

// ParseArgStyle maps the seed's "arg_style" string to an ArgStyle: "" and
// "positional" give ArgPositional, "named" ArgNamed, "env" ArgEnv. Anything
// else is an error wrapping [ErrInvalidRequest]. Matching is exact (the seed
// spells them in lower case).
func ParseArgStyle(s string) (ArgStyle, error) {
	switch ArgStyle(s) {
	case "", ArgPositional:
		return ArgPositional, nil
	case ArgNamed, ArgEnv:
		return ArgStyle(s), nil
	}
	return "", fmt.Errorf("%w: unknown arg_style %q (want positional, named or env)", ErrInvalidRequest, s)
}

// Arg is one script argument. The seed's script_args is a JSON object whose
// key order is the positional order, so the caller passes a slice in the
// caller's key order rather than a map.
type Arg struct{ Key, Value string }

// Request describes one script run.
type Request struct {
	// SkillDir is the absolute host path of the skill folder. It is resolved
	// through symlinks; the sandbox shows it read-only at that resolved path.
	SkillDir string
	// Script is the script path relative to SkillDir, slash-separated
	// (seed: execute_script "script_path").
	Script string
	// Args are the seed's "script_args", in the caller's key order.
	Args []Arg
	// Style is the seed's "arg_style"; "" means ArgPositional.
	Style ArgStyle
	// Timeout is the wall-clock limit; 0 means 60 s. When it passes the whole
	// run (every process the script started) is killed.
	Timeout time.Duration
	// MaxOutput is the cap in bytes for each of stdout and stderr; 0 means
	// 1 MiB. Output past the cap is read and discarded, never buffered.
	MaxOutput int
	// Inputs are absolute host paths (files or folders) the script may read:
	// Bubblewrap shows each read-only at the same path. Each must exist, and
	// none may be the root folder, the home folder or a folder holding it,
	// under /proc, /sys or /dev, in or holding a folder of skilldex's own
	// (a socket folder, the data dir, the config folder; see Protect), or
	// hold a Unix socket (ErrInvalidRequest); at most MaxInputs.
	Inputs []string
	// OutputDir is an optional absolute host folder the script may write to;
	// the sandbox binds it read-write at the same path. It must exist, and
	// the rules of Inputs apply to it too. Under
	// Bubblewrap started by root the script runs as uid 65534 (nobody), so the
	// folder must be writable by that user, and files it creates belong to it.
	OutputDir string
}

// Defaults applied when a Request leaves a field zero.
const (
	DefaultTimeout   = 60 * time.Second
	DefaultMaxOutput = 1 << 20
)

// Result is what a script run produced. Exit codes follow the shell: a
// script killed by signal N reports 128+N (so a timeout, which kills with
// SIGKILL, reports 137).
//
// JSON (MarshalJSON/UnmarshalJSON): exit_code, stdout, stderr, duration_ms
// (Duration as whole milliseconds, an integer), timed_out, truncated,
// stdout_truncated, stderr_truncated, out_of_memory, warnings (omitted
// when empty).
type Result struct {
	ExitCode int           `json:"exit_code"`
	Stdout   string        `json:"stdout"`
	Stderr   string        `json:"stderr"`
	Duration time.Duration `json:"duration_ms"` // wall time from start to the last process gone; marshalled as milliseconds
	// TimedOut is true when the run was killed because Request.Timeout (or
	// the deadline of the context passed to Run) passed.
	TimedOut bool `json:"timed_out"`
	// Truncated is StdoutTruncated || StderrTruncated.
	Truncated bool `json:"truncated"`
	// StdoutTruncated / StderrTruncated: that stream produced more than
	// MaxOutput bytes; the field holds the first MaxOutput bytes, less a
	// trailing incomplete UTF-8 sequence.
	StdoutTruncated bool `json:"stdout_truncated"`
	StderrTruncated bool `json:"stderr_truncated"`
	// OutOfMemory is true when the run passed its memory limit
	// (BubblewrapOptions.MaxMemory) and was killed.
	OutOfMemory bool `json:"out_of_memory"`
	// Warnings are what the caller must pass on with the result, e.g. that
	// the script ran without a sandbox (None) or hit its memory limit.
	Warnings []string `json:"warnings,omitempty"`
}

type resultJSON struct {
	ExitCode        int      `json:"exit_code"`
	Stdout          string   `json:"stdout"`
	Stderr          string   `json:"stderr"`
	DurationMS      int64    `json:"duration_ms"`
	TimedOut        bool     `json:"timed_out"`
	Truncated       bool     `json:"truncated"`
	StdoutTruncated bool     `json:"stdout_truncated"`
	StderrTruncated bool     `json:"stderr_truncated"`
	OutOfMemory     bool     `json:"out_of_memory"`
	Warnings        []string `json:"warnings,omitempty"`
}

// MarshalJSON writes the Result with Duration as integer milliseconds
// ("duration_ms").
func (r Result) MarshalJSON() ([]byte, error) {
	return json.Marshal(resultJSON{r.ExitCode, r.Stdout, r.Stderr, r.Duration.Milliseconds(),
		r.TimedOut, r.Truncated, r.StdoutTruncated, r.StderrTruncated, r.OutOfMemory, r.Warnings})
}

// UnmarshalJSON reads what MarshalJSON writes.
func (r *Result) UnmarshalJSON(b []byte) error {
	var w resultJSON
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*r = Result{w.ExitCode, w.Stdout, w.Stderr, time.Duration(w.DurationMS) * time.Millisecond,
		w.TimedOut, w.Truncated, w.StdoutTruncated, w.StderrTruncated, w.OutOfMemory, w.Warnings}
	return nil
}

// Sandbox runs skill scripts.
type Sandbox interface {
	// Name is "bubblewrap" or "none".
	Name() string
	// Run resolves req.Script inside req.SkillDir, runs it and waits for it
	// and every process it started. The error is non-nil only when the script
	// could not be started: ErrOutside, ErrUnsupported, ErrNotFound,
	// ErrUnavailable, ErrInvalidRequest, or ctx already done. A script that
	// fails, times out or is killed (also by ctx being cancelled) is a Result
	// with its exit code and a nil error.
	Run(ctx context.Context, req Request) (*Result, error)
}

// Resolve validates script (relative to skillDir, slash-separated) and picks
// its interpreter. It is shared by every Sandbox and does not run anything.
//
// The path is refused with ErrOutside when it is absolute, contains a ".."
// element, a backslash or a NUL byte, or when, after resolving symlinks, it
// is not inside the resolved skillDir (so a symlink in the skill pointing out
// is refused). A missing skill folder or script, or a script that is not a
// regular file, is ErrNotFound. skillDir must be absolute (ErrInvalidRequest
// otherwise).
//
// interp is "python3" for .py, "node" for .js, "bash" for .sh (seed: "How
// scripts receive arguments"; case-insensitive extension). A file without
// extension is accepted when its first line is a shebang naming one of them,
// directly or through env (#!/usr/bin/env python3); python, python3.N and
// nodejs and sh count as python3, node and bash. Shebang options are not
// honoured: the script always runs as "interp script args...". Anything else
// is ErrUnsupported.
//
// abs is the absolute, symlink-free host path of the script.
func Resolve(skillDir, script string) (abs string, interp string, err error) {
	root, err := resolveSkillDir(skillDir)
	if err != nil {
		return "", "", err
	}
	return resolveScript(root, script)
}

func resolveSkillDir(skillDir string) (string, error) {
	if !filepath.IsAbs(skillDir) {
		return "", fmt.Errorf("%w: skill folder %q is not an absolute path", ErrInvalidRequest, skillDir)
	}
	root, err := filepath.EvalSymlinks(skillDir)
	if err != nil {
		return "", fmt.Errorf("%w: skill folder %s: %v", ErrNotFound, skillDir, unwrapPathError(err))
	}
	if fi, err := os.Stat(root); err != nil || !fi.IsDir() {
		return "", fmt.Errorf("%w: skill folder %s is not a folder", ErrNotFound, skillDir)
	}
	return root, nil
}

// resolveScript is Resolve with the skill folder already resolved.
func resolveScript(root, script string) (string, string, error) {
	switch {
	case script == "":
		return "", "", fmt.Errorf("%w: empty script path", ErrNotFound)
	case strings.ContainsRune(script, 0):
		return "", "", fmt.Errorf("%w: NUL byte in %q", ErrOutside, script)
	case strings.ContainsRune(script, '\\'):
		return "", "", fmt.Errorf("%w: backslash in %q", ErrOutside, script)
	case strings.HasPrefix(script, "/"):
		return "", "", fmt.Errorf("%w: %q is absolute", ErrOutside, script)
	}
	for _, elem := range strings.Split(script, "/") {
		if elem == ".." {
			return "", "", fmt.Errorf("%w: %q has a \"..\" element", ErrOutside, script)
		}
	}
	if path.Clean(script) == "." {
		return "", "", fmt.Errorf("%w: %q is the skill folder itself", ErrNotFound, script)
	}
	abs, err := filepath.EvalSymlinks(filepath.Join(root, filepath.FromSlash(script)))
	if err != nil {
		return "", "", fmt.Errorf("%w: %s: %v", ErrNotFound, script, unwrapPathError(err))
	}
	if !within(root, abs) {
		return "", "", fmt.Errorf("%w: %q resolves to %s", ErrOutside, script, abs)
	}
	fi, err := os.Stat(abs)
	if err != nil {
		return "", "", fmt.Errorf("%w: %s: %v", ErrNotFound, script, unwrapPathError(err))
	}
	if !fi.Mode().IsRegular() {
		return "", "", fmt.Errorf("%w: %s is not a regular file", ErrNotFound, script)
	}
	interp, err := interpreterFor(root, abs, script)
	if err != nil {
		return "", "", err
	}
	return abs, interp, nil
}

func unwrapPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// within reports whether p is root or below it (both clean and absolute).
func within(root, p string) bool {
	if root == "/" {
		return strings.HasPrefix(p, "/")
	}
	return p == root || strings.HasPrefix(p, root+"/")
}

// interpreterFor picks the interpreter from the requested name's extension,
// or from the shebang of an extension-less file (abs, resolved beneath the
// skill folder root).
func interpreterFor(root, abs, script string) (string, error) {
	switch strings.ToLower(path.Ext(script)) {
	case ".py":
		return "python3", nil
	case ".js":
		return "node", nil
	case ".sh":
		return "bash", nil
	case "":
		if interp := shebangInterpreter(root, abs); interp != "" {
			return interp, nil
		}
	}
	return "", fmt.Errorf("%w: %q", ErrUnsupported, script)
}

// shebangInterpreter reads the first line of the file abs (beneath root)
// and returns python3, node or bash when the shebang names one of them,
// else "". The file is opened from root's descriptor, non-blocking and
// regular files only (safefs), so a script swapped for a FIFO or a link
// out since resolveScript checked it is refused instead of hanging the
// server or reading outside the skill.
func shebangInterpreter(root, abs string) string {
	rel, err := filepath.Rel(root, abs)
	if err != nil {
		return ""
	}
	d, err := safefs.OpenDir(root)
	if err != nil {
		return ""
	}
	defer d.Close()
	f, err := d.Open(filepath.ToSlash(rel))
	if err != nil {
		return ""
	}
	defer f.Close()
	buf := make([]byte, 256)
	n, _ := io.ReadFull(f, buf)
	line, _, _ := bytes.Cut(buf[:n], []byte("\n"))
	rest, ok := bytes.CutPrefix(line, []byte("#!"))
	if !ok {
		return ""
	}
	fields := strings.Fields(string(rest))
	if len(fields) > 0 && path.Base(fields[0]) == "env" {
		fields = fields[1:]
		for len(fields) > 0 && (strings.HasPrefix(fields[0], "-") || strings.Contains(fields[0], "=")) {
			fields = fields[1:] // env options (-S, -i) and NAME=value assignments
		}
	}
	if len(fields) == 0 {
		return ""
	}
	switch prog := path.Base(fields[0]); {
	case prog == "python3", prog == "python", strings.HasPrefix(prog, "python3."):
		return "python3"
	case prog == "node", prog == "nodejs":
		return "node"
	case prog == "bash", prog == "sh":
		return "bash"
	}
	return ""
}

// BuildArgv turns ordered arguments into the interpreter's argv and the
// SKILL_ARG_* environment, with the seed's semantics (execute_script
// "arg_style" and "Environment variables (always available as fallback)"):
//
//   - positional (or ""): argv = [interp, script, value1, value2, ...]
//   - named: argv = [interp, script, "--key1", value1, "--key2", value2, ...]
//     (the key as given, not sanitized)
//   - env: argv = [interp, script]; an unknown style is treated like env
//     (Run refuses unknown styles before calling this)
//
// env always holds SKILL_ARG_<KEY>=value for every argument, in argument
// order: KEY is the key upper-cased (Unicode simple upper case, per rune)
// with every rune outside [A-Z0-9_] replaced by one '_' ("output-dir" ->
// SKILL_ARG_OUTPUT_DIR). When two keys map to the same name the later value
// wins, at the earlier position. Nothing goes through a shell: values reach
// the script byte for byte.
func BuildArgv(interp, script string, args []Arg, style ArgStyle) (argv []string, env []string) {
	argv = []string{interp, script}
	switch style {
	case "", ArgPositional:
		for _, a := range args {
			argv = append(argv, a.Value)
		}
	case ArgNamed:
		for _, a := range args {
			argv = append(argv, "--"+a.Key, a.Value)
		}
	}
	pos := make(map[string]int, len(args))
	for _, a := range args {
		name := envName(a.Key)
		if i, ok := pos[name]; ok {
			env[i] = name + "=" + a.Value
			continue
		}
		pos[name] = len(env)
		env = append(env, name+"="+a.Value)
	}
	return argv, env
}

func envName(key string) string {
	var b strings.Builder
	b.WriteString("SKILL_ARG_")
	for _, r := range strings.ToUpper(key) {
		if r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String()
}

// prepared is a validated Request, resolved on the host.
type prepared struct {
	root    string // resolved skill folder
	script  string // resolved script
	interp  string // python3, node or bash
	outDir  string // resolved OutputDir, or ""
	outDst  string // OutputDir, clean, as given
	inputs  []bind
	argv    []string
	argEnv  []string // SKILL_ARG_*
	timeout time.Duration
	maxOut  int
}

func prepare(ctx context.Context, req Request) (*prepared, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	style, err := ParseArgStyle(string(req.Style))
	if err != nil {
		return nil, err
	}
	if req.Timeout < 0 || req.MaxOutput < 0 {
		return nil, fmt.Errorf("%w: negative Timeout or MaxOutput", ErrInvalidRequest)
	}
	for _, a := range req.Args {
		if strings.ContainsRune(a.Key, 0) || strings.ContainsRune(a.Value, 0) {
			return nil, fmt.Errorf("%w: NUL byte in argument %q", ErrInvalidRequest, a.Key)
		}
	}
	p := &prepared{timeout: req.Timeout, maxOut: req.MaxOutput}
	if p.timeout == 0 {
		p.timeout = DefaultTimeout
	}
	if p.maxOut == 0 {
		p.maxOut = DefaultMaxOutput
	}
	if p.root, err = resolveSkillDir(req.SkillDir); err != nil {
		return nil, err
	}
	if p.script, p.interp, err = resolveScript(p.root, req.Script); err != nil {
		return nil, err
	}
	inputs, out, err := checkBinds(req)
	if err != nil {
		return nil, err
	}
	if err := checkOutputNotSkill(req.SkillDir, out); err != nil {
		return nil, err
	}
	p.inputs = inputs
	if out != nil {
		p.outDir, p.outDst = out.src, out.dst
	}
	p.argv, p.argEnv = BuildArgv(p.interp, p.script, req.Args, style)
	return p, nil
}

// workDirPattern names the per-run working folders in os.TempDir().
const workDirPattern = "skilldex-sandbox-*"

// removeAll deletes a working folder even when the script left
// subfolders without write or search permission.
func removeAll(dir string) {
	if os.RemoveAll(dir) == nil {
		return
	}
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if d != nil && d.IsDir() {
			_ = os.Chmod(p, 0o700)
		}
		return nil
	})
	_ = os.RemoveAll(dir)
}

// capWriter keeps the first max bytes written to it and discards the rest.
type capWriter struct {
	buf       []byte
	max       int
	truncated bool
}

func (w *capWriter) Write(p []byte) (int, error) {
	n := len(p)
	if room := w.max - len(w.buf); len(p) > room {
		p = p[:max(room, 0)]
		w.truncated = true
	}
	w.buf = append(w.buf, p...)
	return n, nil
}

func (w *capWriter) String() string {
	b := w.buf
	if w.truncated {
		// Drop a UTF-8 sequence cut by the cap.
		for i := 1; i <= utf8.UTFMax && i <= len(b); i++ {
			if utf8.RuneStart(b[len(b)-i]) {
				if !utf8.FullRune(b[len(b)-i:]) {
					b = b[:len(b)-i]
				}
				break
			}
		}
	}
	return string(b)
}

// launch is one process to run with the shared timeout/output machinery.
type launch struct {
	argv  []string // argv[0] is an absolute path
	env   []string
	dir   string
	extra []*os.File
	// sys, if set, adds process attributes (namespaces, credentials).
	sys func(*exec.Cmd)
	// started, if set, runs right after the process started.
	started func(*exec.Cmd)
	// kill, if set, ends the run when the timeout passes; the default, and
	// the fallback after waitDelay, is SIGKILL to the process group.
	kill func(*exec.Cmd)
	// killStragglers kills what is left of the process group once the
	// script has exited (None: background children die with the script).
	killStragglers bool
}

// waitDelay bounds how long Run waits for the run to end after a kill, and
// then, once the script has exited, for output pipes still held open by
// processes that escaped the kill.
const waitDelay = 2 * time.Second

// execute starts l, enforces the timeout and collects capped output. It
// returns an error only when the process could not be started.
func execute(ctx context.Context, l launch, timeout time.Duration, maxOut int) (*Result, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.Command(l.argv[0], l.argv[1:]...)
	cmd.Env = l.env
	cmd.Dir = l.dir
	cmd.ExtraFiles = l.extra
	setProcessGroup(cmd)
	if l.sys != nil {
		l.sys(cmd)
	}

	// Own pipes rather than exec's copying goroutines, so that Wait returns
	// when the script exits and stragglers can be killed before draining.
	stdout, stderr := &capWriter{max: maxOut}, &capWriter{max: maxOut}
	outR, outW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		outR.Close()
		outW.Close()
		return nil, err
	}
	defer outR.Close()
	defer errR.Close()
	cmd.Stdout, cmd.Stderr = outW, errW

	// The parent-death signal fires when the starting OS thread exits; keep
	// this goroutine on it until the run is over.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	closeInheritedOnExec()
	start := time.Now()
	err = cmd.Start()
	outW.Close()
	errW.Close()
	if err != nil {
		return nil, err
	}
	if l.started != nil {
		l.started(cmd)
	}
	drained := make(chan struct{})
	go func() {
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); _, _ = io.Copy(stdout, outR) }()
		go func() { defer wg.Done(); _, _ = io.Copy(stderr, errR) }()
		wg.Wait()
		close(drained)
	}()
	exited := make(chan struct{})
	killed := make(chan struct{})
	// The watcher ends before execute returns: the caller releases what
	// l.kill signals (bwrap's pidfd) once the run is over, and the
	// deferred cancel must not reach a watcher still choosing.
	watched := make(chan struct{})
	go func() {
		defer close(watched)
		select {
		case <-exited:
			return
		case <-ctx.Done():
		}
		select {
		case <-exited:
			return // it ended as the deadline came: nothing to kill
		default:
		}
		close(killed)
		if l.kill != nil {
			l.kill(cmd)
		} else {
			_ = killGroup(cmd)
		}
		select {
		case <-exited:
		case <-time.After(waitDelay):
			_ = killGroup(cmd)
		}
	}()
	_ = cmd.Wait() // the outcome is in ProcessState
	close(exited)
	<-watched
	if l.killStragglers {
		_ = killGroup(cmd)
	}
	select {
	case <-drained:
	case <-time.After(waitDelay):
		outR.Close()
		errR.Close()
		<-drained
	}
	res := &Result{
		ExitCode:        exitCode(cmd.ProcessState),
		Stdout:          stdout.String(),
		Stderr:          stderr.String(),
		Duration:        time.Since(start),
		StdoutTruncated: stdout.truncated,
		StderrTruncated: stderr.truncated,
	}
	res.Truncated = res.StdoutTruncated || res.StderrTruncated
	select {
	case <-killed:
		res.TimedOut = errors.Is(ctx.Err(), context.DeadlineExceeded) && res.ExitCode == 128+sigKill
	default:
	}
	return res, nil
}
