package audit

import (
	"strings"
	"testing"
)

// FuzzWindowsHomePath: no path stops the Windows path reader, what it
// returns for a path under home has no backslash, and a path that is no
// Windows form under home comes back as it was.
func FuzzWindowsHomePath(f *testing.F) {
	for _, s := range []string{`~\Documents`, `%OneDrive%`, `$env:OneDrive\x`, `~/a\\b`, `/etc`, `~`, `%onedrive%/`, `%userprofile%\\Desktop`, `${env:USERPROFILE}`, `~\\..\\.ssh`, "\\"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		got := windowsHomePath(p)
		if strings.HasPrefix(got, "~") && strings.ContainsRune(got, '\\') && (strings.HasPrefix(got, "~/") || strings.HasPrefix(got, "~\\")) {
			t.Fatalf("windowsHomePath(%q) = %q keeps a backslash", p, got)
		}
		if !strings.HasPrefix(p, "~") && !strings.ContainsAny(p, "%$") && got != p {
			t.Fatalf("windowsHomePath(%q) = %q changed a path outside home", p, got)
		}
		_ = wipeTarget(p)
	})
}
