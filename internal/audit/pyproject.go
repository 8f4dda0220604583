package audit

import (
	"path"
	"sort"
	"strings"

	"github.com/pelletier/go-toml/v2"
)

// A pyproject.toml (or Hatch's hatch.toml) holds commands that Python's
// project tools run by themselves, as package.json's lifecycle scripts
// run on npm install: PDM runs the scripts named after its hooks
// ([tool.pdm.scripts] post_install, pre_build, pre_run …) around its own
// commands (pdm install runs pre_install and post_install), and Hatch
// runs an environment's pre-install-commands and post-install-commands
// when it creates the environment (the first hatch run, hatch shell or
// hatch test). Those commands are read with the shell rules, so a
// post_install of curl … | sh is critical as in a script. A PDM script
// is a command line (a string, {cmd = "…"} or {cmd = [argv]}), a shell
// line ({shell = "…"}), a Python callable ({call = "pkg:fn"}, code of the
// skill read as Python anyway) or a list of other scripts or command
// lines ({composite = […]}, followed). Scripts run only by name (pdm run
// lint, hatch run test) and the build backend's settings are not hooks.

// pdmHooks are the PDM script names PDM runs by itself around its
// commands (pdm-project.org, usage/hooks).
var pdmHooks = []string{"post_init", "pre_install", "post_install", "pre_lock", "post_lock", "post_use", "pre_build", "post_build",
	"pre_publish", "post_publish", "pre_script", "post_script", "pre_run", "post_run"}

// isPyprojectFile reports whether rel is a Python project file whose
// hooks scanPyprojectHooks reads.
func isPyprojectFile(rel string) bool {
	b := path.Base(rel)
	return b == "pyproject.toml" || b == "hatch.toml"
}

// scanPyprojectHooks runs the shell rules over the commands a
// pyproject.toml or hatch.toml has PDM or Hatch run by themselves (see
// above).
func scanPyprojectHooks(sc *skillCtx, rel, text string) {
	if !strings.Contains(text, "pdm") && !strings.Contains(text, "install-commands") {
		return
	}
	var doc map[string]any
	if toml.Unmarshal([]byte(text), &doc) != nil {
		return
	}
	lineOf := func(key string) int {
		// the line that assigns key, bare or quoted
		for off := 0; off < len(text); {
			i := strings.Index(text[off:], key)
			if i < 0 {
				break
			}
			i += off
			off = i + len(key)
			ls := strings.LastIndexByte(text[:i], '\n') + 1
			before := strings.Trim(text[ls:i], " \t\"'")
			after := strings.TrimLeft(strings.TrimPrefix(strings.TrimPrefix(text[off:], `"`), `'`), " \t")
			if before == "" && strings.HasPrefix(after, "=") {
				return 1 + strings.Count(text[:i], "\n")
			}
		}
		return 1
	}
	table := func(m map[string]any, keys ...string) map[string]any {
		for _, k := range keys {
			next, ok := m[k].(map[string]any)
			if !ok {
				return nil
			}
			m = next
		}
		return m
	}
	if path.Base(rel) == "pyproject.toml" {
		if scripts := table(doc, "tool", "pdm", "scripts"); scripts != nil {
			seen := map[string]bool{}
			for _, h := range pdmHooks {
				for _, c := range pdmScriptCommands(scripts, h, seen, 0) {
					scanShell(sc, rel, c.cmd, lineOf(c.script), inScript)
				}
			}
		}
	}
	envs := table(doc, "tool", "hatch", "envs")
	if path.Base(rel) == "hatch.toml" {
		envs = table(doc, "envs")
	}
	names := make([]string, 0, len(envs))
	for n := range envs {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		env, _ := envs[n].(map[string]any)
		for _, key := range []string{"pre-install-commands", "post-install-commands"} {
			for _, cmd := range tomlStrings(env[key]) {
				scanShell(sc, rel, cmd, lineOf(key), inScript)
			}
		}
	}
}

// pdmCommand is a command line PDM runs and the script that holds it.
type pdmCommand struct{ cmd, script string }

// pdmScriptCommands returns the command lines PDM runs for script name of
// scripts: its own, and those of the scripts a composite names
// (followed to depth 8, each once).
func pdmScriptCommands(scripts map[string]any, name string, seen map[string]bool, depth int) []pdmCommand {
	if seen[name] || depth > 8 {
		return nil
	}
	v, ok := scripts[name]
	if !ok {
		return nil
	}
	seen[name] = true
	switch s := v.(type) {
	case string:
		return []pdmCommand{{s, name}}
	case map[string]any:
		var out []pdmCommand
		if c, ok := s["cmd"]; ok {
			if one, ok := c.(string); ok {
				out = append(out, pdmCommand{one, name})
			} else if argv := tomlStrings(c); len(argv) > 0 {
				out = append(out, pdmCommand{shellJoin(argv), name})
			}
		}
		if sh, ok := s["shell"].(string); ok {
			out = append(out, pdmCommand{sh, name})
		}
		for _, step := range tomlStrings(s["composite"]) {
			ref := strings.Fields(step)
			if len(ref) > 0 {
				if _, ok := scripts[ref[0]]; ok {
					out = append(out, pdmScriptCommands(scripts, ref[0], seen, depth+1)...)
					continue
				}
			}
			out = append(out, pdmCommand{step, name})
		}
		return out
	}
	return nil
}

// tomlStrings returns v as a list of strings: a string alone, or the
// strings of an array.
func tomlStrings(v any) []string {
	switch x := v.(type) {
	case string:
		return []string{x}
	case []any:
		var out []string
		for _, e := range x {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

// shellJoin returns argv as one shell line, each word quoted as bash
// reads it back (PDM runs the list itself, with no shell).
func shellJoin(argv []string) string {
	words := make([]string, len(argv))
	for i, w := range argv {
		words[i] = shellQuote(w)
	}
	return strings.Join(words, " ")
}
