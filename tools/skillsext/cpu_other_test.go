//go:build !unix

package skillsext

import "time"

// processCPU cannot be read here: ok is false.
func processCPU() (time.Duration, bool) { return 0, false }
