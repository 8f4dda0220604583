package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"
	"github.com/skilldex/skilldex/internal/e2etest"
	"github.com/skilldex/skilldex/internal/termtext"
)

// ansi matches the escape sequences a colour terminal gets.
var ansi = regexp.MustCompile(`\x1b\[[0-9;?]*[a-zA-Z]`)

// ttyRun runs the skilldex binary with args in a pseudo-terminal of cols
// columns (stdin, stdout and stderr all on it, as in a person's shell),
// with env added to the test's environment, and returns what the terminal
// showed and the exit status.
func ttyRun(t *testing.T, cols int, env []string, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(binary(t), args...)
	cmd.Env = append(os.Environ(), env...)
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 50, Cols: uint16(cols)})
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return waitTerminal(t, f, cmd)
}

// waitTerminal reads the terminal f until cmd, started on it, has exited
// and the terminal is closed (not one read's worth: output reaches the
// terminal in several writes), and returns what it showed (CRLF made LF)
// and the exit status.
func waitTerminal(t *testing.T, f *os.File, cmd *exec.Cmd) (string, int) {
	t.Helper()
	var out bytes.Buffer
	done := make(chan struct{})
	go func() { _, _ = io.Copy(&out, f); close(done) }() // ends with EIO when the child exits
	werr := cmd.Wait()
	select {
	case <-done:
	case <-time.After(time.Minute): // only catches a hang
		t.Fatalf("%v: the terminal was not closed", cmd.Args[1:])
	}
	code := 0
	var ee *exec.ExitError
	if errors.As(werr, &ee) {
		code = ee.ExitCode()
	} else if werr != nil {
		t.Fatal(werr)
	}
	return strings.ReplaceAll(out.String(), "\r\n", "\n"), code
}

// pipeRun runs the binary with stdout and stderr on pipes.
func pipeRun(t *testing.T, env []string, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(binary(t), args...)
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return string(out), code
}

// TestEveryCommandInATerminal runs the everyday commands the way a person
// does, in a colour terminal (TERM=xterm-256color, no NO_COLOR) of 40, 80
// and 200 columns, and piped, and with NO_COLOR=1: no panic, the same exit
// status, and the same content (every skill name, the key words) in each.
func TestEveryCommandInATerminal(t *testing.T) {
	binary(t) // built from the repository before the test moves away
	project, home := t.TempDir(), t.TempDir()
	skills := filepath.Join(project, ".claude", "skills")
	must(t, os.CopyFS(skills, os.DirFS(filepath.Join(repoRoot(t), "examples", "skills"))))
	writeFile(t, filepath.Join(skills, "broken", "SKILL.md"), "---\nname: broken\n---\nno description\n")
	writeSkill(t, filepath.Join(home, ".claude", "skills"), "pdf-forms", "A personal copy that the project's pdf-forms shadows.")
	base := []string{"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, ".config"), "XDG_CACHE_HOME=" + filepath.Join(home, ".cache"),
		"SKILLDEX_DIRS=", "SKILLDEX_DATA_DIR=", "NO_COLOR=", "CODEX_HOME="}
	colour := append([]string{"TERM=xterm-256color", "COLORTERM=truecolor"}, base...)
	cases := []struct {
		args []string
		want []string // in every mode's output
		fits bool     // no line wider than the terminal (show and prompt print a skill's own text as written)
	}{
		{[]string{"list"}, []string{"pdf-forms", "NAME", "DESCRIPTION"}, true},
		{[]string{"list", "--shadowed", "--invalid"}, []string{"pdf-forms", "shadowed", "invalid", "broken"}, true},
		{[]string{"config"}, []string{"roots", "data_dir", ".claude/skills"}, true},
		{[]string{"search", "fill", "pdf", "form"}, []string{"pdf-forms"}, true},
		{[]string{"search", "zebra", "quantum"}, []string{"no skill matches"}, true},
		{[]string{"show", "pdf-forms"}, []string{"pdf-forms", "Files", "references/forms.md"}, false},
		{[]string{"validate", skills}, []string{"broken", "description"}, true},
		{[]string{"doctor"}, []string{"broken"}, true},
		{[]string{"audit", "--dir", skills}, []string{"5 skills audited", "1 invalid"}, true},
		{[]string{"sources"}, []string{"no sources"}, true},
		{[]string{"prompt"}, []string{"pdf-forms"}, false},
		{[]string{"--help"}, []string{"Usage:", "search"}, true},
	}
	for _, tc := range cases {
		t.Run(strings.Join(tc.args, "_"), func(t *testing.T) {
			args := append([]string{}, tc.args...)
			if tc.args[0] != "--help" {
				args = append(args, "--mem")
			}
			check := func(mode, out string, code, wantCode int) {
				t.Helper()
				if strings.Contains(out, "panic") || strings.Contains(out, "goroutine ") {
					t.Fatalf("%s: %v panicked:\n%s", mode, tc.args, out)
				}
				if code != wantCode {
					t.Errorf("%s: exit %d, piped exit %d\n%s", mode, code, wantCode, out)
				}
				plain := ansi.ReplaceAllString(out, "")
				for _, w := range tc.want {
					if !strings.Contains(plain, w) {
						t.Errorf("%s: output lacks %q:\n%s", mode, w, plain)
					}
				}
			}
			t.Chdir(project)
			piped, code := pipeRun(t, base, args...)
			check("piped", piped, code, code)
			if strings.Contains(piped, "\x1b[") {
				t.Errorf("piped output holds ANSI escapes:\n%q", piped)
			}
			for _, cols := range []int{40, 80, 200} {
				out, c := ttyRun(t, cols, colour, args...)
				check("tty "+strconv.Itoa(cols), out, c, code)
				for _, l := range strings.Split(ansi.ReplaceAllString(out, ""), "\n") {
					l = l[strings.LastIndex(l, "\r")+1:] // a progress bar redraws its line
					if w := termtext.StringWidth(l); tc.fits && w > cols {
						t.Errorf("tty %d: line of %d columns: %q", cols, w, l)
					}
				}
				noColour, c := ttyRun(t, cols, append([]string{"TERM=xterm-256color"}, append(base, "NO_COLOR=1")...), args...)
				check("tty NO_COLOR "+strconv.Itoa(cols), noColour, c, code)
				if strings.Contains(noColour, "\x1b[3") {
					t.Errorf("NO_COLOR %d: colour in the output:\n%q", cols, noColour)
				}
			}
		})
	}
}

// TestInterrupt: Ctrl-C while indexing prints "interrupted" and exits 130
// (the shell convention, 128+SIGINT), and leaves nothing half-written: the
// next run over the same data dir serves the whole catalog.
func TestInterrupt(t *testing.T) {
	corpus := e2etest.Corpus(t)
	data := t.TempDir()
	cmd := exec.Command(binary(t), "index", "--dir", corpus, "--data-dir", data)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	must(t, cmd.Start())
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	// Ctrl-C once indexing has begun (the data dir is made after the
	// signal handler is in), again until it stops.
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if des, _ := os.ReadDir(data); len(des) > 0 {
			break
		}
	}
	var werr error
	for stop := false; !stop; {
		_ = cmd.Process.Signal(os.Interrupt)
		select {
		case werr = <-exited:
			stop = true
		case <-time.After(200 * time.Millisecond):
		}
	}
	var ee *exec.ExitError
	if !errors.As(werr, &ee) || ee.ExitCode() != 130 {
		t.Fatalf("interrupted index: %v, want exit status 130; stderr:\n%s", werr, stderr.String())
	}
	if got := stderr.String(); !strings.Contains(got, "skilldex: interrupted") || strings.Contains(got, "context canceled") {
		t.Errorf("stderr %q, want a short \"interrupted\"", got)
	}
	out, code := pipeRun(t, nil, "list", "--json", "--dir", corpus, "--data-dir", data)
	var list []json.RawMessage
	if code != 0 || json.Unmarshal([]byte(out), &list) != nil || len(list) < 100 {
		t.Fatalf("the next run over the data dir: exit %d, %d skills\n%.2000s", code, len(list), out)
	}
}

// TestServeByHandSaysWhatItDoes: `skilldex serve` started by hand in a
// terminal (stdin a terminal), shared (the default) or on its own, says on
// stderr that it serves MCP for an agent and how to stop, fitted to the
// terminal, and ends on Ctrl-D (end of input) with status 0; with stdin
// on a pipe (an agent) it says nothing of the kind.
func TestServeByHandSaysWhatItDoes(t *testing.T) {
	ex := filepath.Join(repoRoot(t), "examples", "skills")
	env := append(agentEnv(t.TempDir()), "TERM=xterm-256color", "NO_COLOR=1")
	for _, mode := range []string{"--share=auto", "--share=off"} {
		t.Run(mode, func(t *testing.T) {
			cmd := exec.Command(binary(t), "serve", mode, "--dir", ex)
			cmd.Env = env
			t.Cleanup(func() { pipeRun(t, env, "serve", "--stop", "--dir", ex) })
			f, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 50, Cols: 40})
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			var out bytes.Buffer
			said := make(chan struct{})
			done := make(chan struct{})
			go func() {
				buf := make([]byte, 4096)
				for {
					n, err := f.Read(buf)
					out.Write(buf[:n])
					if strings.Contains(strings.Join(strings.Fields(out.String()), " "), "Press Ctrl-C to stop.") {
						select {
						case <-said:
						default:
							close(said)
						}
					}
					if err != nil {
						close(done)
						return
					}
				}
			}()
			select {
			case <-said:
			case <-time.After(time.Minute): // only catches a hang
				_ = cmd.Process.Kill()
				<-done
				t.Fatalf("no word from serve in a terminal:\n%s", out.String())
			}
			_, _ = f.Write([]byte{4}) // Ctrl-D
			werr := cmd.Wait()
			<-done
			text := strings.ReplaceAll(out.String(), "\r\n", "\n")
			if werr != nil {
				t.Errorf("serve after Ctrl-D: %v\n%s", werr, text)
			}
			words := strings.Join(strings.Fields(text), " ")
			if !strings.Contains(words, "skilldex: serving ") || !strings.Contains(words, "over MCP on stdio (standard input and output) for an agent; an agent starts this itself (set it up with: skilldex init-agent AGENT)") {
				t.Errorf("serve in a terminal said:\n%s", text)
			}
			for _, l := range strings.Split(text, "\n") {
				if w := termtext.StringWidth(l); w > 40 {
					t.Errorf("line of %d columns in a 40-column terminal: %q", w, l)
				}
			}
			piped := exec.Command(binary(t), "serve", mode, "--dir", ex)
			piped.Env = env
			piped.Stdin = strings.NewReader("")
			if b, err := piped.CombinedOutput(); err != nil || strings.Contains(string(b), "for an agent") {
				t.Errorf("serve with stdin on a pipe: %v, said %q", err, b)
			}
		})
	}
}
