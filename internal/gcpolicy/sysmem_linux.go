package gcpolicy

import (
	"os"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// machineMemory is the memory (bytes) this process may count on: the
// machine's RAM (sysinfo(2)), or the memory limit of its cgroup when that
// is lower (a container's: cgroup v2 memory.max, v1
// memory.limit_in_bytes). 0 when neither can be read.
func machineMemory() uint64 {
	var si unix.Sysinfo_t
	var total uint64
	if unix.Sysinfo(&si) == nil {
		total = uint64(si.Totalram) * uint64(si.Unit)
	}
	for _, f := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		// "max" (no limit) does not parse; v1's "no limit" is a huge number.
		if n, err := strconv.ParseUint(strings.TrimSpace(string(b)), 10, 64); err == nil && n > 0 && (total == 0 || n < total) {
			total = n
		}
	}
	return total
}
