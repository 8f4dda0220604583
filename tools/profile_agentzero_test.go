package tools

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/skilldex/skilldex/tools/sandbox"
)

// agentZeroFiles are the seed's skills (testdata/seeds/agent-zero-skills-tool.md:
// pdf_editing, web_scraping, data_processor, data_analysis) with the
// scripts and reference file its examples use.
var agentZeroFiles = map[string]string{
	"skills/pdf_editing/SKILL.md": skillMD("name: pdf_editing\ndescription: Extract PDF form fields, fill forms and convert PDF pages to images\nversion: 1.2.0\nauthor: Docs Team\ntags: [pdf, forms, documents]",
		"# PDF editing\n\nFor form filling details see [forms.md](forms.md).\n\nConvert pages with `scripts/convert_pdf_to_images.py`.\n"),
	"skills/pdf_editing/forms.md":                         "# PDF forms reference\n\nCheckboxes take /Yes or /Off.\n",
	"skills/pdf_editing/scripts/convert_pdf_to_images.py": "import sys\nprint(sys.argv)\n",
	"skills/pdf_editing/scripts/tool.rb":                  "puts ARGV\n",
	"skills/web_scraping/SKILL.md": skillMD("name: web_scraping\ndescription: Fetch web pages and parse HTML to extract data\nversion: 0.3.0\nauthor: Crawler Guild\ntags: [web, html, scraping]",
		"# Web scraping\n"),
	"skills/web_scraping/scripts/fetch_page.py": "import argparse\n",
	"skills/data_processor/SKILL.md": skillMD("name: data_processor\ndescription: Process CSV data files into JSON results\ntags: [data, csv]",
		"# Data processor\n"),
	"skills/data_processor/scripts/process.py": "import os\n",
	"skills/data_analysis/SKILL.md": skillMD("name: data_analysis\ndescription: Analyze CSV data with grouping and summary statistics\nversion: 2.0.0\ntags: [data, analysis, csv]",
		"# Data analysis\n\n1. Run scripts/analyze_csv.py with the CSV path and a column to group by.\n"),
	"skills/data_analysis/scripts/analyze_csv.py": "import sys\n",
}

func TestAgentZero(t *testing.T) {
	fake := &fakeSandbox{exit: map[string]int{"scripts/process.py": 2}}
	f := newFixture(t, agentZeroFiles, []string{"skills"}, Options{Profiles: []string{"agent-zero"}, Sandbox: fake})
	cs := connect(t, f.h, nil)
	const tool = "skills_tool"

	// The seed's execute_script examples: the script's argv and
	// environment (printed by the fake sandbox from sandbox.BuildArgv)
	// must be the seed's "Result:" lines, and the sandbox request must
	// carry the skill folder from the catalog and the arguments in the
	// caller's order.
	for _, ex := range []struct {
		name, args string
		style      sandbox.ArgStyle
		wantArgs   []sandbox.Arg
		wantArgv   string
	}{
		{"Op4_ExecuteScript_ConvertPdfToImages",
			`{"method": "execute_script", "skill_name": "pdf_editing", "script_path": "scripts/convert_pdf_to_images.py", "script_args": {"input_pdf": "/path/to/document.pdf", "output_dir": "/tmp/images"}}`,
			sandbox.ArgPositional, []sandbox.Arg{{Key: "input_pdf", Value: "/path/to/document.pdf"}, {Key: "output_dir", Value: "/tmp/images"}},
			`argv: ["python3","scripts/convert_pdf_to_images.py","/path/to/document.pdf","/tmp/images"]`},
		{"Example1_PositionalArgs",
			`{"method": "execute_script", "skill_name": "pdf_editing", "script_path": "scripts/convert_pdf_to_images.py", "script_args": {"input_pdf": "/workspace/document.pdf", "output_dir": "/tmp/images"}}`,
			sandbox.ArgPositional, []sandbox.Arg{{Key: "input_pdf", Value: "/workspace/document.pdf"}, {Key: "output_dir", Value: "/tmp/images"}},
			`argv: ["python3","scripts/convert_pdf_to_images.py","/workspace/document.pdf","/tmp/images"]`},
		{"Example2_NamedArgs",
			`{"method": "execute_script", "skill_name": "web_scraping", "script_path": "scripts/fetch_page.py", "script_args": {"url": "https://example.com/products", "selector": ".price"}, "arg_style": "named"}`,
			sandbox.ArgNamed, []sandbox.Arg{{Key: "url", Value: "https://example.com/products"}, {Key: "selector", Value: ".price"}},
			`argv: ["python3","scripts/fetch_page.py","--url","https://example.com/products","--selector",".price"]`},
		{"Example3_EnvArgs",
			`{"method": "execute_script", "skill_name": "data_processor", "script_path": "scripts/process.py", "script_args": {"input_file": "/data/input.csv", "mode": "production"}, "arg_style": "env"}`,
			sandbox.ArgEnv, []sandbox.Arg{{Key: "input_file", Value: "/data/input.csv"}, {Key: "mode", Value: "production"}},
			`argv: ["python3","scripts/process.py"]`},
		{"Example4_DataAnalysis_Script",
			`{"method": "execute_script", "skill_name": "data_analysis", "script_path": "scripts/analyze_csv.py", "script_args": {"csv_path": "/workspace/sales_data.csv", "group_by": "category"}}`,
			sandbox.ArgPositional, []sandbox.Arg{{Key: "csv_path", Value: "/workspace/sales_data.csv"}, {Key: "group_by", Value: "category"}},
			`argv: ["python3","scripts/analyze_csv.py","/workspace/sales_data.csv","category"]`},
		{"ScriptArgs_KeyOrderKept_NonStringValues",
			`{"method": "execute_script", "skill_name": "data_analysis", "script_path": "scripts/analyze_csv.py", "script_args": {"zeta": 3, "alpha": true, "mid": null, "list": [1, "two"]}}`,
			sandbox.ArgPositional, []sandbox.Arg{{Key: "zeta", Value: "3"}, {Key: "alpha", Value: "true"}, {Key: "mid", Value: ""}, {Key: "list", Value: `[1,"two"]`}},
			`argv: ["python3","scripts/analyze_csv.py","3","true","","[1,\"two\"]"]`},
	} {
		t.Run(ex.name, func(t *testing.T) {
			if ex.name == "Example3_EnvArgs" {
				fake.exit = nil // process.py fails in Error_ScriptFailed only
				defer func() { fake.exit = map[string]int{"scripts/process.py": 2} }()
			}
			res := call(t, cs, tool, ex.args)
			if res.IsError {
				t.Fatalf("isError: %s", text(res))
			}
			req := fake.last()
			var skill string
			_ = json.Unmarshal([]byte(ex.args), &struct {
				SkillName *string `json:"skill_name"`
			}{&skill})
			if want := f.root + "/skills/" + skill; req.SkillDir != want {
				t.Errorf("SkillDir = %q, want %q (from the catalog)", req.SkillDir, want)
			}
			if req.Style != ex.style || !reflect.DeepEqual(req.Args, ex.wantArgs) {
				t.Errorf("sandbox request style %q args %+v, want %q %+v", req.Style, req.Args, ex.style, ex.wantArgs)
			}
			if !strings.Contains(text(res), ex.wantArgv+"\n") {
				t.Errorf("script output lacks %s:\n%s", ex.wantArgv, text(res))
			}
			golden(t, "agentzero/"+ex.name, f.root, render(res))
		})
	}
}

// TestAgentZeroSearchScoring checks the seed's scoring rule directly:
// per term name +3, description +2, any tag +1; descending score, ties by
// name.
func TestAgentZeroSearchScoring(t *testing.T) {
	f := newFixture(t, map[string]string{
		"s/zeta-pdf/SKILL.md":  skillMD("name: zeta-pdf\ndescription: tools", "#"),            // name: 3
		"s/alpha-pdf/SKILL.md": skillMD("name: alpha-pdf\ndescription: tools", "#"),           // name: 3, ties zeta-pdf, sorts first
		"s/docs/SKILL.md":      skillMD("name: docs\ndescription: read PDF files", "#"),       // description: 2
		"s/forms/SKILL.md":     skillMD("name: forms\ndescription: x\ntags: [pdf-a]", "#"),    // tag: 1
		"s/both/SKILL.md":      skillMD("name: pdf-both\ndescription: pdf\ntags: [pdf]", "#"), // 3+2+1
		"s/none/SKILL.md":      skillMD("name: none\ndescription: nothing", "#"),
	}, []string{"s"}, Options{})
	az := &agentZero{f.h.deps}
	var got []string
	for _, x := range az.score("PDF") {
		got = append(got, x.s.Name)
	}
	want := []string{"pdf-both", "alpha-pdf", "zeta-pdf", "docs", "forms"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("search PDF = %v, want %v", got, want)
	}
	hits := az.score("pdf tools")
	if hits[0].s.Name != "pdf-both" || hits[0].score != 6 || hits[1].s.Name != "alpha-pdf" || hits[1].score != 5 {
		t.Errorf("two terms: %+v", hits)
	}
}
