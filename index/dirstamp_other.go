//go:build !linux

package index

import "os"

// statDir, fstatDir and localDevice have no change time to offer here:
// every walk reads every folder (the cache of folder listings is Linux
// only).
func statDir(string) (dirStamp, bool) { return dirStamp{}, false }

func fstatDir(*os.File) (dirStamp, bool) { return dirStamp{}, false }

func localDevice(string) uint64 { return 0 }
