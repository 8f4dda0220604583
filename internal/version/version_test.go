package version

import (
	"strings"
	"testing"
)

// TestOnePlace: --version's first line and the MCP server's version are
// the same value, and the link-time value wins over the build info.
func TestOnePlace(t *testing.T) {
	if first, _, _ := strings.Cut(Text(), "\n"); first != "skilldex "+Module() {
		t.Errorf("--version says %q, the MCP server %q", first, Module())
	}
	old := version
	defer func() { version = old }()
	version = "v9.8.7"
	if Module() != "v9.8.7" || !strings.HasPrefix(Text(), "skilldex v9.8.7") {
		t.Errorf("-ldflags -X version: Module %q, Text %q", Module(), Text())
	}
}
