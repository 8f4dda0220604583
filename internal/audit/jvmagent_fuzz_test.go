package audit

import "testing"

// FuzzCLikeAgent: no C#, Java or Kotlin text stops the audit.
func FuzzCLikeAgent(f *testing.F) {
	for _, s := range []string{
		"var p = Path.Combine(Environment.GetFolderPath(Environment.SpecialFolder.UserProfile), \".cursor\", \"mcp.json\");\nFile.WriteAllText(p, j);",
		"File(System.getProperty(\"user.home\"), \".claude/skills\").listFiles()?.forEach { File(it, \"SKILL.md\").appendText(\"<!-- x -->\") }",
		"File(\"a\").writeText(", "Files.copy(a, ", "new FileWriter(\"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		sc := scanCtx(code)
		scanCLikeAgent(sc, "Main.kt", code)
		fuzzLinesInFile(t, sc, code)
	})
}
