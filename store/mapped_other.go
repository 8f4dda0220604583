//go:build !linux

package store

// releaseMap does nothing outside Linux (see mapUse).
func releaseMap(addr, n uintptr) {}
