package audit

import (
	"slices"
	"strings"
	"testing"
)

// TestPlistScriptLines: each line of an embedded script is given the
// line of the plist that holds it (its own line when the string keeps
// its line breaks, the string's first line when they are written
// &#10;), scripts are grouped by the language their type, shell or #!
// line names, and a list that stops parsing keeps what came before.
func TestPlistScriptLines(t *testing.T) {
	cases := []struct {
		rel, content string
		codes, lrels []string
		lines        [][]int
	}{
		{"w/info.plist", "<plist><dict><key>objects</key><array>\n<dict><key>script</key>\n<string>a &amp;&amp; b\nc 2&gt;x</string>\n<key>type</key><integer>5</integer></dict>\n<dict><key>type</key><integer>0</integer><key>script</key><string>d&#10;e</string></dict>\n<dict><key>script</key><string>#!/usr/bin/python3\nf()</string><key>type</key><integer>0</integer></dict>\n<dict><key>script</key><string>g</string><key>type</key><integer>8</integer></dict>\n</array></dict></plist>\n",
			[]string{"a && b\nc 2>x\nd\ne\n", "#!/usr/bin/python3\nf()\n"}, []string{"w/info.plist.sh", "w/info.plist.py"}, [][]int{{3, 4, 6, 6}, {7, 8}}},
		{"j/job.plist", "<plist><dict><key>ProgramArguments</key><array>\n<string>/usr/bin/env</string><string>bash</string><string>-lc</string>\n<string>x\ny</string></array>\n<key>Other</key><array><string>/bin/sh</string><string>run.sh</string><string>-c</string></array></dict></plist>",
			[]string{"x\ny\n"}, []string{"j/job.plist.sh"}, [][]int{{3, 4}}},
		{"a/document.wflow", "<plist><dict><key>COMMAND_STRING</key><string>p()</string><key>shell</key><string>/usr/bin/python3</string></dict><dict><key>COMMAND_STRING</key><string>q",
			[]string{"p()\n"}, []string{"a/document.wflow.py"}, [][]int{{1}}},
		{"n/notes.xml", "<plist><dict><key>script</key><string>a</string><key>type</key><integer>0</integer></dict></plist>", nil, nil, nil},
	}
	for _, c := range cases {
		codes, lrels, lines := plistScripts(c.rel, c.content)
		if !slices.Equal(codes, c.codes) || !slices.Equal(lrels, c.lrels) || !slices.EqualFunc(lines, c.lines, slices.Equal[[]int]) {
			t.Errorf("%s: got %q %q %v, want %q %q %v", c.rel, codes, lrels, lines, c.codes, c.lrels, c.lines)
		}
	}
}

// FuzzPlistScripts: no text stops the property-list script reader, and
// every line of each script it returns is mapped to a line of the file.
func FuzzPlistScripts(f *testing.F) {
	f.Add("<plist><dict><key>script</key><string>a &amp;&amp; b\nc</string><key>type</key><integer>5</integer></dict></plist>")
	f.Add("<plist><array><string>/bin/bash</string><string>-c</string><string>x&#10;y</string></array></plist>")
	f.Add("<plist><dict><key>MacroActionType</key><string>ExecuteShellScript</string><key>Text</key><string><![CDATA[z\n]]></string></dict>")
	f.Add("<plist><dict><key>COMMAND_STRING</key><key>shell</key></dict></array></dict><string>")
	f.Fuzz(func(t *testing.T, content string) {
		codes, lrels, lines := plistScripts("w/info.plist", content)
		if len(codes) != len(lrels) || len(codes) != len(lines) {
			t.Fatalf("%d scripts, %d names, %d line maps", len(codes), len(lrels), len(lines))
		}
		last := strings.Count(content, "\n") + 1
		for i, code := range codes {
			if n := strings.Count(code, "\n"); n != len(lines[i]) {
				t.Fatalf("%s: %d lines of code, %d mapped", lrels[i], n, len(lines[i]))
			}
			for _, l := range lines[i] {
				if l < 1 || l > last {
					t.Fatalf("%s: line %d of a %d-line file", lrels[i], l, last)
				}
			}
		}
	})
}
