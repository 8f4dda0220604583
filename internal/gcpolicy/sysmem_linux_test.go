package gcpolicy

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestMachineMemory: on Linux the memory is known, and never more than
// the RAM /proc/meminfo reports.
func TestMachineMemory(t *testing.T) {
	m := machineMemory()
	if m == 0 {
		t.Fatal("machineMemory() = 0 on Linux")
	}
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		t.Skip(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "MemTotal:" {
			kb, err := strconv.ParseUint(f[1], 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			if m > kb<<10 {
				t.Errorf("machineMemory() = %d, more than MemTotal %d", m, kb<<10)
			}
			if budget := buildHeapBudget(); budget < buildHeapFloor || budget > buildHeapCeil {
				t.Errorf("build heap budget %d outside [%d, %d]", budget, buildHeapFloor, buildHeapCeil)
			}
			return
		}
	}
	t.Skip("no MemTotal in /proc/meminfo")
}
