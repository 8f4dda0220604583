package web

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzRenderBody: whatever a SKILL.md body holds, its rendered page
// fragment holds no executable markup (see executable).
func FuzzRenderBody(f *testing.F) {
	for _, p := range []string{"testdata/skills/hostile-page/SKILL.md", "testdata/skills/hostile-page/references/notes.md",
		"../../examples/skills/pdf-forms/SKILL.md", "../../examples/skills/api-reference-writer/SKILL.md"} {
		b, err := os.ReadFile(filepath.FromSlash(p))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	f.Add(`<a href="java&#x09;script:alert(1)">x</a><svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>`)
	f.Add("[x](javascript&#58;alert(1)) <img src=x onerror=alert(1)//")
	f.Add("<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\">")
	f.Fuzz(func(t *testing.T, body string) {
		out, err := renderBody("some/skill", body)
		if err != nil {
			return
		}
		if bad := executable(string(out)); len(bad) > 0 {
			t.Fatalf("rendered %q to executable markup %q", body, bad)
		}
	})
}
