package gcpolicy

import "golang.org/x/sys/unix"

// machineMemory is the machine's RAM in bytes (sysctl hw.memsize), or 0
// when it cannot be read.
func machineMemory() uint64 {
	n, err := unix.SysctlUint64("hw.memsize")
	if err != nil {
		return 0
	}
	return n
}
