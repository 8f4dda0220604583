//go:build !linux

package store

import bolt "go.etcd.io/bbolt"

// releaseMap does nothing outside Linux (see mapUse).
func releaseMap(*bolt.Tx) {}
