//go:build !linux

package sandbox

import (
	"os"
	"os/exec"
)

// Outside Linux only None works, without process groups: a timeout kills
// the script's own process.

func setProcessGroup(cmd *exec.Cmd) {}

func closeInheritedOnExec() {}

func killGroup(cmd *exec.Cmd) error {
	if cmd.Process == nil {
		return nil
	}
	return cmd.Process.Kill()
}

const sigKill = 9

// exitCode reports a process that did not exit (killed) as 128+SIGKILL.
func exitCode(ps *os.ProcessState) int {
	if !ps.Exited() {
		return 128 + sigKill
	}
	return ps.ExitCode()
}
