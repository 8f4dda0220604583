package sources

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"
)

// ErrNoGit is returned when the system git cannot be found on PATH.
var ErrNoGit = errors.New("git is not installed (skilldex fetches sources with the system git: apt-get install git)")

// gitConfig is passed as -c options to every git command: git reads no
// system config (GIT_CONFIG_NOSYSTEM), never runs hooks, and checks every
// object it receives (fsck rejects trees with ".git" or ".." entries and
// other malformed objects). skilldex never checks a working tree out with
// git, so no repository-provided filter, attribute or hook can run.
var gitConfig = []string{
	"core.hooksPath=/dev/null",
	"core.fsmonitor=false",
	"core.symlinks=false",
	"transfer.fsckObjects=true",
	"fetch.fsckObjects=true",
	"protocol.file.allow=always",
	"protocol.ext.allow=never",
	"submodule.recurse=false",
	"fetch.recurseSubmodules=false",
	"gc.auto=0",
	"maintenance.auto=false",
	"advice.detachedHead=false",
	"init.defaultBranch=main",
}

// gitEnv is the environment git runs with: the user's PATH, HOME (for
// ~/.gitconfig's credential helpers and ~/.ssh) and ssh agent, and nothing
// else of the caller's; prompts are off, so a missing credential fails
// instead of waiting for a terminal nobody watches.
func gitEnv() []string {
	env := []string{
		"GIT_CONFIG_NOSYSTEM=1",
		"GIT_TERMINAL_PROMPT=0",
		"GIT_ASKPASS=",
		"SSH_ASKPASS=",
		"GIT_PROTOCOL_FROM_USER=0",
		"LC_ALL=C",
	}
	for _, k := range []string{"PATH", "HOME", "SSH_AUTH_SOCK", "GIT_SSH_COMMAND", "XDG_CONFIG_HOME", "TMPDIR",
		"HTTPS_PROXY", "HTTP_PROXY", "NO_PROXY", "https_proxy", "http_proxy", "no_proxy"} {
		if v, ok := os.LookupEnv(k); ok {
			env = append(env, k+"="+v)
		}
	}
	return env
}

// git runs the system git with gitConfig in dir ("" for none) and returns
// its standard output. Errors carry git's standard error, with the
// credentials of any URL redacted (redact).
type gitRunner struct {
	// secrets are strings (URL userinfo) never to appear in errors.
	secrets []string
}

func (g *gitRunner) run(ctx context.Context, dir string, stdin []byte, args ...string) ([]byte, error) {
	bin, err := exec.LookPath("git")
	if err != nil {
		return nil, ErrNoGit
	}
	full := make([]string, 0, 2*len(gitConfig)+len(args))
	for _, c := range gitConfig {
		full = append(full, "-c", c)
	}
	full = append(full, args...)
	cmd := exec.CommandContext(ctx, bin, full...)
	cmd.Dir = dir
	cmd.Env = gitEnv()
	// git stays in the caller's process group, so ssh can still ask for
	// a key's passphrase on the terminal; on cancel git is killed and
	// the pipes its helpers hold are given up after WaitDelay.
	cmd.WaitDelay = 5 * time.Second
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		msg := strings.TrimSpace(g.redact(errb.String()))
		if msg == "" {
			msg = err.Error()
		}
		return nil, &GitError{Args: g.redact(strings.Join(args, " ")), Stderr: msg}
	}
	return out.Bytes(), nil
}

// GitError is a git command that failed: the arguments (credentials
// redacted) and what git wrote to standard error.
type GitError struct {
	Args   string
	Stderr string
}

// Error implements error: the git arguments (credentials redacted) and git's stderr.
func (e *GitError) Error() string { return fmt.Sprintf("git %s: %s", e.Args, e.Stderr) }

// redact replaces every secret in s with "***".
func (g *gitRunner) redact(s string) string {
	for _, sec := range g.secrets {
		if sec != "" {
			s = strings.ReplaceAll(s, sec, "***")
		}
	}
	return s
}
