package sources

import (
	"context"
	"path/filepath"
	"testing"
	"time"
)

func testManager(t *testing.T) *Manager {
	return &Manager{Cache: filepath.Join(t.TempDir(), "sources"), Audit: auditOpts()}
}

func ctxT(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	t.Cleanup(cancel)
	return ctx
}
