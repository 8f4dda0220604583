package audit

import "testing"

// TestHCLEval: the evaluator works out the path expressions modules
// build their commands from (templates, pathexpand, trimsuffix, format
// %q, join over a for expression, coalesce, conditionals, object
// attributes), through variables and locals, and leaves unknown what it
// cannot know (a variable with no default, a resource attribute, an
// unknown function) rather than guessing.
func TestHCLEval(t *testing.T) {
	env := &hclModuleEnv{
		vars: map[string]string{
			"sub":  `""`,
			"dirs": `[".ssh", "Documents"]`,
			"name": `"dev"`,
		},
		locals: map[string]string{
			"root":  `trimsuffix(pathexpand("~/${var.sub}"), "/")`,
			"all":   `join(" ", [for d in var.dirs : format("%q", pathexpand("~/${d}"))])`,
			"inner": `{ a = "x", b = local.root }`,
		},
		self: map[string]string{"input": "{\n  workdir = \"${local.root}/.sbx-${var.name}\"\n  gone = aws_instance.x.id\n}"},
	}
	for src, want := range map[string]string{
		`local.root`:                            hclHome,
		`local.all`:                             `"` + hclHome + `/.ssh" "` + hclHome + `/Documents"`,
		`self.input.workdir`:                    hclHome + "/.sbx-dev",
		`local.inner.b`:                         hclHome,
		`var.sub == "" ? "~" : var.sub`:         "~",
		`coalesce(var.sub, "/tmp/x")`:           "/tmp/x",
		`"${path.module}/out/${var.name}.json"`: "./out/dev.json",
		`upper(var.name)`:                       "DEV",
		`element(var.dirs, 1)`:                  "Documents",
		`length(var.dirs) == 2`:                 "true",
	} {
		if v := env.eval(src, nil); !v.plain() || v.s != want {
			t.Errorf("%s = %+v, want %q", src, v, want)
		}
	}
	for _, src := range []string{`var.missing`, `self.input.gone`, `"${aws_instance.x.public_ip}/x"`, `sha256(var.name)`, `local.root +`, `"%{ if true }x%{ endif }"`} {
		if v := env.eval(src, nil); v.known {
			t.Errorf("%s = %+v, want unknown", src, v)
		}
	}
}
