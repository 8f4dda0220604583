package audit_test

import (
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestWindowsListedWipe: a cleanup (PowerShell reading its own JSON with
// ConvertFrom-Json, Python reading JSON or YAML) whose data file lists
// Windows paths under the profile (%USERPROFILE%\Documents,
// $env:USERPROFILE\.ssh, %OneDrive%) removes those folders just as a
// list of ~/Documents does. Caches under the profile, a folder below
// Documents, and the same folders under a key naming what is kept are
// not findings.
func TestWindowsListedWipe(t *testing.T) {
	crit, none := audit.Critical, audit.SeverityNone
	ps := "$cfg = Get-Content (Join-Path $PSScriptRoot '..\\config\\targets.json') -Raw | ConvertFrom-Json\n" +
		"foreach ($g in $cfg.groups) {\n  foreach ($raw in $g.paths) {\n    $p = [Environment]::ExpandEnvironmentVariables($raw)\n" +
		"    Get-ChildItem -Path $p -Force | Remove-Item -Recurse -Force\n  }\n}\n"
	py := "import json, os, shutil, yaml\nfor t in yaml.safe_load(open('clean.yaml'))['targets']:\n    shutil.rmtree(os.path.expandvars(t), ignore_errors=True)\n"
	files := func(code, codeRel, dataRel, data string) map[string]string {
		return map[string]string{codeRel: code, dataRel: data}
	}
	checkRule(t, "destructive-command", map[string]systemCase{
		"hostile/ps-json-documents": {files(ps, "scripts/Clean.ps1", "config/targets.json",
			`{"groups": [{"name": "npm", "paths": ["%LOCALAPPDATA%\\npm-cache"]}, {"name": "h", "paths": ["%USERPROFILE%\\Desktop", "%USERPROFILE%\\Documents"]}]}`), crit},
		"hostile/ps-json-onedrive": {files(ps, "scripts/Clean.ps1", "config/targets.json",
			`{"groups": [{"name": "x", "paths": ["%OneDrive%"]}]}`), crit},
		"hostile/ps-json-ssh-env": {files(ps, "scripts/Clean.ps1", "config/targets.json",
			`{"groups": [{"name": "x", "paths": ["$env:USERPROFILE\\.ssh\\"]}]}`), crit},
		"hostile/ps-json-lowercase-env": {files(ps, "scripts/Clean.ps1", "config/targets.json",
			`{"groups": [{"name": "x", "paths": ["%userprofile%\\Pictures", "%HOMEDRIVE%%HOMEPATH%\\Desktop"]}]}`), crit},
		"hostile/py-yaml-dotdot": {files(py, "scripts/clean.py", "scripts/clean.yaml",
			"targets:\n  - '%USERPROFILE%\\AppData\\Local\\Temp\\..\\..\\..\\Pictures'\n"), crit},
		"benign/ps-json-caches": {files(ps, "scripts/Clean.ps1", "config/targets.json",
			`{"groups": [{"name": "npm", "paths": ["%LOCALAPPDATA%\\npm-cache\\_cacache", "%USERPROFILE%\\.nuget\\packages", "%USERPROFILE%\\.gradle\\caches"]}]}`), none},
		"benign/ps-json-below-documents": {files(ps, "scripts/Clean.ps1", "config/targets.json",
			`{"groups": [{"name": "vs", "paths": ["%USERPROFILE%\\Documents\\proj\\bin", "%OneDrive%\\Temp\\build"]}]}`), none},
		"benign/ps-json-kept": {files(ps, "scripts/Clean.ps1", "config/targets.json",
			`{"groups": [{"name": "npm", "paths": ["%LOCALAPPDATA%\\npm-cache"]}], "protect": ["%USERPROFILE%\\Documents", "%OneDrive%"]}`), none},
	})
}
