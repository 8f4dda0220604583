//go:build !linux

package safefs

import "syscall"

const oNonblock = syscall.O_NONBLOCK

const oNoctty = syscall.O_NOCTTY

func openDir(dir string) (dirImpl, error) { return openRoot(dir) }
