package skillmd

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// benchFiles are the files of testdata/bench, as a skill folder would list
// them.
var benchFiles = []string{
	"SKILL.md", "references/sources.md", "references/charts.md", "references/export.md",
	"scripts/build.py", "scripts/render_chart.py", "assets/template.html",
}

// BenchmarkParse measures Parse (frontmatter, YAML, markdown, references)
// on an 11 KB SKILL.md; the goal is about 250 us or better per document.
func BenchmarkParse(b *testing.B) {
	data, err := os.ReadFile("testdata/bench/SKILL.md")
	if err != nil {
		b.Fatal(err)
	}
	b.Run("synthetic-11KB", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			if _, _, err := Parse("SKILL.md", data, benchFiles); err != nil {
				b.Fatal(err)
			}
		}
	})
	// The same document in a folder of 1,000 files (one corpus skill has
	// 1,058): the file index is built once per Parse.
	many := append([]string(nil), benchFiles...)
	for i := len(many); i < 1000; i++ {
		many = append(many, fmt.Sprintf("wiki/section-%d/page-%d.md", i%20, i))
	}
	b.Run("synthetic-11KB-1000-files", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, _, err := Parse("SKILL.md", data, many); err != nil {
				b.Fatal(err)
			}
		}
	})
	// A real 11.9 KB skill, when the corpus is present.
	real := filepath.Join(corpusRoot, "anthropics__skills/skills/canvas-design/SKILL.md")
	if data, err := os.ReadFile(real); err == nil {
		b.Run("canvas-design", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if _, _, err := Parse("SKILL.md", data, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkValidate measures Validate on a parsed skill.
func BenchmarkValidate(b *testing.B) {
	data, err := os.ReadFile("testdata/bench/SKILL.md")
	if err != nil {
		b.Fatal(err)
	}
	s, _, err := Parse("SKILL.md", data, benchFiles)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		Validate(s, "report-builder", Strict)
	}
}

// BenchmarkHostile measures the worst inputs of hostile_test.go: a file
// just under MaxFileBytes of costly markdown (4.2 s per parse measured
// on the shared, loaded 2-core Linux machine, November 2026) and the refused alias bomb.
func BenchmarkHostile(b *testing.B) {
	md := []byte(hostileMarkdown())
	b.Run("markdown-2MB", func(b *testing.B) {
		b.SetBytes(int64(len(md)))
		for b.Loop() {
			if _, _, err := Parse("SKILL.md", md, []string{"x.md", "x.png"}); err != nil {
				b.Fatal(err)
			}
		}
	})
	bomb := []byte("---\n" + billionLaughs() + "---\n")
	b.Run("billion-laughs", func(b *testing.B) {
		for b.Loop() {
			if _, _, err := Parse("SKILL.md", bomb, nil); err == nil {
				b.Fatal("the alias bomb parsed")
			}
		}
	})
}
