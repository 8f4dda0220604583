package audit

import (
	"strings"
	"testing"
)

// TestNixStringsDecode: Nix's string forms decode as Nix reads them and
// the file's bindings resolve their interpolations.
func TestNixStringsDecode(t *testing.T) {
	src := "# \"not a string\"\nlet h = builtins.concatStringsSep \".\" [ \"a\" \"example\" ]; u = pkgs.writeText \"x.service\" ''\n  [Service]\n    ExecStart=''${HOME}/bin/x '''q'''\n''; in \"say \\\"hi\\\"\\n${h} ${pkgs.curl}/bin/curl ${u} ${lib.x}\" /* \"c\" */"
	ss := nixStrings(src)
	var got []string
	for _, s := range ss {
		got = append(got, s.text)
	}
	want := []string{".", "a", "example", "x.service", "\n[Service]\n  ExecStart=${HOME}/bin/x ''q''\n", "say \"hi\"\n${h} ${pkgs.curl}/bin/curl ${u} ${lib.x}"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("strings %q, want %q", got, want)
	}
	if r := resolveNix(ss[len(ss)-1].text, nixEnv(src)); r != "say \"hi\"\na.example /nix/store/curl/bin/curl /nix/store/x.service $NIX_lib_x" {
		t.Fatalf("resolved %q", r)
	}
}

// FuzzNixReader: the Nix reader finishes on any input, its strings start
// inside the file, and resolving them ends.
func FuzzNixReader(f *testing.F) {
	f.Add("let a = \"x\"; b = builtins.concatStringsSep \"\" [ \"c\" \"u\" ]; in ''${a}${b} ''$x ''' ''\\n''")
	f.Add("\"\\")
	f.Add("''")
	f.Add("/* ")
	f.Fuzz(func(t *testing.T, src string) {
		env := nixEnv(src)
		for _, s := range nixStrings(src) {
			if s.off < 0 || s.off > len(src) {
				t.Fatalf("offset %d outside %d bytes", s.off, len(src))
			}
			resolveNix(s.text, env)
		}
	})
}

// FuzzLuaFold: joining Lua literals finishes on any input, keeps
// offsets inside the code and never yields more literals than it read.
func FuzzLuaFold(f *testing.F) {
	f.Add("local d = \".\" .. \"cla\" .. 'ude' .. [[x]] .. \"y\"")
	f.Add("\"a\" ..")
	f.Fuzz(func(t *testing.T, src string) {
		c, lits := luaTokens(src)
		out := luaFoldLits(c, lits)
		if len(out) > len(lits) {
			t.Fatalf("%d joined from %d", len(out), len(lits))
		}
		for _, l := range out {
			if l.off < 0 || l.off > len(c) {
				t.Fatalf("offset %d outside %d bytes", l.off, len(c))
			}
		}
	})
}
