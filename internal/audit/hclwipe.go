package audit

import (
	"context"
	"path"
	"strings"

	"github.com/skilldex/skilldex/index"
)

// A Terraform local-exec (or Packer shell-local) command that deletes a
// path built from the module's values (rule destructive-command): `rm
// -rf '${self.input.root}'`, `find ${local.root} -mindepth 1 -exec rm
// -rf {} +`, a destroy-time provisioner that runs at every terraform
// destroy, which instructions call routine. hclexec.go reads the command
// with each ${…} as an unknown word, so the path is only known once the
// module's values are put in: the variables' defaults (a terraform.tfvars
// or *.auto.tfvars beside them overriding), the locals, the resource's
// own input or triggers (self.input.x, self.triggers.x), each.key and
// each.value of its for_each, and the environment the block sets (so the
// shell's ${ROOT:-$HOME} falls back to home when the module sets ROOT to
// an empty default). The values are worked out by hcleval.go across the
// module's files (the .tf files beside it: hclModuleOf), pathexpand's
// home put in as $HOME in whatever quoting the command has around it.
// The command is then read as shell again, and a removal of home, a key
// or personal folder or a system folder (an empty sandbox_subdir making
// pathexpand("~/${var.sandbox_subdir}") home itself) is critical, as in a
// script. A removal of a generated file under path.module, or of a path
// whose parts the module leaves unknown, is not a finding.

var (
	// hclVariableBlock opens a variable block: group 1 its name.
	hclVariableBlock = lazyRE(`(?m)^[ \t]*variable[ \t]+"([\w-]+)"[ \t]*\{`)
	// hclResourceBlock opens a resource block.
	hclResourceBlock = lazyRE(`(?m)^[ \t]*resource[ \t]+"[\w-]+"[ \t]+"[\w-]+"[ \t]*\{`)
)

// maxHCLModule bounds the module files read for one file.
const maxHCLModule = 16

// hclModuleOf returns the other files of the Terraform or Packer module
// rel (content) belongs to, for the values its host commands use: the
// .tf (.tofu, .pkr.hcl) files in its folder and the variable files
// Terraform and Packer load by themselves (terraform.tfvars,
// *.auto.tfvars, *.auto.pkrvars.hcl); nil when rel runs no host command
// built from references. Their hashes are part of rel's cache key.
func hclModuleOf(ctx context.Context, src Source, s index.Skill, rel, content string, files []string) []linkedFile {
	ext := strings.ToLower(path.Ext(rel))
	if ext != ".tf" && ext != ".tofu" && ext != ".hcl" {
		return nil
	}
	if !strings.Contains(content, "local-exec") && !strings.Contains(content, "shell-local") {
		return nil
	}
	if !strings.Contains(content, "var.") && !strings.Contains(content, "local.") {
		return nil
	}
	dir := path.Dir(rel)
	return readLinks(ctx, src, s, rel, files, maxHCLModule, func(f string) bool {
		if path.Dir(f) != dir {
			return false
		}
		b := strings.ToLower(path.Base(f))
		switch e := path.Ext(b); {
		case e == ".tf" || e == ".tofu":
			return ext != ".hcl"
		case strings.HasSuffix(b, ".pkr.hcl"):
			return ext == ".hcl"
		}
		return b == "terraform.tfvars" || strings.HasSuffix(b, ".auto.tfvars") || strings.HasSuffix(b, ".auto.pkrvars.hcl")
	}, func(f, text string) *linkedFile { return &linkedFile{rel: f, text: text} })
}

// hclValues returns the module's variables and locals as source text,
// read from content and the module's other files (a variable file's
// values over the defaults).
func hclValues(content string, module []linkedFile) *hclModuleEnv {
	env := &hclModuleEnv{vars: map[string]string{}, locals: map[string]string{}}
	texts := []string{content}
	var varFiles []string
	for _, l := range module {
		b := strings.ToLower(path.Base(l.rel))
		if strings.HasSuffix(b, ".tfvars") || strings.HasSuffix(b, ".pkrvars.hcl") {
			varFiles = append(varFiles, l.text)
		} else {
			texts = append(texts, l.text)
		}
	}
	for _, t := range texts {
		for _, m := range hclVariableBlock.FindAllStringSubmatchIndex(t, 128) {
			end := hclBlockEnd(t, m[1]-1)
			if _, raw := hclAttrsRaw(t, m[1], t[m[1]:end]); raw["default"] != "" {
				env.vars[t[m[2]:m[3]]] = raw["default"]
			}
		}
		for _, m := range hclLocalsBlock.FindAllStringIndex(t, 32) {
			end := hclBlockEnd(t, m[1]-1)
			_, raw := hclAttrsRaw(t, m[1], t[m[1]:end])
			for k, v := range raw {
				env.locals[k] = v
			}
		}
	}
	for _, t := range varFiles {
		_, raw := hclAttrsRaw(t, 0, t)
		for k, v := range raw {
			env.vars[k] = v
		}
	}
	return env
}

// hclEnclosing returns the source of the self attributes (input,
// triggers, triggers_replace) and the for_each of the resource block
// holding offset at, if one does.
func hclEnclosing(content string, at int) (map[string]string, string) {
	for _, m := range hclResourceBlock.FindAllStringIndex(content, 128) {
		if m[1] > at {
			break
		}
		end := hclBlockEnd(content, m[1]-1)
		if at >= end {
			continue
		}
		_, raw := hclAttrsRaw(content, m[1], content[m[1]:end])
		self := map[string]string{}
		for _, k := range []string{"input", "triggers", "triggers_replace"} {
			if v, ok := raw[k]; ok {
				self[k] = v
			}
		}
		return self, raw["for_each"]
	}
	return nil, ""
}

// scanHCLWipe reads a host block's command (or inline lines) again with
// the module's values put in (see above), at the block [open, end) of
// content; only the removals that reading finds are reported.
func scanHCLWipe(sc *skillCtx, rel, content string, open, end int, attrs map[string][]hclItem, tool string) {
	items := append(append([]hclItem(nil), attrs["command"]...), attrs["inline"]...)
	if len(items) == 0 || end <= open {
		return
	}
	block := content[open:end]
	if !strings.Contains(block, "${") && !strings.Contains(block, "environment") && !hclRefWord.MatchString(block) {
		return
	}
	if interp := attrs["interpreter"]; len(interp) > 0 && !hclShellProgram.MatchString(interp[0].text) {
		return
	}
	env := hclValues(content, sc.hclModule)
	self, forEach := hclEnclosing(content, open)
	env.self = self
	eachs := [][2]hclVal{{}}
	if forEach != "" {
		eachs = nil
		switch v := env.eval(forEach, nil); {
		case v.isLst:
			for _, el := range v.list {
				eachs = append(eachs, [2]hclVal{el, el})
			}
		case v.isObj:
			for _, k := range sortedKeys(v.obj) {
				eachs = append(eachs, [2]hclVal{hclStr(k), v.obj[k]})
			}
		default:
			eachs = [][2]hclVal{{}}
		}
	}
	destroy := len(attrs["when"]) > 0 && attrs["when"][0].text == "destroy"
	for n, each := range eachs {
		if n >= 16 {
			return
		}
		env.each = nil
		if each[0].known {
			env.each = &each
		}
		env.steps = 0
		script, resolved := hclResolvedScript(env, items, attrs)
		if !resolved {
			return
		}
		if hclReportWipe(sc, rel, content, script, items[0].line, tool, destroy) {
			return
		}
	}
}

// hclRefWord is a bare reference a command may be built from.
var hclRefWord = lazyRE(`\b(?:var|local|self|each)\.\w`)

// hclResolvedScript returns the block's command as shell text with the
// module's values put in (the environment's variables assigned on the
// first line), each item at its line as hclRunScript lays them out, and
// whether any value was worked out.
func hclResolvedScript(env *hclModuleEnv, items []hclItem, attrs map[string][]hclItem) (string, bool) {
	resolved := false
	var pre strings.Builder
	setEnv := func(name string, v hclVal) {
		if !v.plain() || v.null || !hclEnvName.MatchString(name) {
			return
		}
		resolved = true
		pre.WriteString(name + `="` + hclDoubleQuoted(v.s) + `"; `)
	}
	for _, a := range []string{"environment", "env"} {
		for _, it := range attrs[a] {
			if v := env.eval(it.text, nil); it.bare && v.isObj {
				for _, k := range sortedKeys(v.obj) {
					setEnv(k, v.obj[k])
				}
			}
		}
	}
	for _, it := range attrs["environment_vars"] {
		if it.bare {
			continue
		}
		if v := env.interpolate(it.text, nil); v.plain() {
			if k, val, ok := strings.Cut(v.s, "="); ok {
				setEnv(k, hclStr(val))
			}
		}
	}
	var b strings.Builder
	b.WriteString(pre.String())
	line := items[0].line
	for i, it := range items {
		if i > 0 {
			if it.line > line {
				b.WriteString(strings.Repeat("\n", it.line-line))
				line = it.line
			} else {
				b.WriteString("; ")
			}
		}
		t, ok := hclRenderShell(env, it)
		resolved = resolved || ok
		b.WriteString(t)
		line += strings.Count(t, "\n")
	}
	return b.String(), resolved
}

// hclEnvName is a name a shell variable can have.
var hclEnvName = lazyRE(`^[A-Za-z_]\w*$`)

// hclDoubleQuoted returns s for a double-quoted shell word: its special
// characters escaped, the home folder as $HOME.
func hclDoubleQuoted(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "$", `\$`, "`", "\\`", hclHome, "$HOME")
	return r.Replace(s)
}

// hclRenderShell returns an item's text as the shell gets it, each ${…}
// the module's value (the home folder written $HOME in the quoting
// around it), X where the value is unknown; a bare item is its value.
// It says whether any value was worked out.
func hclRenderShell(env *hclModuleEnv, it hclItem) (string, bool) {
	var b strings.Builder
	quote, esc := byte(0), false
	write := func(s string) {
		for i := 0; i < len(s); i++ {
			c := s[i]
			if c == hclHome[0] {
				switch quote {
				case '\'':
					b.WriteString(`'"$HOME"'`)
				case '"':
					b.WriteString("$HOME")
				default:
					b.WriteString(`"$HOME"`)
				}
				continue
			}
			b.WriteByte(c)
			switch {
			case esc:
				esc = false
			case c == '\\' && quote != '\'':
				esc = true
			case quote == 0 && (c == '\'' || c == '"'):
				quote = c
			case quote != 0 && c == quote:
				quote = 0
			}
		}
	}
	if it.bare {
		v := env.eval(it.text, nil)
		if !v.plain() || v.null {
			return "", false
		}
		write(v.s)
		return b.String(), true
	}
	s, resolved := it.text, false
	for i := 0; i < len(s); i++ {
		switch {
		case strings.HasPrefix(s[i:], "$${"):
			write("${")
			i += 2
		case hclInterpEnd(s, i) > i:
			k := hclInterpEnd(s, i)
			inner := strings.TrimSuffix(strings.TrimPrefix(s[i+2:k-1], "~"), "~")
			if v := env.eval(inner, nil); v.plain() && !v.null {
				write(v.s)
				resolved = true
			} else {
				write("X")
			}
			i = k - 1
		default:
			write(s[i : i+1])
		}
	}
	return b.String(), resolved
}

// hclReportWipe reads script (the resolved command, starting at line) as
// shell and keeps only the removals it finds that the plain reading did
// not, with the source line as evidence.
func hclReportWipe(sc *skillCtx, rel, content, script string, line int, tool string, destroy bool) bool {
	before := len(sc.findings)
	had := map[int]bool{}
	for _, f := range sc.findings[:before] {
		if f.File == rel && f.RuleID == "destructive-command" {
			had[f.Line] = true
		}
	}
	scanShell(sc, rel, script, line, inScript)
	kept := sc.findings[:before]
	src := strings.Split(content, "\n")
	when := "its command runs on the machine that runs " + tool
	if destroy {
		when = "a destroy-time provisioner: it runs at every terraform destroy"
	}
	found := false
	for _, f := range sc.findings[before:] {
		if f.RuleID != "destructive-command" || had[f.Line] {
			continue
		}
		if f.Line >= 1 && f.Line <= len(src) {
			f.Evidence = Escape(strings.TrimSpace(src[f.Line-1]), 160)
		}
		f.Reason += " (with the module's values put in: variable defaults, locals, the resource's own inputs; " + when + ")"
		kept = append(kept, f)
		found = true
	}
	sc.findings = kept
	return found
}
