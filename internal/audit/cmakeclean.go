package audit

import "strings"

// CMake's clean target (rule destructive-command, see buildclean.go):
// the ADDITIONAL_CLEAN_FILES property of a directory or a target (and the
// older ADDITIONAL_MAKE_CLEAN_FILES) lists paths `cmake --build .
// --target clean` deletes, folders recursively, set by set_property
// (DIRECTORY or TARGET scope, APPEND too), set_directory_properties or
// set_target_properties; file(REMOVE_RECURSE) deletes at every configure.
// The paths are read with the file's variables expanded as CMake lists
// (set() of several values, list(APPEND), string()), cmake_path(GET v
// PARENT_PATH out) and get_filename_component(out p DIRECTORY) taking a
// folder's parent, $ENV{HOME} (and $ENV{USERPROFILE}) as ~ and
// CMAKE_SOURCE_DIR (PROJECT_SOURCE_DIR) as the project; a relative path,
// the build folder, another environment variable or a generator
// expression is nothing the reader places. The last set() of a name wins,
// as in a configure that takes the branches in file order.

// cmakeCleanProps are the properties whose paths the clean target deletes.
var cmakeCleanProps = lazySet("ADDITIONAL_CLEAN_FILES", "ADDITIONAL_MAKE_CLEAN_FILES")

// cmakeProjectVars are CMake's names for the top of the source tree.
var cmakeProjectVars = lazySet("CMAKE_SOURCE_DIR", "PROJECT_SOURCE_DIR")

// cmakeVarRef is a ${name} reference holding no other reference.
var cmakeVarRef = lazyRE(`\$\{([^${}]*)\}`)

// cmakeCleanEnv holds a CMake file's variables as the clean reader
// knows them: CMake lists (;-separated), home as ~, the project as
// cleanProject.
type cmakeCleanEnv map[string]string

// expand returns s with $ENV{HOME} as ~ and the variables the file set
// (and CMake's names of the source tree) put in; an unknown ${x} is
// left as it is, so its path is not judged.
func (e cmakeCleanEnv) expand(s string) string {
	s = cmakeHome.ReplaceAllString(s, "~")
	for pass := 0; pass < 8 && strings.Contains(s, "${"); pass++ {
		r := cmakeVarRef.ReplaceAllStringFunc(s, func(m string) string {
			name := m[2 : len(m)-1]
			if cmakeProjectVars()[name] {
				return cleanProject
			}
			if v, ok := e[name]; ok {
				return v
			}
			return "$(" + name + ")" // unknown: kept, no longer a reference
		})
		if r == s || len(r) > maxCMakeExpand {
			break
		}
		s = r
	}
	return s
}

// value returns what name holds: the project for CMake's names of the
// source tree, else what the file set.
func (e cmakeCleanEnv) value(name string) string {
	if cmakeProjectVars()[name] {
		return cleanProject
	}
	return e[name]
}

// set binds name to v when the table and the value are within bounds.
func (e cmakeCleanEnv) set(name, v string) {
	if len(v) <= maxCMakeExpand && (len(e) < 256 || e[name] != "") {
		e[name] = v
	}
}

// cmakeParent returns the folder holding p: p/.., resolved later with
// the rest of the path.
func cmakeParent(p string) string {
	if p == "" {
		return ""
	}
	return strings.TrimRight(p, "/") + "/.."
}

// cmakeArgList expands a command's arguments and splits the unquoted
// lists they hold (a quoted list is one argument to CMake, but a path
// property splits it the same way).
func cmakeArgList(e cmakeCleanEnv, args []string) []string {
	var out []string
	for _, a := range args {
		for _, v := range strings.Split(e.expand(a), ";") {
			if v != "" && len(out) < 256 {
				out = append(out, v)
			}
		}
	}
	return out
}

// scanCMakeClean reports a path the clean target or file(REMOVE_RECURSE)
// deletes that is home, a key or personal folder, a system folder, the
// project, its parent or its .git (see above).
func scanCMakeClean(sc *skillCtx, rel, src string, cmds []cmakeCmd) {
	if !strings.Contains(src, "CLEAN_FILES") && !strings.Contains(src, "REMOVE_RECURSE") {
		return
	}
	env := cmakeCleanEnv{}
	report := func(line int, paths []string, how string) bool {
		for _, p := range paths {
			if strings.Contains(p, "$") {
				continue // a variable the reader does not know, a generator expression
			}
			p = strings.ReplaceAll(p, `\`, "/")
			if what := cleanTarget(p); what != "" {
				shown := strings.Replace(p, cleanProject, "${CMAKE_SOURCE_DIR}", 1)
				sc.add(rel, line, "destructive-command", Critical, how+" "+shown+", which is "+what+": it is deleted recursively, with no question asked", trimmedLine(src, line))
				return true
			}
		}
		return false
	}
	for _, c := range cmds {
		switch c.name {
		case "set":
			if len(c.args) >= 1 {
				vals := c.args[1:]
				if i := indexExact(vals, "CACHE"); i >= 0 {
					vals = vals[:i]
				} else if n := len(vals); n > 0 && vals[n-1] == "PARENT_SCOPE" {
					vals = vals[:n-1]
				}
				env.set(c.args[0], strings.Join(cmakeArgList(env, vals), ";"))
			}
		case "string", "list":
			args := make([]string, len(c.args))
			for i, a := range c.args {
				args[i] = env.expand(a)
			}
			cmakeStringCmd(c.name, args, env)
		case "cmake_path":
			// cmake_path(GET var PARENT_PATH out), cmake_path(SET out p),
			// cmake_path(APPEND var seg... [OUTPUT_VARIABLE out])
			if len(c.args) >= 3 {
				switch strings.ToUpper(c.args[0]) {
				case "GET":
					if len(c.args) >= 4 && c.args[2] == "PARENT_PATH" {
						env.set(c.args[3], cmakeParent(env.value(c.args[1])))
					}
				case "SET":
					env.set(c.args[1], env.expand(c.args[2]))
				case "APPEND":
					segs := c.args[2:]
					out := c.args[1]
					if i := indexExact(segs, "OUTPUT_VARIABLE"); i >= 0 {
						if i+1 < len(segs) {
							out = segs[i+1]
						}
						segs = segs[:i]
					}
					v := env.value(c.args[1])
					for _, s := range cmakeArgList(env, segs) {
						v = strings.TrimRight(v, "/") + "/" + s
					}
					env.set(out, v)
				}
			}
		case "get_filename_component":
			// get_filename_component(out path DIRECTORY|PATH|ABSOLUTE|REALPATH)
			if len(c.args) >= 3 {
				switch strings.ToUpper(c.args[2]) {
				case "DIRECTORY", "PATH":
					env.set(c.args[0], cmakeParent(env.expand(c.args[1])))
				case "ABSOLUTE", "REALPATH":
					env.set(c.args[0], env.expand(c.args[1]))
				}
			}
		case "set_property":
			// set_property(<scope> [names] [APPEND] PROPERTY name values...)
			if i := indexExact(c.args, "PROPERTY"); i >= 0 && i+1 < len(c.args) && cmakeCleanProps()[c.args[i+1]] {
				if report(c.line, cmakeArgList(env, c.args[i+2:]), "registers with the clean target ("+c.args[i+1]+")") {
					return
				}
			}
		case "set_directory_properties", "set_target_properties", "set_source_files_properties":
			if i := indexExact(c.args, "PROPERTIES"); i >= 0 {
				kv := c.args[i+1:]
				for j := 0; j+1 < len(kv); j += 2 {
					if cmakeCleanProps()[kv[j]] && report(c.line, cmakeArgList(env, kv[j+1:j+2]), "registers with the clean target ("+kv[j]+")") {
						return
					}
				}
			}
		case "file":
			if len(c.args) >= 2 && strings.ToUpper(c.args[0]) == "REMOVE_RECURSE" {
				var abs []string
				for _, p := range cmakeArgList(env, c.args[1:]) {
					if strings.HasPrefix(p, "~") || strings.HasPrefix(p, "/") || strings.HasPrefix(p, cleanProject) || len(p) >= 2 && p[1] == ':' {
						abs = append(abs, p) // a relative path is under the build folder
					}
				}
				if report(c.line, abs, "deletes at every configure (file(REMOVE_RECURSE))") {
					return
				}
			}
		}
	}
}

// indexExact returns the index of the first argument equal to w, or -1.
func indexExact(args []string, w string) int {
	for i, a := range args {
		if a == w {
			return i
		}
	}
	return -1
}
