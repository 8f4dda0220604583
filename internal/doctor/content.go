package doctor

import (
	"bytes"
	"fmt"
	"path"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/skilldex/skilldex/index"
)

// Script types. skilldex runs .py, .js and .sh scripts (the Agent Zero
// seed's "Only .py, .js, .sh supported", tools/testdata/seeds/agent-zero-skills-tool.md), and files without
// an extension whose shebang names python, node, bash or sh.
var (
	supportedScript = map[string]string{".py": "python3", ".js": "node", ".sh": "bash"}
	// codeExts are other languages a script may be written in: present,
	// they will not run through run_skill_script.
	codeExts = map[string]bool{
		".ts": true, ".mjs": true, ".cjs": true, ".rb": true, ".pl": true, ".php": true, ".ps1": true, ".bat": true, ".cmd": true,
		".bash": true, ".zsh": true, ".fish": true, ".lua": true, ".r": true, ".go": true, ".java": true, ".swift": true, ".kt": true, ".jl": true,
	}
	shebangInterp = regexp.MustCompile(`^#!\s*\S*?(?:/env\s+(?:-\S+\s+)*)?/?(?:\S*/)?(python[0-9.]*|node(?:js)?|bash|sh)(?:\s|$)`)
)

// scripts checks the files under a served skill's scripts/ folder (the
// Agent Skills layout): other languages than skilldex runs, and scripts
// that lack the shebang an agent needs to execute them directly.
func scripts(s index.Skill, head func(index.Skill, string) ([]byte, error)) []Finding {
	var out []Finding
	for _, fi := range s.Files {
		rel := fi.Path
		if !strings.HasPrefix(rel, "scripts/") {
			continue
		}
		ext := strings.ToLower(path.Ext(rel))
		base := path.Base(rel)
		f := Finding{Severity: Warning, Category: CatScript, Skill: s.ID, File: path.Join(s.Dir, rel)}
		switch {
		case codeExts[ext]:
			f.Code = CodeScriptUnsupported
			f.Message = fmt.Sprintf("%s is a %s script; skilldex runs only .py, .js and .sh scripts (run_skill_script)", rel, ext)
			f.Fix = "port it to Python, JavaScript or a shell script, or say in SKILL.md how to run it"
			if ext == ".bash" {
				f.Fix = "rename it to " + strings.TrimSuffix(base, path.Ext(base)) + ".sh"
			}
			out = append(out, f)
			continue
		case supportedScript[ext] == "" && ext != "":
			continue // data, docs, templates
		case base == "__init__.py" || head == nil:
			continue
		}
		data, err := head(s, rel)
		if err != nil {
			continue // binary or unreadable: not a script an agent runs
		}
		line, _, _ := bytes.Cut(data, []byte("\n"))
		first := strings.TrimSpace(string(line))
		switch {
		case ext == "" && !strings.HasPrefix(first, "#!"):
			f.Code = CodeScriptNoShebang
			f.Message = fmt.Sprintf("%s has neither an extension nor a shebang line: nothing can tell how to run it", rel)
			f.Fix = "add a first line such as #!/usr/bin/env bash, or give it the .sh, .py or .js extension"
		case ext == "" && !shebangInterp.MatchString(first):
			f.Code = CodeScriptUnsupported
			f.Message = fmt.Sprintf("%s starts with %q; skilldex runs only Python, Node and shell scripts", rel, first)
			f.Fix = "port it to Python, JavaScript or a shell script, or say in SKILL.md how to run it"
		case ext != "" && !strings.HasPrefix(first, "#!"):
			f.Severity, f.Code = Info, CodeScriptNoShebang
			f.Message = fmt.Sprintf("%s has no shebang line; skilldex runs it with %s by its extension, but an agent that executes it directly gets \"exec format error\"", rel, supportedScript[ext])
			f.Fix = fmt.Sprintf("add #!/usr/bin/env %s as its first line and make it executable", supportedScript[ext])
		default:
			continue
		}
		out = append(out, f)
	}
	return out
}

// Description thresholds: below minWords words or minChars characters a
// description rarely carries the task words a query shares with it (the
// Agent Skills spec asks it to say what the skill does and when to use
// it), and with fewer than minContent words beyond the skill's own name
// and filler it says nothing search can rank.
const (
	minWords   = 6
	minChars   = 40
	minContent = 3
)

// placeholder matches template text left in a description.
var placeholder = regexp.MustCompile(`(?i)\b(todo|tbd|fixme|lorem ipsum|placeholder)\b|replace (this|with)|description (of|for) (the|this|your) skill|(add|insert|your) (a )?description`)

// filler are words that say nothing about what a skill does.
var filler = map[string]bool{
	"a": true, "an": true, "the": true, "and": true, "or": true, "of": true, "for": true, "to": true, "in": true, "on": true, "with": true,
	"is": true, "this": true, "that": true, "it": true, "be": true, "by": true, "as": true, "at": true, "from": true, "use": true, "used": true,
	"using": true, "when": true, "skill": true, "skills": true, "tool": true, "tools": true, "helper": true, "helps": true, "help": true,
	"utility": true, "utilities": true, "agent": true, "claude": true, "various": true, "things": true, "stuff": true, "tasks": true,
	"task": true, "general": true, "misc": true, "my": true, "your": true, "you": true, "can": true, "will": true, "do": true, "does": true,
}

// description reports descriptions too short or too generic for search
// and for an agent to decide when to load the skill.
func description(s index.Skill) []Finding {
	d := strings.TrimSpace(s.Description)
	if d == "" {
		return nil // invalid: reported with the catalog's fix
	}
	f := Finding{Severity: Warning, Category: CatDescription, Skill: s.ID, File: s.SkillPath()}
	fix := "say what the skill does and when to use it, in one to three sentences with the words a user would use (e.g. \"Fill and flatten PDF forms. Use when the user asks to complete a PDF form.\")"
	words := wordsOf(d)
	nameWords := map[string]bool{}
	for _, w := range wordsOf(s.Name) {
		nameWords[w] = true
	}
	content := map[string]bool{}
	for _, w := range words {
		if !filler[w] && !nameWords[w] && (utf8.RuneCountInString(w) > 1 || isSpaceless(w)) {
			content[w] = true
		}
	}
	switch {
	case placeholder.MatchString(d):
		f.Code = CodeDescriptionVague
		f.Message = fmt.Sprintf("description %q is template text", clip(d, 80))
	case len(words) < minWords || utf8.RuneCountInString(d) < minChars:
		f.Code = CodeDescriptionShort
		f.Message = fmt.Sprintf("description %q has %d words; search ranks skills by their description and agents choose from it, so it cannot place this skill", clip(d, 80), len(words))
	case len(content) < minContent:
		f.Code = CodeDescriptionVague
		f.Message = fmt.Sprintf("description %q says little beyond the skill's name (%d distinct content words)", clip(d, 80), len(content))
	default:
		return nil
	}
	f.Fix = fix
	return []Finding{f}
}

// wordsOf splits s into lower-case words of letters and digits; a word of
// a script without spaces (Chinese, Japanese) counts each character.
func wordsOf(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsNumber(r) }) {
		if utf8.RuneCountInString(w) > 1 && !isSpaceless(w) {
			out = append(out, w)
			continue
		}
		for _, r := range w {
			out = append(out, string(r))
		}
	}
	return out
}

func isSpaceless(w string) bool {
	for _, r := range w {
		if !unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Thai) {
			return false
		}
	}
	return true
}

func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}
