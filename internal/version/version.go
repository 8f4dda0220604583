// Package version is skilldex's version, from one place: the module
// version and VCS stamp the Go toolchain embeds (runtime/debug), or the
// values set at link time. `skilldex --version` prints Text; the MCP
// server's initialize answer (serverInfo.version) and SARIF reports carry
// Module.
package version

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
)

// Module is the version alone: set at link time, else the module version
// of a `go install ...@version` build, else "(devel)" (a build from a
// checkout).
func Module() string {
	if version != "" {
		return version
	}
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
		return info.Main.Version
	}
	return "(devel)"
}

// Text is what skilldex --version prints: the module version
// ("(devel)" for a build from a checkout), the commit with its date and
// whether the tree had uncommitted changes, and the Go version, all from
// the build information the Go toolchain embeds (runtime/debug).
//
// A build without VCS stamping (-buildvcs=false, or a build outside a git
// checkout) may set the version and commit at link time:
//
//	go build -ldflags "-X github.com/skilldex/skilldex/internal/version.version=v1.2.0 -X github.com/skilldex/skilldex/internal/version.commit=$(git rev-parse HEAD)" ./cmd/skilldex
func Text() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "skilldex " + Module() + " (no build information)"
	}
	v := Module()
	rev, when := commit, ""
	dirty := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = orDefault(rev, s.Value)
		case "vcs.time":
			when = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "skilldex %s", v)
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		fmt.Fprintf(&b, "\ncommit %s", rev)
		if when != "" {
			fmt.Fprintf(&b, " (%s)", when)
		}
		if dirty {
			b.WriteString(" with uncommitted changes")
		}
	}
	fmt.Fprintf(&b, "\n%s %s", info.GoVersion, goPlatform())
	return b.String()
}

func goPlatform() string { return runtime.GOOS + "/" + runtime.GOARCH }

// version and commit are set at link time (-ldflags -X) when the build
// carries no module version or VCS information.
var version, commit string

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
