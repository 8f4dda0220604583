package audit

import (
	"html"
	"path"
	"strings"
)

// An MSBuild project or targets file can carry a task written in C#
// inline: a UsingTask with TaskFactory="RoslynCodeTaskFactory" (or the
// older CodeTaskFactory) whose <Task><Code Language="cs"> element holds
// the task's body. MSBuild compiles and runs it wherever a target calls
// the task (AfterTargets="Build" runs it at every dotnet build, with the
// user's rights and the CI job's secrets), so the code is a C# program
// of the skill and every rule for C# reads it: the file is also read
// under its name with .cs added, with only the Code elements' text kept
// (XML entities decoded, every other line blank, so lines keep their
// numbers), and findings are reported under the file's own name.

// msbuildExts are the MSBuild files that can declare inline tasks.
var msbuildExts = lazySet(".targets", ".props", ".csproj", ".vbproj", ".fsproj", ".proj", ".tasks", ".msbuild")

var (
	// msbuildCodeOpen is the opening tag of an inline task's C# code;
	// group 1 its attributes.
	msbuildCodeOpen = lazyRE(`(?i)<Code\b([^>]*)>`)
	// msbuildCSharpLang is a Code element's Language attribute naming C#
	// (the default when it is left out).
	msbuildCSharpLang = lazyRE(`(?i)\bLanguage\s*=\s*["'](?:cs|c#|csharp)["']`)
	// msbuildAnyLang is a Code element's Language attribute.
	msbuildAnyLang = lazyRE(`(?i)\bLanguage\s*=`)
)

// msbuildInlineCode returns the C# code of an MSBuild file's inline
// tasks (see above), every other line blank; ok is false when the file
// is not MSBuild or has none.
func msbuildInlineCode(rel, content string) (string, bool) {
	if !msbuildExts()[strings.ToLower(path.Ext(rel))] || !strings.Contains(content, "TaskFactory") || !strings.Contains(content, "<Code") {
		return "", false
	}
	var b strings.Builder
	last := 0 // content[:last] is accounted for in b
	for _, m := range msbuildCodeOpen.FindAllStringSubmatchIndex(content, 16) {
		if m[0] < last {
			continue
		}
		attrs := content[m[2]:m[3]]
		if msbuildAnyLang.MatchString(attrs) && !msbuildCSharpLang.MatchString(attrs) {
			continue
		}
		end := strings.Index(content[m[1]:], "</Code>")
		if end < 0 {
			break
		}
		end += m[1]
		b.WriteString(strings.Repeat("\n", strings.Count(content[last:m[1]], "\n")))
		text := content[m[1]:end]
		if i := strings.Index(text, "<![CDATA["); i >= 0 {
			b.WriteString(strings.Repeat("\n", strings.Count(text[:i], "\n")))
			text = text[i+len("<![CDATA["):]
			text, _, _ = strings.Cut(text, "]]>")
		} else {
			text = html.UnescapeString(text)
		}
		b.WriteString(text)
		last = end
	}
	if last == 0 {
		return "", false
	}
	return b.String(), true
}
