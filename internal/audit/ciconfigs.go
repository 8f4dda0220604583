package audit

import (
	"fmt"
	"path"
	"strings"

	"gopkg.in/yaml.v3"
)

// The CI services besides GitHub Actions and GitLab CI (CircleCI,
// Buildkite, Azure Pipelines, Bitbucket Pipelines, Drone, Woodpecker,
// Travis CI, AppVeyor, Codemagic, Tekton) and go-task's Taskfile keep their
// commands under a few keys (run, command, commands, script, bash,
// cmds, cmd, before_script, install ...), and run them with the job's
// secrets in the environment. Their commands are read as shell scripts,
// so a credential file sent or a download piped into a shell is judged
// as in any script; and a secret variable (a name with TOKEN, SECRET,
// PASSWORD or KEY in it; Azure's $(System.AccessToken), the job's Azure
// DevOps token) carried by curl or wget to a host not of the service it
// is for is ci-secret-exposure, critical in a file the skill ships, as
// in a GitHub workflow (ciForeignSend). A file is read as one of these
// by its name (.circleci/config.yml, .buildkite/pipeline.yml,
// azure-pipelines.yml, bitbucket-pipelines.yml, .drone.yml,
// .woodpecker.yml, .travis.yml, appveyor.yml, codemagic.yaml,
// Taskfile.yml) or, under another name, by its shape (a top-level
// pipelines:, kind: pipeline, or version with jobs or tasks whose steps
// hold commands; a Tekton Task or Pipeline by its apiVersion, its steps'
// script read, $(params.x) as a variable).

var (
	// otherCINames are the files these services read, by base name.
	otherCINames = lazySet(".drone.yml", ".woodpecker.yml", ".woodpecker.yaml", ".travis.yml", "appveyor.yml", ".appveyor.yml",
		"codemagic.yaml", "codemagic.yml", "bitbucket-pipelines.yml", "Taskfile.yml", "Taskfile.yaml", "taskfile.yml",
		"Taskfile.dist.yml", "azure-pipelines.yml", "azure-pipelines.yaml")
	// otherCIKeys hold commands.
	otherCIKeys = lazySet("run", "command", "commands", "script", "scripts", "bash", "cmds", "cmd", "before_script",
		"after_script", "before_install", "install", "after_success", "after_failure", "before_deploy", "after_deploy",
		"build_script", "test_script", "deploy_script", "on_success", "on_failure", "init")
	// azureMacro is Azure Pipelines' $(Name.Part) macro.
	azureMacro = lazyRE(`\$\((\w+)\.(\w+)\)`)
	// ciVarRef is a variable a script expands: group 1 or 2 its name.
	ciVarRef = lazyRE(`\$\{(\w+)\}|\$(\w+)`)
)

// isOtherCI reports whether rel, with YAML root root, is a pipeline of
// one of these services (see above).
func isOtherCI(rel string, root *yaml.Node) bool {
	b := path.Base(rel)
	dir := path.Base(path.Dir(rel))
	if otherCINames()[b] || dir == ".circleci" || dir == ".buildkite" || dir == ".woodpecker" ||
		strings.HasPrefix(b, "azure-pipelines") && (strings.HasSuffix(b, ".yml") || strings.HasSuffix(b, ".yaml")) {
		return true
	}
	if root == nil || root.Kind != yaml.MappingNode {
		return false
	}
	if mapGet(root, "pipelines") != nil || valueOf(mapGet(root, "kind")) == "pipeline" {
		return true
	}
	if strings.HasPrefix(valueOf(mapGet(root, "apiVersion")), "tekton.dev/") {
		return true // a Tekton Task or Pipeline: its steps' scripts
	}
	if mapGet(root, "version") != nil && (mapGet(root, "jobs") != nil || mapGet(root, "tasks") != nil) {
		return true
	}
	if azureStepTemplate(mapGet(root, "steps")) {
		return true
	}
	return mapGet(root, "trigger") != nil && (mapGet(root, "steps") != nil || mapGet(root, "stages") != nil || mapGet(root, "jobs") != nil)
}

// azureStepTemplate reports whether steps is an Azure Pipelines step
// list (a template's steps:): one step at least is a task, pwsh,
// powershell or bash step.
func azureStepTemplate(steps *yaml.Node) bool {
	if steps == nil || steps.Kind != yaml.SequenceNode {
		return false
	}
	for _, st := range steps.Content {
		for _, k := range []string{"task", "pwsh", "powershell", "bash"} {
			if mapGet(st, k) != nil {
				return true
			}
		}
	}
	return false
}

// otherCIScript is one command script of a pipeline and its line.
type otherCIScript struct {
	text string
	line int
	ps   bool // a PowerShell script (Azure Pipelines' pwsh and powershell steps)
}

// otherCIScripts returns the command scripts under otherCIKeys in n.
func otherCIScripts(n *yaml.Node, depth int, out *[]otherCIScript) {
	if n == nil || depth > 16 || len(*out) >= 256 {
		return
	}
	switch n.Kind {
	case yaml.DocumentNode, yaml.SequenceNode:
		for _, c := range n.Content {
			otherCIScripts(c, depth+1, out)
		}
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if (k.Value == "pwsh" || k.Value == "powershell") && v.Kind == yaml.ScalarNode {
				*out = append(*out, otherCIScript{v.Value, blockLine(v, nodeLine), true})
				continue
			}
			if !otherCIKeys()[k.Value] {
				otherCIScripts(v, depth+1, out)
				continue
			}
			switch v.Kind {
			case yaml.ScalarNode:
				*out = append(*out, otherCIScript{v.Value, blockLine(v, nodeLine), false})
			case yaml.SequenceNode:
				var lines []string
				for _, it := range v.Content {
					switch {
					case it.Kind == yaml.ScalarNode:
						lines = append(lines, it.Value)
					case it.Kind == yaml.MappingNode && valueOf(mapGet(it, "cmd")) != "":
						lines = append(lines, valueOf(mapGet(it, "cmd")))
					}
				}
				if len(lines) > 0 {
					*out = append(*out, otherCIScript{strings.Join(lines, "\n"), v.Line, false})
				}
			case yaml.MappingNode:
				otherCIScripts(v, depth+1, out)
			}
		}
	}
}

// scanOtherCI runs the shell rules over a pipeline's commands and
// reports a secret variable sent to another service's host (see above).
func scanOtherCI(sc *skillCtx, rel, text string, line0 int, w where) {
	var doc yaml.Node
	if yaml.Unmarshal([]byte(text), &doc) != nil || len(doc.Content) == 0 || !isOtherCI(rel, doc.Content[0]) {
		return
	}
	var scripts []otherCIScript
	otherCIScripts(&doc, 0, &scripts)
	sev, suffix := ciWhere(sc, w)
	for _, s := range scripts {
		script := azureMacro.ReplaceAllStringFunc(s.text, func(m string) string {
			p := azureMacro.FindStringSubmatch(m)
			if strings.EqualFold(p[1]+"."+p[2], "System.AccessToken") {
				return "${AZDO_SYSTEM_ACCESSTOKEN}"
			}
			return "${" + strings.ToUpper(p[1]+"_"+p[2]) + "}"
		})
		ln := line0 + s.line - 1
		before := len(sc.findings)
		if s.ps {
			scanPowerShell(sc, rel, script, ln, w)
			scanOtherTaintIn(sc, rel, "step.ps1", script, ln)
		} else {
			scanShell(sc, rel, script, ln, w)
		}
		// the job's home is the runner's, holding what the pipeline put
		// there (a deploy key written to ~/.ssh from a secret): reads
		// of it are the job's own; sends are judged as anywhere
		kept := sc.findings[:before]
		for _, f := range sc.findings[before:] {
			if f.RuleID != "credential-read" {
				kept = append(kept, f)
			}
		}
		sc.findings = kept
		if scanCISecretVars(sc, rel, script, ln, sev, suffix) {
			return
		}
	}
}

// scanCISecretVars reports the first secret variable (psSecretVar) a CI
// shell script whose first line is file line ln sends with curl or wget
// to a host not of the service it is for (ciForeignSend), and whether
// it found one.
func scanCISecretVars(sc *skillCtx, rel, script string, ln int, sev Severity, suffix string) bool {
	seen := map[string]bool{}
	for _, m := range ciVarRef.FindAllStringSubmatch(script, 32) {
		name := m[1] + m[2]
		if seen[name] {
			continue
		}
		seen[name] = true
		if secret, _ := psSecretVar(name); !secret {
			continue
		}
		sends := ciShellSends(rel, script, ln, map[string]bool{name: true})
		if send, host, ok := ciForeignSend(ciServiceLabels(name, ""), sends); ok {
			sc.add(rel, send.line, "ci-secret-exposure", sev,
				fmt.Sprintf("sends the CI secret $%s to %s, not a host of the service it is for%s", name, host, suffix), send.text)
			return true
		}
	}
	return false
}

// justRecipe is a justfile recipe's header line.
var justRecipe = lazyRE(`^@?[A-Za-z_][\w-]*(?:\s+[^:=]*)?:(?:[^=]|$)`)

// isJustfile reports whether rel is a justfile (just's command runner).
func isJustfile(rel string) bool {
	b := strings.ToLower(path.Base(rel))
	return b == "justfile" || b == ".justfile" || strings.HasSuffix(b, ".just")
}

// justShell returns a justfile's recipe lines as a shell script (other
// lines blank, so lines keep their numbers): the lines indented under a
// recipe header, without just's @ and - prefixes, {{ var }} read as $var.
// A recipe whose body opens with a shebang (#!/usr/bin/env python3) is
// a script of that language, not shell: its lines are blank here and
// justScripts reads them.
func justShell(content string) string {
	lines := strings.Split(content, "\n")
	in, first, script := false, false, false
	for i, l := range lines {
		switch {
		case justRecipe.MatchString(l):
			in, first, script = true, true, false
			lines[i] = ""
		case in && (strings.HasPrefix(l, " ") || strings.HasPrefix(l, "\t")):
			l = strings.TrimLeft(strings.TrimLeft(l, " \t"), "@-")
			if first {
				k, ok := shebangKind(l)
				script, first = ok && k != kindShell, false
			}
			if script {
				lines[i] = ""
				continue
			}
			lines[i] = justInterp.ReplaceAllString(l, "$${$1}")
		case strings.TrimSpace(l) == "":
			lines[i] = ""
		default:
			in = false
			lines[i] = ""
		}
	}
	return strings.Join(lines, "\n")
}

// justScript is a justfile recipe written in another language: its kind
// (from its shebang) and the justfile's text with every other line
// blank and the recipe's lines less their indent, so lines keep their
// numbers.
type justScript struct {
	kind fileKind
	text string
}

// justScripts returns the recipes of a justfile whose body opens with a
// Python or JavaScript shebang (shell ones are justShell's).
func justScripts(content string) []justScript {
	src := strings.Split(content, "\n")
	var out []justScript
	for i := 0; i+1 < len(src); i++ {
		if !justRecipe.MatchString(src[i]) {
			continue
		}
		first := src[i+1]
		body := strings.TrimLeft(first, " \t")
		indent := first[:len(first)-len(body)]
		if indent == "" || !strings.HasPrefix(body, "#!") {
			continue
		}
		k, ok := shebangKind(body)
		if !ok || k == kindShell {
			continue
		}
		lines := make([]string, len(src))
		for j := i + 1; j < len(src); j++ {
			l := src[j]
			if strings.TrimSpace(l) == "" {
				continue
			}
			if !strings.HasPrefix(l, indent) {
				break
			}
			lines[j] = strings.TrimPrefix(l, indent)
		}
		out = append(out, justScript{k, strings.Join(lines, "\n")})
	}
	return out
}

// justInterp is just's {{ name }} interpolation.
var justInterp = lazyRE(`\{\{\s*(\w+)\s*\}\}`)
