//go:build unix

package skillsext

import (
	"syscall"
	"time"
)

// processCPU is the CPU time the process has used (user and system, every
// thread, the garbage collector's included); ok is false where it cannot
// be read.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
