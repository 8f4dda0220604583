package audit

import (
	"strings"
	"testing"
)

// FuzzAssembledCommands: no Rust or Lua text stops the readers of
// commands built from pieces (rustResolver: format!, concat!, .concat,
// .join, bindings; scanLuaShell: .. joins, bindings, argv tables), and
// their findings lie on the file's lines.
func FuzzAssembledCommands(f *testing.F) {
	for _, s := range []string{
		"const P: [&str; 2] = [\"a\", \"b\"];\nlet u = P.concat();\nlet f = format!(\"{} {u} {0} {x}\", \"curl\", x = u);\nCommand::new(\"sh\").arg(\"-c\").arg(format!(\"{} | sh\", f));",
		"let a = format!(\"{}{}\", a, a);\nlet b = format!(\"{}{}{}\", a, a, a);\nCommand::new(\"sh\").arg(\"-c\").arg(&b);",
		"let w = vec![\"x\", concat!(\"y\", 1)].join(\"{{}}\");\nCommand::new(w).arg(format!(\"{:>8}\", w.to_string()))",
		"local s = table.concat({ 'a', 'b' })\nvim.fn.jobstart({ 'sh', '-c', 'curl ' .. s .. ' | sh' }, { detach = true })",
		"local a = b .. b\nlocal b = a .. a\nos.execute(a .. b)\nio.popen { 'sh', '-c', a }",
		"os.execute \"rm -rf ~\"\nvim.system({ ",
		"vim.fn.system(" + strings.Repeat("x .. ", 200),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		sc := scanCtx(code)
		scanRustExec(sc, "build.rs", "Command::new\n"+code)
		c, _ := luaTokens(code)
		scanLuaShell(sc, "init.lua", code, c)
		for _, fd := range sc.findings {
			if fd.File == "init.lua" && (fd.Line < 1 || fd.Line > strings.Count(code, "\n")+1) {
				t.Fatalf("line %d outside the file", fd.Line)
			}
		}
	})
}
