package audit

import "strings"

// Windows spellings of a path under the profile. A removal target
// written for Windows (%USERPROFILE%\Documents in a JSON list a
// PowerShell cleanup reads, $env:OneDrive) names the same folders as
// ~/Documents: it is judged the same way once its separators are
// slashes. The OneDrive folder (%OneDrive%, $env:OneDrive) is the
// user's own files synced to the cloud: removing it removes them there
// too.

// oneDriveForms are the spellings of the user's OneDrive folder.
var oneDriveForms = []string{"%OneDrive%", "$env:OneDrive", "${env:OneDrive}", "%OneDriveConsumer%", "%OneDriveCommercial%", "$env:OneDriveConsumer", "$env:OneDriveCommercial"}

// windowsHomePath returns t (a path after wipeTarget's home forms were
// replaced by ~) with a OneDrive form read as ~/OneDrive and the
// backslashes of a path under home made slashes (~\Documents is
// ~/Documents); any other t is returned as it is.
func windowsHomePath(t string) string {
	for _, h := range oneDriveForms {
		if len(t) >= len(h) && strings.EqualFold(t[:len(h)], h) && (len(t) == len(h) || t[len(h)] == '\\' || t[len(h)] == '/') {
			t = "~/OneDrive" + t[len(h):]
			break
		}
	}
	if strings.HasPrefix(t, "~\\") || strings.HasPrefix(t, "~/") && strings.Contains(t, "\\") {
		t = strings.ReplaceAll(t, "\\", "/")
		for strings.Contains(t, "//") {
			t = strings.ReplaceAll(t, "//", "/")
		}
	}
	return t
}
