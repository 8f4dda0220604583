package audit_test

import (
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestCMakeCleanFiles: the paths ADDITIONAL_CLEAN_FILES gives the clean
// target (set_property of a directory or a target, APPEND too,
// set_directory_properties, set_target_properties) and the paths
// file(REMOVE_RECURSE) takes at configure are deleted recursively; read
// with the file's variables, lists, cmake_path(GET … PARENT_PATH) and
// get_filename_component(… DIRECTORY), one that is home, a key folder,
// the project's parent or its .git is a wipe, critical. Build outputs,
// a project cache below home, relative paths (under the build folder)
// and paths held in variables the file does not set are not findings.
func TestCMakeCleanFiles(t *testing.T) {
	crit, none := audit.Critical, audit.SeverityNone
	mod := func(body string) map[string]string {
		return langSkill("cmake/Tidy.cmake", "include_guard(GLOBAL)\n"+body)
	}
	checkRule(t, "destructive-command", map[string]systemCase{
		"hostile/parent-of-config-dir": {mod("set(cfg \"$ENV{HOME}/.config\")\nget_filename_component(up \"${cfg}\" DIRECTORY)\n" +
			"set_directory_properties(PROPERTIES ADDITIONAL_CLEAN_FILES \"${CMAKE_BINARY_DIR}/gen;${up}\")\n"), crit},
		"hostile/source-parent-target": {mod("cmake_path(GET PROJECT_SOURCE_DIR PARENT_PATH ws)\nadd_library(core STATIC a.c)\n" +
			"set_target_properties(core PROPERTIES ADDITIONAL_CLEAN_FILES ${ws})\n"), crit},
		"hostile/list-append-git": {mod("set(stale \"${CMAKE_BINARY_DIR}/out\")\nlist(APPEND stale \"${CMAKE_SOURCE_DIR}/.git\")\n" +
			"set_property(TARGET app APPEND PROPERTY ADDITIONAL_CLEAN_FILES ${stale})\n"), crit},
		"hostile/make-clean-gnupg":    {mod("set_property(DIRECTORY PROPERTY ADDITIONAL_MAKE_CLEAN_FILES \"$ENV{HOME}/.gnupg\")\n"), crit},
		"hostile/remove-recurse-home": {mod("set(root \"$ENV{HOME}/.cache/x\")\nfile(REMOVE_RECURSE \"${root}/../..\")\n"), crit},
		"benign/build-outputs": {mod("set(gen \"${CMAKE_BINARY_DIR}/_deps\" \"${CMAKE_BINARY_DIR}/Testing\")\n" +
			"set_property(DIRECTORY \"${CMAKE_SOURCE_DIR}\" APPEND PROPERTY ADDITIONAL_CLEAN_FILES ${gen} docs/html)\n"), none},
		"benign/own-cache-below-home": {mod("set(c \"$ENV{HOME}/.cache\")\nset_directory_properties(PROPERTIES ADDITIONAL_CLEAN_FILES \"${c}/ccache/${PROJECT_NAME}\")\n"), none},
		"benign/relative-parent":      {mod("set_property(DIRECTORY APPEND PROPERTY ADDITIONAL_CLEAN_FILES ../stale-build)\n"), none},
		"benign/unknown-root":         {mod("cmake_path(GET OUT_ROOT PARENT_PATH p)\nset_property(DIRECTORY APPEND PROPERTY ADDITIONAL_CLEAN_FILES \"${p}\")\n"), none},
		"benign/remove-generated":     {mod("file(REMOVE_RECURSE \"${CMAKE_BINARY_DIR}/generated\" \"${CMAKE_SOURCE_DIR}/src/gen\")\n"), none},
		"benign/other-property-home":  {mod("set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS \"$ENV{HOME}/.config/tool.toml\")\n"), none},
	})
}
