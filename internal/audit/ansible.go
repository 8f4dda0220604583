package audit

import (
	"context"
	"fmt"
	"path"
	"strings"

	"github.com/skilldex/skilldex/index"
	"gopkg.in/yaml.v3"
)

// Ansible playbooks and task files run their tasks with the user's
// rights (on localhost, the user's machine) when the skill tells the
// agent to run ansible-playbook. The command modules (shell, command,
// raw, in their ansible.builtin and ansible.legacy names too) hand their
// command line to the shell, so it is read as a script: home written the
// Jinja way ({{ lookup('env', 'HOME') }}, {{ ansible_env.HOME }},
// {{ ansible_user_dir }}) is $HOME. A credential file read by the slurp
// module or a file lookup ({{ lookup('file', '~/.ssh/id_rsa') }}) in a
// file whose tasks also send over HTTP (the uri module, or a command
// module running curl or wget) is credential-exfil, critical. Rule
// persistence: a cron task (its job read as shell too; critical when it
// runs a network tool or as root, high otherwise), an authorized_key task
// (critical: whoever holds the key logs in), and a lineinfile,
// blockinfile, copy or template task writing a shell startup file,
// crontab or /etc/bash.bashrc (critical).

var (
	// ansibleHome is home in Jinja: an env lookup of HOME, the facts'
	// home folder.
	ansibleHome = lazyRE(`\{\{-?\s*(?:lookup\(\s*['"](?:ansible\.builtin\.)?env['"]\s*,\s*['"]HOME['"]\s*\)|ansible_env\.HOME|ansible_env\[\s*['"]HOME['"]\s*\]|ansible_user_dir)\s*-?\}\}`)
	// ansibleFileLookup is a file lookup; group 1 the path.
	ansibleFileLookup = lazyRE(`lookup\(\s*['"](?:ansible\.builtin\.)?file['"]\s*,\s*['"]([^'"]+)['"]`)
)

// ansibleModules sorts the module names the rules read.
var (
	ansibleShellModules = lazySet("shell", "command", "raw", "ansible.builtin.shell", "ansible.builtin.command",
		"ansible.builtin.raw", "ansible.legacy.shell", "ansible.legacy.command", "ansible.legacy.raw")
	ansibleSlurpModules = lazySet("slurp", "ansible.builtin.slurp", "ansible.legacy.slurp")
	ansibleHTTPModules  = lazySet("uri", "ansible.builtin.uri", "ansible.legacy.uri")
	ansibleCronModules  = lazySet("cron", "ansible.builtin.cron", "ansible.legacy.cron")
	ansibleKeyModules   = lazySet("authorized_key", "ansible.posix.authorized_key")
	ansibleLineModules  = lazySet("lineinfile", "blockinfile", "copy", "template", "ansible.builtin.lineinfile",
		"ansible.builtin.blockinfile", "ansible.builtin.copy", "ansible.builtin.template")
	ansibleFileModules = lazySet("file", "ansible.builtin.file", "ansible.legacy.file")
	// ansiblePlayKeys are the keys of a play that hold tasks.
	ansiblePlayKeys = []string{"tasks", "pre_tasks", "post_tasks", "handlers", "block", "rescue", "always"}
)

// ansibleTask is one task: the module it calls, its argument, its line,
// and the task itself (its loop).
type ansibleTask struct {
	module string
	arg    *yaml.Node
	line   int
	task   *yaml.Node
	// root is the parsed file's top node (its plays' vars hold loop
	// lists).
	root *yaml.Node
}

// ansibleTasks returns the tasks of a playbook or task file (a YAML
// sequence of plays or of tasks), nil when text is not one.
func ansibleTasks(text string) []ansibleTask {
	if !strings.Contains(text, "ansible") && !strings.Contains(text, "hosts:") && !strings.Contains(text, "shell:") &&
		!strings.Contains(text, "command:") {
		return nil
	}
	var doc yaml.Node
	if yaml.Unmarshal([]byte(text), &doc) != nil || len(doc.Content) == 0 || doc.Content[0].Kind != yaml.SequenceNode {
		return nil
	}
	var out []ansibleTask
	var walk func(seq *yaml.Node, depth int)
	walk = func(seq *yaml.Node, depth int) {
		if depth > 8 || seq == nil || seq.Kind != yaml.SequenceNode {
			return
		}
		for _, item := range seq.Content {
			if item.Kind != yaml.MappingNode {
				continue
			}
			for _, k := range ansiblePlayKeys {
				walk(mapGet(item, k), depth+1)
			}
			for i := 0; i+1 < len(item.Content); i += 2 {
				name := item.Content[i].Value
				if ansibleShellModules()[name] || ansibleSlurpModules()[name] || ansibleHTTPModules()[name] ||
					ansibleCronModules()[name] || ansibleKeyModules()[name] || ansibleLineModules()[name] || ansibleFileModules()[name] {
					out = append(out, ansibleTask{module: name, arg: item.Content[i+1], line: item.Content[i].Line, task: item, root: doc.Content[0]})
				}
			}
		}
	}
	root := doc.Content[0]
	walk(root, 0)
	if len(out) == 0 {
		return nil
	}
	// a plain list of mappings that merely uses these key names (a
	// command palette's entries) is not a playbook: one task at least
	// names its module the Ansible way or the file has plays
	for _, item := range root.Content {
		if mapGet(item, "hosts") != nil || mapGet(item, "name") != nil {
			return out
		}
	}
	return nil
}

// ansibleCommand returns the command line a command module runs: its
// free-form string, or its cmd or argv.
func ansibleCommand(arg *yaml.Node) string {
	switch arg.Kind {
	case yaml.ScalarNode:
		return arg.Value
	case yaml.MappingNode:
		if c := mapGet(arg, "cmd"); c != nil && c.Kind == yaml.ScalarNode {
			return c.Value
		}
		if a := mapGet(arg, "argv"); a != nil && a.Kind == yaml.SequenceNode {
			var words []string
			for _, w := range a.Content {
				words = append(words, w.Value)
			}
			return cmakeShellLine(words)
		}
	}
	return ""
}

// scanAnsible runs the Ansible rules (see above) over a playbook or task
// file whose first line is file line line0.
func scanAnsible(sc *skillCtx, rel, text string, line0 int, w where) {
	tasks := ansibleTasks(text)
	if tasks == nil {
		scanAnsibleVarLookups(sc, rel, text, line0, w)
		return
	}
	home := func(s string) string { return ansibleHome.ReplaceAllString(s, "$$HOME") }
	readLine, sendLine, read := 0, 0, ""
	for _, t := range tasks {
		ln := line0 + t.line - 1
		switch {
		case ansibleShellModules()[t.module]:
			cmd := home(ansibleCommand(t.arg))
			if strings.TrimSpace(cmd) == "" {
				continue
			}
			before := len(sc.findings)
			scanShell(sc, rel, cmd, ln, w)
			for i := before; i < len(sc.findings); i++ {
				sc.findings[i].Line = ln
			}
			if sendLine == 0 && netToolRun.MatchString(cmd) {
				sendLine = ln
			}
		case ansibleSlurpModules()[t.module]:
			if src := mapGet(t.arg, "src"); src != nil && readLine == 0 && credIn(home(src.Value)) {
				readLine, read = ln, home(src.Value)
			}
		case ansibleHTTPModules()[t.module]:
			if sendLine == 0 {
				sendLine = ln
			}
		case ansibleCronModules()[t.module]:
			job := home(valueOf(mapGet(t.arg, "job")))
			if strings.TrimSpace(job) == "" || valueOf(mapGet(t.arg, "state")) == "absent" {
				continue
			}
			scanShell(sc, rel, job, ln, w)
			sev := High
			if netToolRun.MatchString(" "+job) || valueOf(mapGet(t.arg, "user")) == "root" {
				sev = Critical
			}
			sc.add(rel, ln, "persistence", sc.rank(sev, w, false), "installs a cron job ("+strings.TrimSpace(job)+"): it runs on a schedule with no one asking", trimmedLine(text, t.line))
		case ansibleKeyModules()[t.module]:
			if valueOf(mapGet(t.arg, "state")) == "absent" {
				continue
			}
			sc.add(rel, ln, "persistence", sc.rank(Critical, w, false), "adds an SSH key to authorized_keys: whoever holds its private half logs in to this machine", trimmedLine(text, t.line))
		case ansibleFileModules()[t.module]:
			if valueOf(mapGet(t.arg, "state")) != "absent" {
				continue
			}
			// each path the task removes, read as rm -rf of it by the
			// shell rules (a key folder or home itself is
			// destructive-command)
			for _, p := range ansibleRemoved(t, sc.linked) {
				before := len(sc.findings)
				p = strings.ReplaceAll(ansibleJinjaRest.ReplaceAllString(home(p), ""), `"`, "")
				scanShell(sc, rel, `rm -rf "`+p+`"`, ln, w)
				for i := before; i < len(sc.findings); i++ {
					sc.findings[i].Line, sc.findings[i].Evidence = ln, Escape("file: path="+p+" state=absent", 120)
				}
			}
		case ansibleLineModules()[t.module]:
			dest := home(valueOf(mapGet(t.arg, "path")) + valueOf(mapGet(t.arg, "dest")))
			if persistTarget.MatchString(dest) || strings.HasPrefix(dest, "/etc/bash.bashrc") || strings.HasPrefix(dest, "/etc/profile") {
				sc.add(rel, ln, "persistence", sc.rank(Critical, w, false), "writes "+dest+": what it holds runs at every login or on a schedule", trimmedLine(text, t.line))
			}
		}
	}
	if readLine == 0 {
		for _, m := range ansibleFileLookup.FindAllStringSubmatchIndex(text, 8) {
			if p := home(text[m[2]:m[3]]); credIn(p) {
				readLine, read = line0+strings.Count(text[:m[0]], "\n"), p
				break
			}
		}
	}
	if sendLine > 0 && readLine == 0 {
		if ln, what := ansibleVarsHarvest(text, sc.linked); ln > 0 {
			sc.add(rel, line0+ln-1, "credential-exfil", sc.rank(Critical, w, false),
				fmt.Sprintf("collects %s and the same file sends data over HTTP (line %d): a CI job's secrets and site variables are variables", what, sendLine), trimmedLine(text, ln))
			return
		}
	}
	if readLine == 0 || sendLine == 0 {
		return
	}
	sc.add(rel, sendLine, "credential-exfil", sc.rank(Critical, w, false),
		fmt.Sprintf("reads %s (line %d) and sends data over HTTP in the same playbook", read, readLine), trimmedLine(text, sendLine-line0+1))
}

// netToolRun is a command line starting a network tool.
var netToolRun = lazyRE(`(?:^|[\s;|&(])` + netToolName + `\s`)

// ansibleAnyLookup is a Jinja lookup or query of files (file, fileglob,
// first_found): group 1 its path expression, up to the closing
// parenthesis of a call nested once (lookup('env', 'HOME') + '/.ssh/id_*').
var ansibleAnyLookup = lazyRE(`(?:lookup|query)\(\s*['"](?:ansible\.builtin\.)?(?:file|fileglob|first_found)['"]\s*,\s*((?:[^()\n]|\([^()\n]*\))*)\)`)

// ansibleJinjaHome is home inside a Jinja expression, with the string
// concatenation after it: lookup('env', 'HOME') + '/.ssh/id_*'.
var ansibleJinjaHome = lazyRE(`(?:lookup\(\s*['"](?:ansible\.builtin\.)?env['"]\s*,\s*['"]HOME['"]\s*\)|ansible_env\.HOME|ansible_user_dir)\s*(?:\+|~)\s*['"]`)

// scanAnsibleVarLookups reports a credential file read by a Jinja file
// lookup in an Ansible variables file (a role's defaults/main.yml or
// vars/main.yml, group_vars, host_vars: no tasks of its own): the
// variable holds the controller's key or credential file for the
// role's tasks to use (query('fileglob', lookup('env', 'HOME') +
// '/.ssh/id_*')). credential-read, high: a role has no business reading
// the controller's private keys; what its tasks do with them is
// another file's.
func scanAnsibleVarLookups(sc *skillCtx, rel, text string, line0 int, w where) {
	if !strings.Contains(text, "lookup(") && !strings.Contains(text, "query(") {
		return
	}
	for _, m := range ansibleAnyLookup.FindAllStringSubmatchIndex(text, 16) {
		p := ansibleJinjaHome.ReplaceAllString(text[m[2]:m[3]], "'$$HOME")
		p = ansibleHome.ReplaceAllString(p, "$$HOME")
		for _, lit := range quotedLit.FindAllString(p, -1) {
			if credIn(lit) {
				ln := 1 + strings.Count(text[:m[0]], "\n")
				sc.add(rel, line0+ln-1, "credential-read", sc.rank(High, w, false),
					"looks up "+strings.Trim(lit, `'"`)+" on the controller, a key or credential file, for the playbook's tasks", trimmedLine(text, ln))
				return
			}
		}
	}
}

// ansibleJinjaRest is a Jinja expression left once home is $HOME: a
// variable whose value is not known here, read as empty (a default of
// ” is the common case, and the path then stops at its parent).
var ansibleJinjaRest = lazyRE(`\{\{[^}]*\}\}`)

// ansibleRemoved returns the paths a file task with state absent
// removes: its path (or dest, name) as written, or, when that is the
// loop's item, the loop's items: a list in the task, or a variable
// (loop: "{{ paths }}", with_items) whose list a play's vars in the file
// or a role's variables file (linked, ansibleVarsOf) sets. At most 64.
func ansibleRemoved(t ansibleTask, linked []linkedFile) []string {
	p := valueOf(mapGet(t.arg, "path")) + valueOf(mapGet(t.arg, "dest")) + valueOf(mapGet(t.arg, "name"))
	if !ansibleItem.MatchString(p) {
		if p == "" {
			return nil
		}
		if m := ansibleVarRef.FindStringSubmatch(p); m != nil {
			// the path is one variable: the value a play's vars or the
			// role's variables file gives it; a variable set nowhere here
			// is a path not known, not the empty one (a role's rollback
			// removing "{{ dropin }}" its defaults name is no rm -rf /)
			v := ansibleScalarVarIn(t.root, m[1])
			for _, l := range linked {
				if v != "" {
					break
				}
				v = ansibleScalarVar(l.text, m[1])
			}
			if v == "" || ansibleVarRef.MatchString(v) {
				return nil
			}
			return []string{v}
		}
		return []string{p}
	}
	loop := mapGet(t.task, "loop")
	if loop == nil {
		loop = mapGet(t.task, "with_items")
	}
	if loop == nil {
		return nil
	}
	items := seqValues(loop)
	if loop.Kind == yaml.ScalarNode {
		m := ansibleVarRef.FindStringSubmatch(loop.Value)
		if m == nil {
			return nil
		}
		items = ansibleVarListIn(t.root, m[1])
		for _, l := range linked {
			if items != nil {
				break
			}
			items = ansibleVarList(l.text, m[1])
		}
	}
	var out []string
	for _, it := range items {
		if len(out) == 64 {
			break
		}
		out = append(out, strings.ReplaceAll(p, ansibleItem.FindString(p), it))
	}
	return out
}

var (
	// ansibleItem is the loop's item in a Jinja expression.
	ansibleItem = lazyRE(`\{\{-?\s*item\s*-?\}\}`)
	// ansibleVarRef is a loop over one variable: group 1 its name.
	ansibleVarRef = lazyRE(`^\s*\{\{-?\s*([A-Za-z_]\w*)\s*-?\}\}\s*$`)
)

// seqValues returns the scalar values of a YAML sequence node.
func seqValues(n *yaml.Node) []string {
	if n == nil || n.Kind != yaml.SequenceNode {
		return nil
	}
	var out []string
	for _, c := range n.Content {
		if c.Kind == yaml.ScalarNode {
			out = append(out, c.Value)
		}
	}
	return out
}

// ansibleVarList returns the list variable name holds in text: a
// variables file's top-level key, or a play's vars, nil when it sets
// none.
func ansibleVarList(text, name string) []string {
	if !strings.Contains(text, name) {
		return nil
	}
	var doc yaml.Node
	if yaml.Unmarshal([]byte(text), &doc) != nil || len(doc.Content) == 0 {
		return nil
	}
	return ansibleVarListIn(doc.Content[0], name)
}

// ansibleVarListIn is ansibleVarList over a parsed file's top node.
func ansibleVarListIn(root *yaml.Node, name string) []string {
	if root == nil {
		return nil
	}
	if root.Kind == yaml.MappingNode {
		return seqValues(mapGet(root, name))
	}
	if root.Kind == yaml.SequenceNode {
		for _, play := range root.Content {
			if vs := seqValues(mapGet(mapGet(play, "vars"), name)); vs != nil {
				return vs
			}
		}
	}
	return nil
}

// ansibleVarPath is a task's path (dest, name) that is one variable
// ("{{ dropin }}"): the path a removal names is that variable's value,
// set in the role's variables files (ansibleRemoved).
var ansibleVarPath = lazyRE(`(?m)^\s*(?:path|dest|name):\s*["']?\{\{-?\s*[A-Za-z_]\w*\s*-?\}\}["']?\s*$`)

// ansibleVarsOf returns a role's variables files (defaults/*.yml,
// vars/*.yml, group_vars and host_vars) for a task file rel that removes
// files in a loop or at a path that is one variable (ansibleVarPath), or that enumerates every variable (ansibleVarsDump),
// each linked as data, up to maxLinked: the loop's list, or the name
// pattern the enumeration is filtered by, is set there.
func ansibleVarsOf(ctx context.Context, src Source, s index.Skill, rel, content string, files []string) []linkedFile {
	if ext := strings.ToLower(path.Ext(rel)); ext != ".yml" && ext != ".yaml" || (!strings.Contains(content, "absent") ||
		!strings.Contains(content, "loop:") && !strings.Contains(content, "with_items:") && !ansibleVarPath.MatchString(content)) && !ansibleVarsDump.MatchString(content) {
		return nil
	}
	return readLinks(ctx, src, s, rel, files, maxLinked, func(f string) bool {
		ext, d := strings.ToLower(path.Ext(f)), "/"+path.Dir(f)+"/"
		return (ext == ".yml" || ext == ".yaml") && (strings.Contains(d, "/defaults/") || strings.Contains(d, "/vars/") || strings.Contains(d, "/group_vars/") || strings.Contains(d, "/host_vars/"))
	}, func(f, text string) *linkedFile { return &linkedFile{rel: f, text: text, data: true} })
}

// ansibleVarsDump is a Jinja enumeration of every variable a play sees
// (vars, hostvars[host], the executor's ansible_env) turned into a list
// or a text (dict2items, items(), to_json...); group 1 the rest of the
// expression, where a selectattr filter on the names may follow. Zuul
// and AWX hand a job's secrets and site variables to the play as
// variables, so enumerating them is reading every secret the job holds.
var ansibleVarsDump = lazyRE(`\{\{-?\s*(?:vars|hostvars(?:\[[^\]\n]*\])?|ansible_env|ansible_facts\.env)\s*(?:\|\s*default\([^()\n]*\)\s*)?(?:\|\s*(?:dict2items|to_json|to_nice_json|to_yaml|to_nice_yaml|list)\b|\.items\(\))([^}]*)\}\}`)

// ansibleKeyFilter is a selectattr test on the names of such a list:
// group 1 its pattern literal, group 2 the variable holding it.
var ansibleKeyFilter = lazyRE(`selectattr\(\s*['"]key['"]\s*,\s*['"](?:match|search|regex|contains|in)['"]\s*,\s*(?:['"]([^'"]*)['"]|([A-Za-z_]\w*))`)

// ansibleVarsHarvest returns the line (1-based in text) and a
// description of the first enumeration of every variable
// (ansibleVarsDump) that keeps secret ones: unfiltered, or filtered by
// names matching a pattern that holds a secret word (envSecretWord),
// written in the expression or set in the file's play vars or a role's
// variables file (linked). A filter on the role's own prefix
// (selectattr('key', 'match', '^coverage_')) is its settings: 0.
func ansibleVarsHarvest(text string, linked []linkedFile) (int, string) {
	if !strings.Contains(text, "{{") {
		return 0, ""
	}
	for _, m := range ansibleVarsDump.FindAllStringSubmatchIndex(text, 8) {
		rest := text[m[2]:m[3]]
		what := "every variable of the play"
		if f := ansibleKeyFilter.FindStringSubmatch(rest); f != nil {
			pat := f[1]
			if f[2] != "" {
				pat = ansibleScalarVar(text, f[2])
				for _, l := range linked {
					if pat == "" {
						pat = ansibleScalarVar(l.text, f[2])
					}
				}
			}
			if !envSecretWord.MatchString(pat) {
				continue
			}
			what = "the variables whose names match " + strings.TrimSpace(pat)
		} else if strings.Contains(rest, "selectattr(") || strings.Contains(rest, "rejectattr(") {
			continue // a filter not on names: not read here
		}
		return 1 + strings.Count(text[:m[0]], "\n"), what
	}
	return 0, ""
}

// ansibleScalarVar returns the string variable name holds in text: a
// variables file's top-level key or a play's vars, "" when it sets none.
func ansibleScalarVar(text, name string) string {
	if !strings.Contains(text, name) {
		return ""
	}
	var doc yaml.Node
	if yaml.Unmarshal([]byte(text), &doc) != nil || len(doc.Content) == 0 {
		return ""
	}
	return ansibleScalarVarIn(doc.Content[0], name)
}

// ansibleScalarVarIn is ansibleScalarVar of a parsed file's root node.
func ansibleScalarVarIn(root *yaml.Node, name string) string {
	if root == nil {
		return ""
	}
	if root.Kind == yaml.MappingNode {
		return valueOf(mapGet(root, name))
	}
	if root.Kind == yaml.SequenceNode {
		for _, play := range root.Content {
			if v := valueOf(mapGet(mapGet(play, "vars"), name)); v != "" {
				return v
			}
		}
	}
	return ""
}
