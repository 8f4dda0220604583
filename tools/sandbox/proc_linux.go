package sandbox

import (
	"os"
	"os/exec"
	"strconv"
	"syscall"
)

// closeInheritedOnExec marks every descriptor above stderr close-on-exec.
// Go opens its own descriptors that way, but descriptors the service
// inherited from its parent (a supervisor's pipes, sockets) are not, and
// would otherwise reach every script, sandboxed or not. Run calls it before
// each start; it changes nothing for the service itself.
func closeInheritedOnExec() {
	entries, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return
	}
	for _, e := range entries {
		if fd, err := strconv.Atoi(e.Name()); err == nil && fd > 2 {
			syscall.CloseOnExec(fd)
		}
	}
}

// setProcessGroup puts the process in a group of its own (so a timeout kills
// everything it started that stayed in the group) and has the kernel kill it
// if the thread that started it goes away (see the LockOSThread in execute).
func setProcessGroup(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Setpgid = true
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
}

// killGroup sends SIGKILL to the process group led by cmd's process.
func killGroup(cmd *exec.Cmd) error {
	if cmd.Process == nil {
		return nil
	}
	if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL); err != nil && err != syscall.ESRCH {
		return err
	}
	return nil
}

const sigKill = int(syscall.SIGKILL)

// exitCode is the exit status, or 128+N for a process killed by signal N.
func exitCode(ps *os.ProcessState) int {
	if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return 128 + int(ws.Signal())
	}
	return ps.ExitCode()
}
