//go:build !linux && !darwin

package gcpolicy

// machineMemory is 0 (unknown) where skilldex does not read it: the build
// heap budget then takes its floor (buildHeapBudget).
func machineMemory() uint64 { return 0 }
