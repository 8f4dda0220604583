package skillmd

import (
	"reflect"
	"strings"
	"testing"
)

func TestExtractReferences(t *testing.T) {
	files := []string{
		"SKILL.md", "references/api.md", "references/Guide.md", "scripts/run.py",
		"scripts/my_tool.py", "assets/logo.png", "docs/a b.md", "templates/base.html",
		"reference.md", "数据/说明.md",
	}
	ref := func(target, path string, kind RefKind, st RefStatus, line int) Reference {
		return Reference{Target: target, Path: path, Kind: kind, Status: st, Line: line}
	}
	tests := []struct {
		name string
		body string
		want []Reference
	}{
		{"link ok", "See [api](references/api.md).\n", []Reference{ref("references/api.md", "references/api.md", RefLink, RefOK, 10)}},
		{"fragment and query dropped", "[a](references/api.md#auth) [b](./references/api.md?x=1)\n",
			[]Reference{ref("references/api.md", "references/api.md", RefLink, RefOK, 10)}},
		{"percent-decoded", "[a](docs/a%20b.md) [b](<docs/a b.md>)\n", []Reference{ref("docs/a b.md", "docs/a b.md", RefLink, RefOK, 10)}},
		{"case mismatch gives the real name", "[g](references/guide.md)\n",
			[]Reference{ref("references/guide.md", "references/Guide.md", RefLink, RefCaseMismatch, 10)}},
		{"broken link", "[x](references/missing.md)\n", []Reference{ref("references/missing.md", "references/missing.md", RefLink, RefBroken, 10)}},
		{"outside", "[u](../shared/x.md) [abs](/etc/passwd) [win](C:\\x\\y.md) [home](~/x.md) [tricky](references/../../x.md)\n", []Reference{
			ref("../shared/x.md", "", RefLink, RefOutside, 10),
			ref("/etc/passwd", "", RefLink, RefOutside, 10),
			ref(`C:\x\y.md`, "", RefLink, RefOutside, 10),
			ref("~/x.md", "", RefLink, RefOutside, 10),
			ref("references/../../x.md", "", RefLink, RefOutside, 10),
		}},
		{"urls and anchors ignored", "[w](https://x.io/a.md) [m](mailto:a@b.c) [p](//cdn.x/a.js) [s](#setup) [f](file:///x) <https://x.io/scripts/run.py>\n", nil},
		{"bare url is not a path", "Get https://example.com/scripts/run.py or www.example.com/scripts/run.py now.\n", nil},
		{"image", "![logo](assets/logo.png)\n", []Reference{ref("assets/logo.png", "assets/logo.png", RefImage, RefOK, 10)}},
		{"folder link is ok", "[refs](references/) and [more](references)\n", []Reference{ref("references/", "references", RefLink, RefOK, 10)}},
		{"folder case mismatch", "[refs](References/)\n", []Reference{ref("References/", "references", RefLink, RefCaseMismatch, 10)}},
		{"link to the folder itself is nothing", "[here](./) [dot](.)\n", nil},
		{"code span naming a file", "Run `scripts/run.py` now.\n", []Reference{ref("scripts/run.py", "scripts/run.py", RefCode, RefOK, 10)}},
		{"code span command", "Run `python3 scripts/run.py --fast`.\n", []Reference{ref("scripts/run.py", "scripts/run.py", RefCode, RefOK, 10)}},
		{"code span with spaces in the name", "Open `docs/a b.md`.\n", []Reference{ref("docs/a b.md", "docs/a b.md", RefCode, RefOK, 10)}},
		{"code span not a file is nothing", "Run `npm test` and `config.yaml`.\n", nil},
		{"code span case mismatch", "`Scripts/Run.py`\n", []Reference{ref("Scripts/Run.py", "scripts/run.py", RefCode, RefCaseMismatch, 10)}},
		{"bare path", "Details are in references/api.md, and scripts/my_tool.py.\n", []Reference{
			ref("references/api.md", "references/api.md", RefPath, RefOK, 10),
			ref("scripts/my_tool.py", "scripts/my_tool.py", RefPath, RefOK, 10),
		}},
		{"bare path in emphasis and parentheses", "**(see reference.md)** and @scripts/run.py!\n", []Reference{
			ref("reference.md", "reference.md", RefPath, RefOK, 10),
			ref("scripts/run.py", "scripts/run.py", RefPath, RefOK, 10),
		}},
		{"bare word not a file is nothing", "Use e.g. node.js or foo/bar.md here.\n", nil},
		{"SKILL.md itself is not a reference", "Edit SKILL.md and `SKILL.md`.\n", nil},
		{"fenced code block", "```bash\npython scripts/run.py --in data.csv\n```\n", []Reference{ref("scripts/run.py", "scripts/run.py", RefCode, RefOK, 11)}},
		{"indented code block", "Text\n\n    cat references/api.md\n", []Reference{ref("references/api.md", "references/api.md", RefCode, RefOK, 12)}},
		{"html block", "<p>\n<img src=\"assets/logo.png\" alt=\"x\">\n<a href='references/missing.md'>m</a>\n</p>\n", []Reference{
			ref("assets/logo.png", "assets/logo.png", RefImage, RefOK, 11),
			ref("references/missing.md", "references/missing.md", RefLink, RefBroken, 12),
		}},
		{"inline html", "Click <a href=\"templates/base.html\">here</a>.\n", []Reference{ref("templates/base.html", "templates/base.html", RefLink, RefOK, 10)}},
		{"reference-style link", "See [the api][api].\n\n[api]: references/api.md\n", []Reference{ref("references/api.md", "references/api.md", RefLink, RefOK, 10)}},
		{"dedupe keeps the first", "`scripts/run.py`\n\n[run](scripts/run.py)\n\nscripts/run.py\n", []Reference{ref("scripts/run.py", "scripts/run.py", RefCode, RefOK, 10)}},
		{"lines", "# T\n\ntext\n\n[a](references/api.md)\n\n- item\n- ![l](assets/logo.png)\n", []Reference{
			ref("references/api.md", "references/api.md", RefLink, RefOK, 14),
			ref("assets/logo.png", "assets/logo.png", RefImage, RefOK, 17),
		}},
		{"cjk punctuation and names", "请参阅：数据/说明.md（重要）\n", []Reference{ref("数据/说明.md", "数据/说明.md", RefPath, RefOK, 10)}},
		{"backslashes", "[w](references\\api.md)\n", []Reference{ref(`references\api.md`, "references/api.md", RefLink, RefOK, 10)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ExtractReferences([]byte(tt.body), 10, files)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestExtractReferencesNoFiles(t *testing.T) {
	got := ExtractReferences([]byte("[a](a.md) `b.md` c.md ![i](i.png)\n"), 1, nil)
	want := []Reference{
		{Target: "a.md", Path: "a.md", Kind: RefLink, Status: RefBroken, Line: 1},
		{Target: "i.png", Path: "i.png", Kind: RefImage, Status: RefBroken, Line: 1},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v", got)
	}
}

// TestExtractReferencesManyFiles checks a folder of 1,000 files (one
// corpus skill has 1,058) resolves every kind of reference.
func TestExtractReferencesManyFiles(t *testing.T) {
	var files []string
	var body strings.Builder
	for i := 0; i < 1000; i++ {
		f := "wiki/page-" + strings.Repeat("x", i%7) + itoa3(i) + ".md"
		files = append(files, f)
		if i%10 == 0 {
			body.WriteString("- [" + itoa3(i) + "](" + f + ") and `" + f + "`\n")
		}
	}
	refs := ExtractReferences([]byte(body.String()), 1, files)
	if len(refs) != 100 {
		t.Fatalf("got %d references, want 100", len(refs))
	}
	for _, r := range refs {
		if r.Status != RefOK || r.Kind != RefLink {
			t.Errorf("%+v", r)
		}
	}
}

func itoa3(i int) string {
	return string([]byte{byte('0' + i/100%10), byte('0' + i/10%10), byte('0' + i%10)})
}
