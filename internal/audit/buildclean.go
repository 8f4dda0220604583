package audit

import (
	"path"
	"strings"
)

// Build-system clean configuration (rule destructive-command): a build
// tool's clean step deletes what its configuration lists, recursively and
// without asking, every time anyone runs `mvn clean` or `cmake --build .
// --target clean`, which instructions call routine. A clean list naming
// the home folder, a key or personal folder in it, a system folder, the
// project's parent folder (every checkout beside the project, and the
// project itself), the project folder itself or its version control
// folder (.git: the history and unpushed work) is a wipe, critical as
// rm -rf of it is: no build leaves its output there. Paths are read after
// the tool's own expansion (Maven's ${user.home} and properties, CMake's
// $ENV{HOME} and variables) with `..` resolved as the filesystem does, so
// ${user.home}/.cache/x/../.. is home. The readers are mavenclean.go
// (maven-clean-plugin filesets), antclean.go (Ant's <delete>) and
// cmakeclean.go (CMake's ADDITIONAL_CLEAN_FILES); they spell the
// project's folder as cleanProject and home as ~.

// cleanProject stands for the project's own folder (Maven's ${basedir},
// CMake's CMAKE_SOURCE_DIR) in a path a clean reader builds: not a path
// the filesystem has, so nothing else reads as it.
const cleanProject = "@project"

// cleanTarget names what deleting p (a path built by a clean reader)
// destroys, or "" when it is a build output, a cache or anything the
// reader cannot place: the project itself, its parent, its version
// control folder, or what wipeTarget says of home and system paths.
func cleanTarget(p string) string {
	if p == cleanProject || strings.HasPrefix(p, cleanProject+"/") {
		c := path.Clean(p) // @project/.. is ".", @project/../.. is ".."
		switch {
		case c == cleanProject:
			return "the project folder itself (its sources and its .git)"
		case c == "." || c == ".." || strings.HasPrefix(c, "../"):
			return "the parent folder of the project (every checkout beside it, and the project itself with its .git)"
		case strings.HasPrefix(c, cleanProject+"/"):
			first, _, _ := strings.Cut(strings.TrimPrefix(c, cleanProject+"/"), "/")
			if vcsFolderNames()[first] {
				return "the project's version control folder " + first + " (its history and unpushed work)"
			}
		}
		return ""
	}
	return wipeTarget(p)
}

// cleanEverything reports whether an include pattern of a clean fileset
// takes every entry of its folder (**, **/*, *, .*/**, **/.*): the
// folder is then deleted whole.
func cleanEverything(pat string) bool {
	rest := cleanTrimWild(pat)
	return rest == "" || rest == ".*" || rest == "**/.*"
}

// cleanTrimWild drops the trailing wildcard-only segments (/**, /*) of a
// pattern and its leading ./ and /.
func cleanTrimWild(pat string) string {
	p := strings.TrimPrefix(strings.ReplaceAll(strings.TrimSpace(pat), `\`, "/"), "./")
	p = strings.Trim(p, "/")
	for {
		switch {
		case p == "**" || p == "*":
			return ""
		case strings.HasSuffix(p, "/**"), strings.HasSuffix(p, "/*"):
			p = p[:strings.LastIndexByte(p, '/')]
		default:
			return p
		}
	}
}

// cleanIncludeTarget returns the path an include pattern of a clean
// fileset under dir deletes whole, or "": a literal path (.git/**,
// build), or a version control folder at any depth (**/.git/**), read
// as the one at the folder's top. A pattern that picks files by name
// (**/*.log) names no folder.
func cleanIncludeTarget(dir, pat string) string {
	rest := cleanTrimWild(pat)
	for strings.HasPrefix(rest, "**/") {
		rest = rest[3:]
	}
	if rest == "" || strings.ContainsAny(rest, "*?[{") {
		return ""
	}
	return strings.TrimSuffix(dir, "/") + "/" + rest
}

// cleanReport judges one folder a clean step deletes: dir as written
// (${…} properties expanded, a relative path under the project) and the
// include patterns that pick its entries (none: all of it). It reports
// the first path that is a wipe, at line, naming who deletes it, and
// says whether it did.
func cleanReport(sc *skillCtx, rel, content string, line int, dir string, includes []string, props map[string]string, who string) bool {
	dir = strings.ReplaceAll(mavenExpand(dir, props), `\`, "/")
	if dir == "" {
		return false
	}
	if dir != "~" && !strings.HasPrefix(dir, "~/") && !strings.HasPrefix(dir, "/") && !strings.HasPrefix(dir, cleanProject) && !(len(dir) >= 2 && dir[1] == ':') {
		dir = cleanProject + "/" + strings.TrimPrefix(dir, "./") // relative to the project, as Maven and Ant read it
	}
	targets := []string{dir}
	if len(includes) > 0 {
		targets = nil
		for _, inc := range includes {
			if cleanEverything(inc) {
				targets = append(targets, dir)
			} else if t := cleanIncludeTarget(dir, inc); t != "" {
				targets = append(targets, t)
			}
		}
	}
	for _, t := range targets {
		if what := cleanTarget(t); what != "" {
			shown := strings.Replace(t, cleanProject, "${basedir}", 1)
			sc.add(rel, line, "destructive-command", Critical, who+" deletes "+shown+", which is "+what+": every clean the build runs deletes it, with no question asked", trimmedLine(content, line))
			return true
		}
	}
	return false
}
