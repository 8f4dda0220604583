package audit

import (
	"fmt"
	"maps"
	"strings"

	"gopkg.in/yaml.v3"
)

// GitHub Actions workflows (a .github/workflows file, a workflow template a
// skill copies there, or one quoted in its documentation) are read with
// yaml.v3: every step's run: script goes to the shell rules (PowerShell
// or Python by its shell:), every actions/github-script script to the
// JavaScript rules, and two rules of their own run over the whole
// workflow (rules ci-secret-exposure and ci-pwn-request, see Rules).

// looksLikeWorkflow is the cheap test before the YAML is parsed: a
// workflow has jobs with steps or a runner.
func looksLikeWorkflow(text string) bool {
	return strings.Contains(text, "jobs:") && (strings.Contains(text, "steps:") || strings.Contains(text, "runs-on:"))
}

// scanCIConfig runs the rules of CI and container settings over a
// settings text (a file or a code block) whose first line is file line
// line0: a GitHub Actions workflow or GitLab CI file, a dev container's
// devcontainer.json, or a Compose file.
func scanCIConfig(sc *skillCtx, rel, text string, line0 int, w where) {
	if looksLikeWorkflow(text) {
		scanWorkflow(sc, rel, text, line0, w)
	} else if looksLikeCompositeAction(text) {
		scanCompositeAction(sc, rel, text, line0, w)
	} else if looksLikeGitLabCI(rel, text) {
		scanGitLabCI(sc, rel, text, line0, w)
	}
	scanAnsible(sc, rel, text, line0, w)
	scanOtherCI(sc, rel, text, line0, w)
	scanGoReleaserAnnounce(sc, rel, text, line0, w)
	scanHelmPlugin(sc, rel, text, line0, w)
	if looksLikeDevcontainer(rel, text) {
		scanDevcontainer(sc, rel, text, line0, w)
	} else if looksLikeCompose(text) {
		scanCompose(sc, rel, text, line0, w)
	}
}

var (
	// ghExpr matches a GitHub Actions expression, ${{ … }}.
	ghExpr = lazyRE(`\$\{\{\s*(.*?)\s*\}\}`)
	// wholeSecrets matches an expression that yields every secret at
	// once: the secrets context itself, or a function of it.
	wholeSecrets = lazyRE(`(?i)^secrets$|\b(?:tojson|join|format|tostring|fromjson)\s*\(\s*secrets\s*[,)]`)
	// ghSecretRef matches an expression that reads one secret.
	ghSecretRef = lazyRE(`(?i)\bsecrets\.\w+|\bsecrets\[`)
	// secretEncoder matches a pipe into an encoder: a secret printed
	// through it reaches the log past the runner's masking, which only
	// hides the secret's exact text.
	secretEncoder = lazyRE(`\|\s*(?:base64|base32|basenc|xxd|od|hexdump|rev|openssl\s+(?:base64|enc)|sed\s+['"]?s/\./)`)
	// prCode matches an expression naming the pull request's own code:
	// its head commit, branch or repository, or its merge ref.
	prCode = lazyRE(`github\.event\.pull_request\.head\.(?:sha|ref|repo)|github\.head_ref|github\.event\.workflow_run\.head_(?:sha|branch|repository)|refs/pull/|github\.event\.pull_request\.merge_commit_sha`)
	// prFetch matches a run script fetching the pull request's code.
	prFetch = lazyRE(`\bgh\s+pr\s+checkout\b|\bgit\s+fetch\b[^\n]*\bpull/|\bgit\s+(?:checkout|switch)\b[^\n]*\$\{\{\s*github\.(?:head_ref|event\.pull_request\.head)`)
)

// ghStep is one step of a job as the rules need it.
type ghStep struct {
	node       *yaml.Node
	uses       string
	run, shell *yaml.Node
	with       map[string]*yaml.Node
	// checksOutPR is set for a step that checks out the pull request's
	// code (its ref or repository, or a fetch in its script), at line
	// checkoutAtLine.
	checksOutPR    bool
	checkoutAtLine int
}

// scanWorkflow parses a workflow and runs its rules. A text that is not
// YAML (a fragment with … in a document) is left to the other rules.
func scanWorkflow(sc *skillCtx, rel, text string, line0 int, w where) {
	root := parseCIYAML(text)
	if root == nil {
		return
	}
	jobs := mapGet(root, "jobs")
	if jobs == nil || jobs.Kind != yaml.MappingNode {
		return
	}
	at := func(n *yaml.Node) int { return line0 + n.Line - 1 }
	scanSecretExposure(sc, rel, root, at, w)
	prTrigger := ""
	if on := mapGet(root, "on"); on != nil {
		for _, t := range []string{"pull_request_target", "workflow_run"} {
			if hasTrigger(on, t) {
				prTrigger = t
				break
			}
		}
	}
	defShell := defaultShell(root)
	for i := 1; i < len(jobs.Content); i += 2 {
		job := jobs.Content[i]
		if job.Kind != yaml.MappingNode {
			continue
		}
		jobEnv := map[string]*yaml.Node{}
		addEnv(jobEnv, mapGet(root, "env"))
		addEnv(jobEnv, mapGet(job, "env"))
		shell := defShell
		if s := defaultShell(job); s != "" {
			shell = s
		}
		steps := mapGet(job, "steps")
		if steps == nil || steps.Kind != yaml.SequenceNode {
			continue
		}
		var checkout *ghStep
		for _, sn := range steps.Content {
			st := readStep(sn)
			if st == nil {
				continue
			}
			if st.run != nil {
				sh := shell
				if st.shell != nil {
					sh = st.shell.Value
				}
				scanRunScript(sc, rel, st.run, sh, at, w)
				env := maps.Clone(jobEnv)
				addEnv(env, mapGet(sn, "env"))
				scanStepSecretSend(sc, rel, st, sh, env, at, w)
			}
			if strings.HasPrefix(st.uses, "actions/github-script") {
				if s := st.with["script"]; s != nil && s.Kind == yaml.ScalarNode {
					scanCode(sc, rel, s.Value, blockLine(s, at), kindJS, w)
				}
			}
			scanLocalActionSecret(sc, rel, st, at, w)
			if prTrigger == "" {
				continue
			}
			if checkout == nil && st.checksOutPR {
				if st.run != nil && runsAfterFetch(st.run.Value) {
					reportPwnRequest(sc, rel, prTrigger, st, st, at, w) // fetched and run in one script
					continue
				}
				checkout = st
				continue
			}
			if checkout != nil && (st.run != nil || strings.HasPrefix(st.uses, "./")) {
				reportPwnRequest(sc, rel, prTrigger, checkout, st, at, w)
				checkout = nil // once per checkout
			}
		}
	}
}

// reportPwnRequest reports a job that checks out a pull request's code
// under a trigger that runs with the base repository's secrets and
// write token, then runs it: the "pwn request".
func reportPwnRequest(sc *skillCtx, rel, trigger string, checkout, runner *ghStep, at func(*yaml.Node) int, w where) {
	what := "runs a script"
	if runner.run == nil {
		what = "runs the local action " + runner.uses
	}
	reason := fmt.Sprintf("runs on %s (with the repository's secrets and a write token) yet checks out the pull request's own code and %s after it (line %d): anyone opening a pull request runs code with those secrets (a pwn request)", trigger, what, at(runner.node))
	sev := High
	if w != inScript && w != inHidden {
		sev = sc.rank(Medium, w, false)
		reason += " (in " + w.String() + ")"
	} else if w == inHidden {
		sev = Critical
	}
	sc.add(rel, checkout.checkoutAtLine, "ci-pwn-request", sev, reason, lineOfNode(checkout))
}

// runsAfterFetch reports whether a script that fetches the pull
// request's code runs another command after it.
func runsAfterFetch(script string) bool {
	m := prFetch.FindStringIndex(script)
	if m == nil {
		return false
	}
	rest := script[m[1]:]
	if i := strings.IndexAny(rest, "\n;&|"); i >= 0 {
		return strings.TrimSpace(strings.TrimLeft(rest[i:], "\n;&| \t")) != ""
	}
	return false
}

// lineOfNode returns the evidence of a checkout: its ref or the uses line.
func lineOfNode(st *ghStep) string {
	if r := st.with["ref"]; r != nil {
		return "ref: " + r.Value
	}
	if r := st.with["repository"]; r != nil {
		return "repository: " + r.Value
	}
	if st.run != nil {
		return strings.TrimSpace(st.run.Value)
	}
	return "uses: " + st.uses
}

// scanSecretExposure reports every value that writes the whole secrets
// context (toJSON(secrets)) anywhere, and run scripts that print a secret
// through an encoder, which the log's masking does not catch.
func scanSecretExposure(sc *skillCtx, rel string, root *yaml.Node, at func(*yaml.Node) int, w where) {
	sev := Critical
	suffix := ""
	if w != inScript && w != inHidden {
		sev, suffix = sc.rank(High, w, false), " (in "+w.String()+")"
	}
	secretEnv := map[string]bool{}
	var walk func(n *yaml.Node)
	walk = func(n *yaml.Node) {
		if n.Kind == yaml.MappingNode {
			for i := 0; i+1 < len(n.Content); i += 2 {
				if n.Content[i].Value == "env" && n.Content[i+1].Kind == yaml.MappingNode {
					env := n.Content[i+1]
					for j := 0; j+1 < len(env.Content); j += 2 {
						if ghSecretRef.MatchString(env.Content[j+1].Value) || wholeSecrets.MatchString(exprsOf(env.Content[j+1].Value)) {
							secretEnv[env.Content[j].Value] = true
						}
					}
				}
			}
		}
		if n.Kind == yaml.ScalarNode {
			for _, m := range ghExpr.FindAllStringSubmatch(n.Value, -1) {
				if wholeSecrets.MatchString(m[1]) {
					sc.add(rel, at(n), "ci-secret-exposure", sev, "writes the whole secrets context ("+m[1]+"): every secret of the repository in one value, for the log, a file or a request"+suffix, m[0])
					break
				}
			}
		}
		for _, c := range n.Content {
			walk(c)
		}
	}
	walk(root)
	// a secret (by expression or an env variable set from one) printed
	// through an encoder
	var runs func(n *yaml.Node)
	runs = func(n *yaml.Node) {
		if n.Kind == yaml.MappingNode {
			if r := mapGet(n, "run"); r != nil && r.Kind == yaml.ScalarNode {
				first := blockLine(r, at)
				encodedSecrets(sc, rel, r.Value, first, sev, suffix, secretEnv)
			}
		}
		for _, c := range n.Content {
			runs(c)
		}
	}
	runs(root)
}

// usesSecret reports whether a script line reads a secret: a secrets
// expression, or a variable the workflow set from one.
func usesSecret(l string, secretEnv map[string]bool) bool {
	for _, m := range ghExpr.FindAllStringSubmatch(l, -1) {
		if ghSecretRef.MatchString(m[1]) || wholeSecrets.MatchString(m[1]) {
			return true
		}
	}
	for name := range secretEnv {
		if strings.Contains(l, "$"+name) || strings.Contains(l, "${"+name) || strings.Contains(l, "$env:"+name) {
			return true
		}
	}
	return false
}

// exprsOf returns the expressions of a value, one per line.
func exprsOf(v string) string {
	var out []string
	for _, m := range ghExpr.FindAllStringSubmatch(v, -1) {
		out = append(out, m[1])
	}
	return strings.Join(out, "\n")
}

// scanRunScript runs the rules of the step's shell over a run: script.
// Expressions become a plain variable, so the shell parser sees words.
func scanRunScript(sc *skillCtx, rel string, run *yaml.Node, shell string, at func(*yaml.Node) int, w where) {
	if run.Kind != yaml.ScalarNode {
		return
	}
	code := ghExpr.ReplaceAllString(run.Value, "$${GHA_EXPR}")
	line := blockLine(run, at)
	sh := strings.ToLower(shell)
	switch {
	case strings.Contains(sh, "pwsh") || strings.Contains(sh, "powershell"):
		scanPowerShell(sc, rel, code, line, w)
	case strings.HasPrefix(sh, "python"):
		scanCode(sc, rel, code, line, kindPython, w)
	case strings.HasPrefix(sh, "node"):
		scanCode(sc, rel, code, line, kindJS, w)
	default:
		scanShell(sc, rel, code, line, w)
	}
}

// blockLine returns the file line of a scalar's first line of text: a
// block scalar (| or >) starts on the line after its indicator.
func blockLine(n *yaml.Node, at func(*yaml.Node) int) int {
	if n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
		return at(n) + 1
	}
	return at(n)
}

// nodeLine is a node's line in its own YAML document.
func nodeLine(n *yaml.Node) int { return n.Line }

// readStep reads a step mapping; nil for anything else.
func readStep(n *yaml.Node) *ghStep {
	if n.Kind != yaml.MappingNode {
		return nil
	}
	st := &ghStep{node: n, with: map[string]*yaml.Node{}, checkoutAtLine: n.Line}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i].Value, n.Content[i+1]
		switch k {
		case "uses":
			st.uses = v.Value
		case "run":
			st.run = v
		case "shell":
			st.shell = v
		case "with":
			if v.Kind != yaml.MappingNode {
				continue
			}
			for j := 0; j+1 < len(v.Content); j += 2 {
				st.with[v.Content[j].Value] = v.Content[j+1]
			}
		}
	}
	if strings.HasPrefix(st.uses, "actions/checkout") {
		for _, k := range []string{"ref", "repository"} {
			if r := st.with[k]; r != nil && prCode.MatchString(r.Value) {
				st.checksOutPR, st.checkoutAtLine = true, r.Line
			}
		}
	}
	if st.run != nil && prFetch.MatchString(st.run.Value) {
		st.checksOutPR, st.checkoutAtLine = true, st.run.Line
	}
	return st
}

// mapGet returns the value of key in a mapping node, or nil.
func mapGet(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

// hasTrigger reports whether an on: value (a name, a list or a map)
// names the event.
func hasTrigger(on *yaml.Node, event string) bool {
	switch on.Kind {
	case yaml.ScalarNode:
		return on.Value == event
	case yaml.SequenceNode:
		for _, c := range on.Content {
			if c.Value == event {
				return true
			}
		}
	case yaml.MappingNode:
		return mapGet(on, event) != nil
	}
	return false
}

// defaultShell returns a workflow's or job's defaults.run.shell, or "".
func defaultShell(n *yaml.Node) string {
	if r := mapGet(mapGet(mapGet(n, "defaults"), "run"), "shell"); r != nil {
		return r.Value
	}
	return ""
}

// envDumpEncoded matches the whole environment (every secret the job was
// given) printed through an encoder.
var envDumpEncoded = lazyRE(`(?:^|[;&|(]|\$\()\s*(?:env|printenv|set|export\s+-p|declare\s+-x|cat\s+/proc/self/environ)\s*\|[^\n]*?\b(?:base64|base32|basenc|xxd|od|hexdump|rev|openssl)\b`)

// encodedSecrets reports the lines of a CI script (its first line is
// file line first) that print a secret, or the whole environment,
// through an encoder, which the log's masking does not catch.
func encodedSecrets(sc *skillCtx, rel, script string, first int, sev Severity, suffix string, secretEnv map[string]bool) {
	for i, l := range strings.Split(script, "\n") {
		switch {
		case envDumpEncoded.MatchString(l):
			sc.add(rel, first+i, "ci-secret-exposure", sev, "prints the whole environment (every secret the job was given) through an encoder: the log's masking hides only each secret's exact text, so the encoded copy is readable by anyone who can read the log"+suffix, strings.TrimSpace(l))
		case secretEncoder.MatchString(l) && usesSecret(l, secretEnv):
			sc.add(rel, first+i, "ci-secret-exposure", sev, "prints a secret through an encoder: the log's masking hides only the secret's exact text, so the encoded copy is readable by anyone who can read the log"+suffix, strings.TrimSpace(l))
		}
	}
}

// looksLikeGitLabCI reports a GitLab CI file: .gitlab-ci.yml (or a file
// it includes, under .gitlab/) or YAML whose jobs have script: lists
// beside stages or an image.
func looksLikeGitLabCI(rel, text string) bool {
	b := strings.ToLower(rel)
	if strings.HasSuffix(b, ".gitlab-ci.yml") || strings.HasSuffix(b, ".gitlab-ci.yaml") || strings.Contains(b, ".gitlab/ci/") {
		return true
	}
	return strings.Contains(text, "script:") && (strings.Contains(text, "stages:") || strings.Contains(text, "stage:"))
}

// scanGitLabCI runs the shell rules over every job's before_script,
// script and after_script of a GitLab CI file (an item that is a YAML
// alias, - *setup, read as the anchored text), and reports the
// environment or a CI variable printed through an encoder (GitLab hands
// every CI/CD variable to the job's environment).
func scanGitLabCI(sc *skillCtx, rel, text string, line0 int, w where) {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(text), &doc); err != nil || len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return
	}
	at := func(n *yaml.Node) int { return line0 + n.Line - 1 }
	sev, suffix := Critical, ""
	if w != inScript && w != inHidden {
		sev, suffix = sc.rank(High, w, false), " (in "+w.String()+")"
	}
	root := doc.Content[0]
	for i := 1; i < len(root.Content); i += 2 {
		job := root.Content[i]
		for _, k := range []string{"before_script", "script", "after_script"} {
			v := mapGet(job, k)
			if v == nil {
				continue
			}
			if v.Kind == yaml.AliasNode && v.Alias != nil {
				v = v.Alias
			}
			items := []*yaml.Node{v}
			if v.Kind == yaml.SequenceNode {
				items = v.Content
			}
			for _, it := range items {
				if it.Kind == yaml.AliasNode && it.Alias != nil {
					// a YAML anchor's script (- *setup): the anchored
					// text runs here, read at its own lines
					it = it.Alias
				}
				if it.Kind != yaml.ScalarNode {
					continue
				}
				scanShell(sc, rel, it.Value, blockLine(it, at), w)
				encodedSecrets(sc, rel, it.Value, blockLine(it, at), sev, suffix, nil)
			}
		}
	}
}

// placeholderLine matches a line that holds only a template placeholder
// the skill tells the agent to replace (__PUBLISH_STEP__, {{ steps }},
// <DEPLOY_STEP>, %STEP%, @STEP@, {% include %}): not YAML as it stands,
// it would keep the whole file from parsing and every rule from reading it.
var placeholderLine = lazyRE(`^[ \t]*(?:-[ \t]+)?(?:__[\w.-]+__|\{\{[^}\n]*\}\}|\{%[^\n]*%\}|<<?[\w .-]+>>?|%[\w-]+%|@[\w-]+@|\$\{[\w.-]+\})[ \t]*$`)

// yamlErrLine reads the line number of a yaml.v3 error.
var yamlErrLine = lazyRE(`\bline (\d+):`)

// maxYAMLRepairs bounds the lines blanked to make a template parse.
const maxYAMLRepairs = 4

// parseCIYAML parses a CI or action file and returns its root mapping,
// or nil. A template with a placeholder line (or a few lines that are not
// YAML yet, filled in when the agent copies it) would not parse at all:
// such lines are blanked, keeping every other line's number, so a
// hostile template cannot hide its steps behind one unfilled line.
func parseCIYAML(text string) *yaml.Node {
	try := func(t string) (*yaml.Node, error) {
		var doc yaml.Node
		if err := yaml.Unmarshal([]byte(t), &doc); err != nil {
			return nil, err
		}
		if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
			return nil, nil
		}
		return doc.Content[0], nil
	}
	root, err := try(text)
	if err == nil {
		return root
	}
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if placeholderLine.MatchString(l) {
			lines[i] = ""
		}
	}
	for n := 0; n <= maxYAMLRepairs; n++ {
		root, err = try(strings.Join(lines, "\n"))
		if err == nil {
			return root
		}
		m := yamlErrLine.FindStringSubmatch(err.Error())
		if m == nil {
			return nil
		}
		k := 0
		fmt.Sscan(m[1], &k)
		k-- // 0-based
		if k < 0 || k >= len(lines) {
			return nil
		}
		if strings.TrimSpace(lines[k]) == "" && k > 0 {
			k-- // the error names the line after the culprit
		}
		if strings.TrimSpace(lines[k]) == "" {
			return nil
		}
		lines[k] = ""
	}
	return nil
}

// looksLikeCompositeAction is the cheap test for a composite action's
// metadata (action.yml): runs: using: composite with steps, wherever
// the skill keeps it (a template copied into .github/actions/).
func looksLikeCompositeAction(text string) bool {
	return strings.Contains(text, "runs:") && strings.Contains(text, "steps:") && strings.Contains(text, "composite")
}

// scanCompositeAction reads a composite action as a workflow's job: its
// steps run in the calling job, with the environment and the inputs
// (secrets a workflow hands it among them) the job gives them, so every
// run: script goes to its shell's rules and the workflow rules of
// scanSecretExposure run over the whole file.
func scanCompositeAction(sc *skillCtx, rel, text string, line0 int, w where) {
	root := parseCIYAML(text)
	runs := mapGet(root, "runs")
	if runs == nil || mapGet(runs, "using") == nil || !strings.EqualFold(mapGet(runs, "using").Value, "composite") {
		return
	}
	steps := mapGet(runs, "steps")
	if steps == nil || steps.Kind != yaml.SequenceNode {
		return
	}
	at := func(n *yaml.Node) int { return line0 + n.Line - 1 }
	scanSecretExposure(sc, rel, root, at, w)
	for _, sn := range steps.Content {
		st := readStep(sn)
		if st == nil {
			continue
		}
		if st.run != nil {
			sh := "bash"
			if st.shell != nil {
				sh = st.shell.Value
			}
			scanRunScript(sc, rel, st.run, sh, at, w)
		}
		if strings.HasPrefix(st.uses, "actions/github-script") {
			if s := st.with["script"]; s != nil && s.Kind == yaml.ScalarNode {
				scanCode(sc, rel, s.Value, blockLine(s, at), kindJS, w)
			}
		}
	}
}

// addEnv adds an env: mapping's entries to env.
func addEnv(env map[string]*yaml.Node, m *yaml.Node) {
	if m == nil || m.Kind != yaml.MappingNode {
		return
	}
	for j := 0; j+1 < len(m.Content); j += 2 {
		env[m.Content[j].Value] = m.Content[j+1]
	}
}
