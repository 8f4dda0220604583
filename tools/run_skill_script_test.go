package tools

import (
	"reflect"
	"testing"

	"github.com/skilldex/skilldex/tools/sandbox"
)

// TestRunSkillScript drives the native run_skill_script through a fake
// sandbox: the skill folder comes from the catalog, the args keep the
// caller's key order, and failures are tool errors.
func TestRunSkillScript(t *testing.T) {
	fake := &fakeSandbox{exit: map[string]int{"scripts/process.py": 2}}
	f := newFixture(t, agentZeroFiles, []string{"skills"}, Options{Sandbox: fake})
	cs := connect(t, f.h, nil)
	runCases(t, "native", f.root, cs, []caseT{
		{name: "RunSkillScript_NamedArgsInOrder", tool: "run_skill_script",
			args: `{"skill": "WEB_SCRAPING", "script": "scripts/fetch_page.py", "args": {"url": "https://example.com", "selector": ".price", "depth": 2}, "arg_style": "named", "timeout_seconds": 5}`},
		{name: "RunSkillScript_ExitCodeIsError", tool: "run_skill_script", isError: true,
			args: `{"skill": "data_processor", "script": "scripts/process.py"}`},
		{name: "RunSkillScript_UnknownSkill", tool: "run_skill_script", isError: true,
			args: `{"skill": "nope", "script": "scripts/process.py"}`},
		{name: "RunSkillScript_OutsideSkill", tool: "run_skill_script", isError: true,
			args: `{"skill": "pdf_editing", "script": "../data_processor/scripts/process.py"}`},
		{name: "RunSkillScript_TimeoutTooLong", tool: "run_skill_script", isError: true,
			args: `{"skill": "pdf_editing", "script": "scripts/convert_pdf_to_images.py", "timeout_seconds": 3600}`},
	})
	for _, r := range fake.reqs {
		if r.Script == "scripts/fetch_page.py" {
			want := []sandbox.Arg{{Key: "url", Value: "https://example.com"}, {Key: "selector", Value: ".price"}, {Key: "depth", Value: "2"}}
			if !reflect.DeepEqual(r.Args, want) || r.Style != sandbox.ArgNamed || r.SkillDir != f.root+"/skills/web_scraping" || r.Timeout.Seconds() != 5 {
				t.Errorf("sandbox request %+v", r)
			}
		}
	}
}
