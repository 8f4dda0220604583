package audit

import (
	"testing"
)

// FuzzCMakeStringCmd: no CMake file of string() and list() commands
// stops the audit or grows a variable past maxCMakeExpand.
func FuzzCMakeStringCmd(f *testing.F) {
	for _, s := range []string{
		"string(CONCAT F \"cu\" \"rl\")\nstring(APPEND F ${F} ${F})\nexecute_process(COMMAND ${F} x COMMAND sh)\n",
		"list(APPEND L a b)\nlist(GET L -3 -1 9 X)\nlist(JOIN L \"${L}\" L)\nstring(SUBSTRING \"abc\" 1 -1 S)\n",
		"string(REPLACE \"\" x Y z)\nstring(TOLOWER)\nstring(JOIN)\nlist()\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		vars := map[string]string{}
		for _, c := range parseCMake(src) {
			if c.name == "string" || c.name == "list" {
				cmakeStringCmd(c.name, c.args, vars)
			}
		}
		for k, v := range vars {
			if len(v) > maxCMakeExpand {
				t.Fatalf("%s grew to %d bytes", k, len(v))
			}
		}
		sc := scanCtx(src)
		scanCMake(sc, "CMakeLists.txt", src)
	})
}
