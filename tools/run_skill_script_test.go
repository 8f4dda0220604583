package tools

import (
	"context"
	"encoding/json"
	"os/exec"
	"reflect"
	"strings"
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

// TestNoSandboxWarnsEveryRun (issue 14, B10): with --sandbox none, the
// tool descriptions say scripts run without a sandbox, and every result
// (not only the first, not only a log line at start) carries the warning,
// in the text and in the structured output, for run_skill_script and for
// agent-zero's execute_script.
func TestNoSandboxWarnsEveryRun(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 not installed")
	}
	f := newFixture(t, agentZeroFiles, []string{"skills"}, Options{Profiles: []string{"native", "agent-zero"}, Sandbox: sandbox.Limit(sandbox.NewNone(), 0, 0)})
	cs := connect(t, f.h, nil)
	tools, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	described := 0
	for _, tl := range tools.Tools {
		if tl.Name == "run_skill_script" || tl.Name == "skills_tool" {
			described++
			if !strings.Contains(tl.Description, "WITHOUT a sandbox") || (tl.Name == "run_skill_script" && strings.Contains(tl.Description, "in the sandbox")) {
				t.Errorf("%s description does not say scripts are unsandboxed: %s", tl.Name, tl.Description)
			}
		}
	}
	if described != 2 {
		t.Fatalf("found %d of the two script tools", described)
	}
	for i := range 2 {
		res := call(t, cs, "run_skill_script", `{"skill": "pdf_editing", "script": "scripts/convert_pdf_to_images.py", "args": {"a": "1"}}`)
		out, _ := json.Marshal(res.StructuredContent)
		if !strings.HasPrefix(text(res), "WARNING: this script ran WITHOUT a sandbox") || !strings.Contains(string(out), `"warnings":["this script ran WITHOUT a sandbox`) || res.IsError {
			t.Errorf("run %d: text %q structured %s", i+1, text(res), out)
		}
		res = call(t, cs, "skills_tool", `{"method": "execute_script", "skill_name": "pdf_editing", "script_path": "scripts/convert_pdf_to_images.py"}`)
		if !strings.Contains(text(res), "WARNING: this script ran WITHOUT a sandbox") {
			t.Errorf("execute_script run %d: %q", i+1, text(res))
		}
	}
	// The server's log says it on every run too, not only at start.
	if n := strings.Count(f.logs.String(), "WITHOUT a sandbox"); n != 4 {
		t.Errorf("the log warned %d times for 4 unsandboxed runs:\n%s", n, f.logs.String())
	}
}

// TestScriptReportOutOfMemory: a run killed at its memory limit is a
// failure whose report says so, with the sandbox's warning.
func TestScriptReportOutOfMemory(t *testing.T) {
	got := scriptReport("big", "scripts/load.py", &sandbox.Result{ExitCode: 137, OutOfMemory: true,
		Warnings: []string{"the run passed its memory limit of 2048 MiB (all its processes together) and was killed"}})
	if !strings.HasPrefix(got, "WARNING: the run passed its memory limit of 2048 MiB (all its processes together) and was killed.\nScript failed: it passed the memory limit") {
		t.Errorf("report:\n%s", got)
	}
}
