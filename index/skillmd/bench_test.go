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
