package audit

import "strings"

// Windows spellings of a path under the profile. A removal target
// written for Windows (%USERPROFILE%\Documents in a JSON list a
// PowerShell cleanup reads, $env:OneDrive) names the same folders as
// ~/Documents: it is judged the same way once its separators are
// slashes. The OneDrive folder (%OneDrive%, $env:OneDrive) is the
// user's own files synced to the cloud: removing it removes them there
// too.

// oneDriveForms are the spellings of the user's OneDrive folder;
// profileForms those of the profile (home) that Windows reads in any
// case (%userprofile%), which wipeTarget's homeForms spell one way.
var (
	oneDriveForms = []string{"%OneDrive%", "$env:OneDrive", "${env:OneDrive}", "%OneDriveConsumer%", "%OneDriveCommercial%", "$env:OneDriveConsumer", "$env:OneDriveCommercial"}
	profileForms  = []string{"%USERPROFILE%", "$env:USERPROFILE", "${env:USERPROFILE}", "%HOMEDRIVE%%HOMEPATH%", "$env:HOME"}
)

// windowsHomePath returns t (a path after wipeTarget's home forms were
// replaced by ~) with a OneDrive form read as ~/OneDrive and the
// backslashes of a path under home made slashes (~\Documents is
// ~/Documents); any other t is returned as it is.
func windowsHomePath(t string) string {
	if p := winPrefix(t, profileForms); p > 0 {
		t = "~" + t[p:]
	} else if p := winPrefix(t, oneDriveForms); p > 0 {
		t = "~/OneDrive" + t[p:]
	}
	if strings.HasPrefix(t, "~\\") || strings.HasPrefix(t, "~/") && strings.Contains(t, "\\") {
		t = strings.ReplaceAll(t, "\\", "/")
		for strings.Contains(t, "//") {
			t = strings.ReplaceAll(t, "//", "/")
		}
	}
	return t
}

// winPrefix returns the length of the form of forms t starts with, in
// any case and followed by a separator or nothing, or 0.
func winPrefix(t string, forms []string) int {
	for _, h := range forms {
		if len(t) >= len(h) && strings.EqualFold(t[:len(h)], h) && (len(t) == len(h) || t[len(h)] == '\\' || t[len(h)] == '/') {
			return len(h)
		}
	}
	return 0
}
