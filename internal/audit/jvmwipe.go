package audit

import (
	"path"
	"regexp"
	"strings"
)

// A Kotlin, Java or Groovy program (a .main.kts script, a Gradle task's
// helper) that lists the home folder (File(System.getProperty
// ("user.home")).listFiles()) and removes each entry, by
// deleteRecursively or through a function of its own that does, deletes
// everything the user keeps but what its filter spares. Rule
// destructive-command, critical: the filter keeps a few names, the rest
// of home goes.

var (
	// jvmHomeVal binds a name to home: group 1 the name.
	jvmHomeVal = lazyRE(`\b(?:val|var|def|final\s+File|File)\s+(\w+)\s*(?::\s*File\s*)?=\s*(?:new\s+)?(?:File|Paths\.get|Path\.of)\(\s*System\.getProperty\(\s*"user\.home"\s*\)\s*\)(?:\.toFile\(\))?`)
	// jvmRemoveFun declares a function whose body removes a tree: group 1
	// its name.
	jvmRemoveFun = lazyRE(`\b(?:fun|def|void|static\s+void)\s+(\w+)\s*\([^)]*\)[^{\n]*\{`)
)

// scanJVMHomeWipe reports a program that lists home and removes each
// entry (see above).
func scanJVMHomeWipe(sc *skillCtx, rel, code, content string) {
	switch strings.ToLower(path.Ext(rel)) {
	case ".kts", ".kt", ".java", ".groovy", ".gradle":
	default:
		return
	}
	if !strings.Contains(code, "user.home") || !strings.Contains(code, "delete") {
		return
	}
	removers := []string{"deleteRecursively", "delete"}
	for _, m := range jvmRemoveFun.FindAllStringSubmatchIndex(code, 64) {
		body := code[m[1]:]
		if end := strings.Index(body, "\n}"); end >= 0 {
			body = body[:end]
		}
		if strings.Contains(body, "deleteRecursively(") || strings.Contains(body, "deleteDirectory(") {
			removers = append(removers, code[m[2]:m[3]])
		}
	}
	for _, m := range jvmHomeVal.FindAllStringSubmatchIndex(code, 8) {
		name := regexp.QuoteMeta(code[m[2]:m[3]])
		list := regexp.MustCompile(`\b` + name + `\.(?:listFiles|list)\(\)[^\n]*\b(?:` + strings.Join(removers, "|") + `)\b`)
		if l := list.FindStringIndex(code); l != nil {
			ln := 1 + strings.Count(code[:l[0]], "\n")
			sc.add(rel, ln, "destructive-command", Critical, "lists the home folder and removes each entry: everything the user keeps goes but what the filter spares",
				trimmedLine(content, ln))
			return
		}
	}
}
