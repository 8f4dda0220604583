package e2etest

import (
	"bytes"
	"sync"
)

// SyncBuffer is a bytes.Buffer safe for a process (or a server goroutine)
// writing while the test reads: a started command's stderr, where the test
// waits for the line that names the address it serves at.
type SyncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

// Write appends p.
func (s *SyncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

// String returns everything written so far.
func (s *SyncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
