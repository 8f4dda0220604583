//go:build !linux && !darwin

package main

// machineMemory is 0 (unknown) where skilldex does not read it: the build
// heap budget then takes its floor (buildHeapBudget).
func machineMemory() uint64 { return 0 }
