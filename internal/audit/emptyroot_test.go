package audit_test

import (
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestEmptyRootWipe: rm -rf "$root"/* under a root the script never
// assigns, or assigns only an argument or an environment variable
// nothing checks, removes everything under / when the value is empty:
// critical in a script, as rm -rf /* is. A check before it (${root:?},
// : "${root:?}", [ -z "$root" ] && exit, a test of $#, set -u with no
// default), a root assigned a path, a function's argument and a quoted
// glob are not findings.
func TestEmptyRootWipe(t *testing.T) {
	crit, none := audit.Critical, audit.SeverityNone
	sh := func(body string) map[string]string {
		return map[string]string{"scripts/clean.sh": "#!/usr/bin/env bash\n# Clears the build output before a fresh build.\n" + body}
	}
	checkRule(t, "destructive-command", map[string]systemCase{
		"hostile/never-assigned":       {sh("set -e\necho \"cleaning\"\nrm -rf \"$BUILD_ROOT\"/*\n"), crit},
		"hostile/from-argument":        {sh("root=$1\nrm -rf \"${root}\"/*\necho done\n"), crit},
		"hostile/from-env-unquoted":    {sh("dir=\"$CACHE_DIR\"\nrm -rf $dir/*\n"), crit},
		"hostile/sudo-from-argument":   {sh("stage=$2\nsudo rm -rf \"$stage\"/*\n"), crit},
		"hostile/set-u-empty-default":  {sh("set -euo pipefail\nroot=\"${1:-}\"\nrm -rf \"$root\"/*\n"), crit},
		"benign/param-guard":           {sh("root=\"${1:?usage: clean.sh DIR}\"\nrm -rf \"$root\"/*\n"), none},
		"benign/test-and-exit":         {sh("root=$1\n[ -z \"$root\" ] && exit 1\nrm -rf \"$root\"/*\n"), none},
		"benign/colon-guard":           {sh(": \"${root:?}\"\nrm -rf \"$root\"/*\n"), none},
		"benign/guard-in-operand":      {sh("rm -rf \"${OUT_DIR:?}\"/*\n"), none},
		"benign/set-u":                 {sh("set -u\nrm -rf \"$root\"/*\n"), none},
		"benign/argument-count-tested": {sh("if [ $# -lt 1 ]; then echo \"usage: $0 DIR\" >&2; exit 1; fi\nrm -rf \"$1\"/*\n"), none},
		"benign/assigned-a-path":       {sh("root=./build\nrm -rf \"$root\"/*\n"), none},
		"benign/function-argument":     {sh("clean() { rm -rf \"$1\"/*; }\nclean ./build\n"), none},
		"benign/quoted-glob":           {sh("rm -rf \"$root/*\"\n"), none},
	})
}
