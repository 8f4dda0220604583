//go:build !linux

package index

import (
	"errors"
	"os"
)

// noFollow: no flag; adopt never gets past lockNow here.
const noFollow = 0

var errUnsupported = errors.New("not supported on this platform")

// lockNow: earlier data dirs are adopted on Linux only, where a rename
// can refuse to replace a folder; elsewhere the catalog is rebuilt.
func lockNow(*os.File) error { return errUnsupported }

func renameNoReplace(string, string) error { return errUnsupported }
