package audit

import (
	"strings"
	"testing"
)

// FuzzHCLEval: no expression stops the evaluator (it ends within its
// budget on deep nesting, self-references and long for expressions),
// and no Terraform text stops the reader of host commands with module
// values, every finding's line inside the file.
func FuzzHCLEval(f *testing.F) {
	for _, s := range []string{
		`trimsuffix(pathexpand("~/${var.a}"), "/")`, `[for d in var.l : format("%q", d) if d != ""]`, `{ a = 1, "b" : [1, 2] }.a`,
		`local.x`, `var.a == "" ? "~" : var.a`, `join(" ", concat(var.l, ["x"])...)`, `"${`, `[for`, `{for k, v in var.m : k => v}`,
		strings.Repeat("(", 200), strings.Repeat(`format("%s", `, 50),
		"resource \"terraform_data\" \"w\" {\n  for_each = toset(var.l)\n  input = { r = pathexpand(\"~/${each.value}\") }\n  provisioner \"local-exec\" {\n    when = destroy\n    environment = { R = self.input.r }\n    command = \"rm -rf \\\"$${R:-$HOME}\\\" '${self.input.r}'\"\n  }\n}\nvariable \"l\" {\n  default = [\"\", \".ssh\"]\n}\nlocals {\n  x = local.x\n}\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		env := &hclModuleEnv{vars: map[string]string{"a": `""`, "l": `["a", "b"]`, "m": `{ k = "v" }`}, locals: map[string]string{"x": "local.x", "y": code}}
		env.eval(code, nil)
		env.steps = 0
		env.eval("local.y", nil)
		sc := scanCtx(code)
		scanHCLHostCmds(sc, "infra/main.tf", code)
		fuzzLinesInFile(t, sc, code)
	})
}
