// Package serve runs the skilldex binary as a server: live edits seen
// over stdio, streamable HTTP, one data dir held by one server, and the
// bench command's report.
package serve

import (
	"testing"

	"github.com/skilldex/skilldex/internal/e2etest"
)

func TestMain(m *testing.M) { e2etest.Main(m) }

var binary = e2etest.Binary
