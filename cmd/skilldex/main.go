// Command skilldex indexes folders of Agent Skills and serves them to
// agents over MCP and to people on the command line.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := newRootCmd().ExecuteContext(ctx)
	stop()
	if err != nil {
		var ec exitCode
		if !errors.As(err, &ec) {
			fmt.Fprintln(os.Stderr, "skilldex:", err)
			ec = 1
		}
		os.Exit(int(ec))
	}
}

// exitCode is an error that only sets the exit status: the command has
// already said what went wrong.
type exitCode int

func (e exitCode) Error() string { return fmt.Sprintf("exit status %d", int(e)) }
