// Command skilldex indexes folders of Agent Skills and serves them to
// agents over MCP and to people on the command line.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"

	"github.com/skilldex/skilldex/internal/gcpolicy"
	"github.com/skilldex/skilldex/internal/termtext"
)

func main() {
	gcpolicy.DeferFirstGC()
	// The handler stays in until the process exits (its stop function is
	// never called): a second Ctrl-C that came after stop and before
	// os.Exit would meet the default action and kill the process with the
	// signal instead of the 130 exit an interrupt is reported with.
	ctx, _ := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	os.Exit(execute(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// execute runs the command line args with the given streams and returns
// the exit status (docs/cli.md): 0; 2 for a usage error, printed with the
// command's usage line; 130 when interrupted (Ctrl-C, SIGTERM); the
// status an exitCode error carries; or 1 for any other error, printed to
// stderr as "skilldex: ERROR". Tests call it in process.
func execute(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if _, ok := stderr.(*os.File); !ok {
		// The catalog's goroutines (the semantic stage's retries, the
		// body pass) log to stderr while the command writes its own
		// lines: a file takes concurrent writes, a buffer needs a lock.
		stderr = &lockedWriter{w: stderr}
	}
	root := newRootCmd()
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetFlagErrorFunc(flagUsageError)
	withUsageErrors(root)
	_, err := root.ExecuteContextC(ctx)
	if err == nil {
		return 0
	}
	if ctx.Err() != nil {
		fmt.Fprintln(stderr, "skilldex: interrupted")
		return 130
	}
	ue, _ := err.(*usageError)
	if ue == nil {
		ue = unknownCommand(root, err)
	}
	if ue != nil {
		printUsageError(stderr, ue)
		return 2
	}
	var ec exitCode
	if errors.As(err, &ec) {
		return int(ec)
	}
	fmt.Fprintln(stderr, termtext.FitLines("skilldex: "+renderError(err), termWidth(stderr)))
	return 1
}

// exitCode is an error that only sets the exit status: the command has
// already said what went wrong.
type exitCode int

func (e exitCode) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

// lockedWriter serializes writes to w.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
