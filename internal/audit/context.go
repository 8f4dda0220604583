package audit

import (
	"context"
	"path"
	"sort"
	"strings"
	"sync"

	"github.com/skilldex/skilldex/index"
	"mvdan.cc/sh/v3/syntax"
)

// where says how a piece of text reaches the model or the machine; it is
// the context severities are ranked by.
type where int

const (
	// inScript is a file the agent runs (a script of the skill).
	inScript where = iota
	// inProse is markdown text the model reads as instructions.
	inProse
	// inCode is a fenced block, an indented block or a code span: a
	// command or example the model may copy and run.
	inCode
	// inQuote is a blockquote or a phrase inside quotation marks: text
	// cited rather than said.
	inQuote
	// inHidden is an HTML comment or hidden HTML element: read by the
	// model, invisible to a person reading the rendered skill.
	inHidden
)

func (w where) String() string {
	return [...]string{"script", "instructions", "code example", "quotation", "hidden text"}[w]
}

// skillCtx collects the findings of one skill and what ranking them needs.
type skillCtx struct {
	// ctx ends the audit; long walks check it (see walkBudget).
	ctx   context.Context
	skill index.Skill
	// defence is set for skills that teach security (prompt injection,
	// malware, auditing): they quote attacks on purpose, so quoted and
	// example text ranks lower.
	defence bool
	// topic is the lower-cased name, description and SKILL.md body, used
	// to tell whether an installer's host belongs to what the skill is
	// about.
	topic string
	// instructions is the SKILL.md body as written (every file's cache
	// key holds the skill's text, so rules may read it).
	instructions string
	findings     []Finding
	// hints says which rare words the current file holds (lower-cased
	// search, once per file), so rules whose patterns need them are not
	// run over the other files.
	hints fileHints
	// fileText is the file being audited.
	fileText string
	// linked are the files of the skill the file being audited names
	// (linkedOf): data it loads, scripts it sources.
	linked []linkedFile
	// ciActions are the files of the local actions a workflow uses
	// (ciActionsOf, cisecretsend.go).
	ciActions []linkedFile
	// staged are the programs of the skill that name a file the file
	// being audited writes (stagedOf, credstage.go).
	staged []stagedFile
	// readers are the programs of the skill that name the data file
	// being audited (readersOf, bypassdata.go).
	readers []linkedFile
	// partials are the template partials the file being audited imports
	// values from (templatePartialsOf, tplvalues.go), or the files a
	// Jsonnet file imports (jsonnetImportsOf, jsonnetvalues.go).
	partials []linkedFile
	// hclModule are the other files of the Terraform or Packer module
	// the file being audited belongs to (hclModuleOf, hclwipe.go).
	hclModule []linkedFile
	// fileGen counts the files audited; active are the phrases whose
	// needed words occur in file number activeGen.
	fileGen, activeGen int
	active             []int // indexes into phrases
	// foldRisk is set when fileText holds U+017F or U+212A, which the
	// phrases' (?i) folds to s and k (see findAll).
	foldRisk bool
	// words are the occurrences of fileWords in fileText.
	words *wordHits
	// noURL is fileText lower-cased (strings.ToLower) with its URLs
	// blanked, made on first use for file number noURLGen.
	noURL    string
	noURLGen int
	// sh parses the skill's shell code (see parseShell).
	sh      *syntax.Parser
	zsh     *syntax.Parser // zsh's syntax, for code bash cannot parse (parseShell)
	shDepth int            // shells nested with -c being scanned (nestedShell)
	psDepth int            // encoded PowerShell commands being scanned (scanPSEncoded)
	// inLiteral is set while a string literal of code is scanned as
	// shell: a string nobody is known to run (a deny-list of
	// dangerous commands), so the rules about running it keep quiet.
	inLiteral bool
	// warnedFn, set while a code block or span is scanned, reports
	// whether it sits under a warning ("never run:"); asked only when a
	// destructive command is found in it.
	warnedFn func() bool
	// companion is the text of the file the current file builds on
	// (a devcontainer.json's Dockerfile, see companionOf), companionRel
	// its path; "" when there is none.
	companion, companionRel string
	// consentFn, set while a code block is scanned, reports whether
	// the instructions above it ask for the user's consent first.
	consentFn func() bool
	// frame, set while a markdown prose block is scanned, says how its
	// passage frames quoted wording (guide.go).
	frame exampleFrame
	// fenceExample is set while a markdown code block is read for
	// approval-bypass switches (scanFenceBypass): a switch alone there
	// is an example, ranked a level below one in the instructions.
	fenceExample bool
	// runStep is set while a markdown code block of a skill that teaches
	// defence is read when the text above it introduces it as steps to
	// run (mdrunstep.go): its runStepRules findings keep the rank they
	// have in any other skill.
	runStep bool
	// inFence is set while any markdown code block is read: its words
	// are code, so the approval-bypass patterns of prose wording (a
	// switch described in words, a standing approval) are not run over
	// it, only those of named switches.
	inFence bool
	// listed is set while a markdown prose block in a list item, table
	// or blockquote is read (catalogWarned).
	listed bool
	// frontmatter is set while a markdown file's frontmatter is read
	// for approval-bypass switches: a switch quoted there is what a
	// user asks about, not one the skill sets.
	frontmatter bool
}

// fileNoURL returns the current file lower-cased, URLs replaced by a
// space (computed once per file).
func (sc *skillCtx) fileNoURL() string {
	if sc.noURLGen != sc.fileGen {
		sc.noURL, sc.noURLGen = urlRe.ReplaceAllString(strings.ToLower(sc.fileText), " "), sc.fileGen
	}
	return sc.noURL
}

// add records a finding.
func (sc *skillCtx) add(file string, line int, rule string, sev Severity, reason, evidence string) {
	if sev <= SeverityNone {
		return
	}
	sc.findings = append(sc.findings, Finding{File: file, Line: line, RuleID: rule, Severity: sev, Reason: Printable(reason), Evidence: Escape(evidence, 160)})
}

// rank places a rule's base severity (its severity in a script or in the
// instructions) in context: hidden text is always critical, an example in
// a skill that teaches defence drops two levels (one in its prose), and a
// quotation or example elsewhere drops one for language rules (cited, not
// said) but not for commands (code blocks are what agents run).
func (sc *skillCtx) rank(base Severity, w where, language bool) Severity {
	switch w {
	case inHidden:
		return Critical
	case inScript:
		return base
	case inProse:
		if sc.defence {
			return base.lower(1)
		}
		return base
	default: // inCode, inQuote
		if sc.defence {
			return base.lower(2)
		}
		if language {
			return base.lower(1)
		}
		return base
	}
}

// defenceWords mark a skill that teaches security; matched against its
// name, description and headings. A guide for reviewing third-party
// skills often names the attacks it looks for ("network exfiltration",
// "reverse shells") rather than security itself, so attack nouns that
// only security writing uses count too, also in Spanish, Portuguese,
// German, French, Chinese and Japanese ("inyección de prompts",
// "Prompt-Injection", "bösartige Skills", 提示注入, 安全审查,
// プロンプトインジェクション, セキュリティ); not their words for "safe" or
// "safety", which name no attack (安全, "Sicherheit", "seguridad").
var defenceWords = lazyRE(`(?i)\b(?:inyecci[óo]n|inje[çc][ãa]o|injektion\w*|injections|malicios[oa]s?|b[öo]sartig\w*|malveillant\w*|ataques?|angriff\w*|attaques?|amenazas?|amea[çc]as?|bedrohung\w*)|注入|恶意|越狱|安全审查|安全审计|网络安全|信息安全|漏洞|攻击|インジェクション|悪意|セキュリティ|脆弱性|攻撃|\b(prompt[- ]injection|injection|jailbreak|secur\w*|attack\w*|threat\w*|malicious|malware|vulnerab\w*|exploit\w*|red[- ]team\w*|pentest\w*|penetration|defen[cs]\w*|forensic\w*|phishing|adversarial|ctf|guardrails?|audit\w*|hardening|sandbox\w*|incident[- ]response|supply[- ]chain|exfiltrat\w*|backdoor\w*|reverse[- ]shells?|rootkits?|ransomware|spyware|keyloggers?|typosquat\w*)\b`)

// defenceStems are the fixed starts of defenceWords' alternatives: a
// text holding none (ASCII lower-cased) cannot match it, unless it holds
// one of the two non-ASCII runes (?i) folds to an ASCII letter (U+017F
// to s, U+212A to k).
var defenceStems = sync.OnceValue(func() *wordList {
	return newFoldedWordList([]string{"prompt", "injection", "jailbreak", "secur", "attack", "threat", "malicious", "malware", "vulnerab", "exploit",
		"red", "pentest", "penetration", "defen", "forensic", "phishing", "adversarial", "ctf", "guardrail", "audit", "hardening", "sandbox", "incident", "supply",
		"exfiltrat", "backdoor", "reverse", "rootkit", "ransomware", "spyware", "keylogger", "typosquat",
		"inyecci", "injeç", "injec", "injektion", "malicios", "sartig", "malveillant", "ataque", "angriff", "attaque", "amenaza", "amea", "bedrohung",
		"注入", "恶意", "越狱", "安全审", "网络安全", "信息安全", "漏洞", "攻击", "インジェクション", "悪意", "セキュリティ", "脆弱性", "攻撃"})
})

// defenceIn reports whether defenceWords matches s, running the pattern
// only on text holding one of its stems.
func defenceIn(s string) bool {
	if !defenceStems().matchAny(s) && !strings.Contains(s, "\u017F") && !strings.Contains(s, "\u212A") {
		return false
	}
	return defenceWords.MatchString(s)
}

// teachesDefence reports whether a skill is about security: its name or
// description, or at least two of its top headings, use a security term.
// Only ranking depends on it: hidden text and scripts rank the same in
// every skill, so claiming to teach security buys an attacker nothing
// there.
func teachesDefence(s index.Skill, body string) bool {
	if defenceIn(s.Name) || defenceIn(strings.ReplaceAll(s.Name, "-", " ")) || defenceIn(s.Description) {
		return true
	}
	n := 0
	for rest := body; rest != ""; {
		var line string
		line, rest, _ = strings.Cut(rest, "\n")
		if h := strings.TrimLeft(line, "#"); len(h) < len(line) && len(line)-len(h) <= 3 && strings.HasPrefix(h, " ") && defenceIn(h) {
			n++
			if n >= 2 {
				return true
			}
		}
	}
	return false
}

// fileKind is how a file is read.
type fileKind int

const (
	kindText fileKind = iota // markdown or plain text the model reads
	kindShell
	kindPython
	kindJS
	kindConfig     // JSON, YAML, TOML: settings an agent or tool may apply
	kindPowerShell // PowerShell and Windows batch: pattern rules only
	kindMake       // a Makefile: its recipes are shell commands
	kindDocker     // a Dockerfile: its RUN, CMD and ENTRYPOINT are shell
	kindOther      // other source and data files: only the file-wide rules
)

// kindOf decides a file's kind by name (Makefile), extension, else by its
// shebang.
func kindOf(rel, content string) fileKind {
	switch path.Base(rel) {
	case "Makefile", "makefile", "GNUmakefile":
		return kindMake
	case "CMakeLists.txt":
		return kindOther // CMake code (scanCMake), not text for the model
	case "justfile", "Justfile", ".justfile":
		return kindOther // just's recipes (justShell), not text for the model
	case ".cursorrules", ".windsurfrules", ".clinerules":
		return kindText // an editor agent's rules: instructions it loads into every chat
	}
	if isRubyBuildFile(rel) {
		return kindOther // Ruby code (scanRuby), not text for the model
	}
	if ext := namedCodeExt(rel); ext != "" {
		return kindOf(rel+ext, content) // a program under a config file's name
	}
	if isDockerfile(rel) {
		return kindDocker
	}
	if isMakefileVariant(rel) {
		return kindMake
	}
	switch strings.ToLower(path.Ext(rel)) {
	case ".md", ".markdown", ".mdx", ".mdc", ".txt", ".rst", "":
		// .mdc: Cursor's project rules, markdown with frontmatter the
		// agent loads as instructions
		if k, ok := shebangKind(content); ok {
			return k
		}
		return kindText
	case ".sh", ".bash", ".zsh", ".ksh", ".command":
		return kindShell
	case ".py", ".pyw":
		return kindPython
	case ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".jsx", ".tsx":
		return kindJS
	case ".json", ".jsonc", ".yaml", ".yml", ".toml", ".ini", ".cfg", ".conf", ".env":
		return kindConfig
	case ".ps1", ".psm1", ".bat", ".cmd":
		return kindPowerShell
	case ".mk", ".mak", ".make":
		return kindMake
	}

	if k, ok := shebangKind(content); ok {
		return k
	}
	return kindOther
}

func shebangKind(content string) (fileKind, bool) {
	if !strings.HasPrefix(content, "#!") {
		return 0, false
	}
	line, _, _ := strings.Cut(content, "\n")
	switch {
	case strings.Contains(line, "python"):
		return kindPython, true
	case strings.Contains(line, "node") || strings.Contains(line, "deno") || strings.Contains(line, "bun"):
		return kindJS, true
	case shebangShell.MatchString(line):
		return kindShell, true
	case appleScriptShebang(content):
		return kindOther, true // AppleScript run by osascript (applescript.go)
	}
	return 0, false
}

// shebangShell is a shebang line naming a POSIX shell (sh, bash, zsh,
// ksh, dash, ash, mksh, busybox sh), not another program whose name ends
// in sh (wish, tclsh, fish).
var shebangShell = lazyRE(`^#!\s*(?:\S*/)?(?:env\s+(?:-\S+\s+)*)?(?:\S*/)?(?:sh|bash|zsh|ksh|mksh|dash|ash|busybox\s+sh)\b`)

// langKind maps a fenced code block's info string to a kind; ok is false
// for languages no rule reads.
func langKind(info string) (fileKind, bool) {
	lang := strings.ToLower(strings.Fields(info + " x")[0])
	lang = strings.Trim(lang, "{}.")
	switch lang {
	case "sh", "bash", "shell", "zsh", "console", "terminal", "shellsession", "ksh", "x":
		return kindShell, true
	case "py", "python", "python3", "ipython", "pycon":
		return kindPython, true
	case "js", "javascript", "node", "nodejs", "ts", "typescript", "jsx", "tsx", "mjs", "cjs":
		return kindJS, true
	case "json", "jsonc", "yaml", "yml", "toml":
		return kindConfig, true
	case "powershell", "ps1", "pwsh", "ps", "bat", "cmd", "batch":
		return kindPowerShell, true
	case "dockerfile", "docker", "containerfile":
		return kindDocker, true
	}
	return 0, false
}

// file runs every rule that applies to one file of the skill. A script
// with no extension (bin/setup, bin/git-identity) whose shebang names an
// interpreter, a Ruby build file known by its name (Rakefile,
// tasks/gen.rake), or another program known by its name (latexmkrc,
// .envrc, SConstruct: namedCodeNames), is read as a file of that language: every rule runs
// on it under its name with the language's extension added (readRel),
// so every rule that tells languages by extension reads it, and its
// findings are then given back the file's own name. An MSBuild file's
// inline C# tasks are read the same way as a .cs file of their code
// (msbuildInlineCode), a JetBrains Shell Script run configuration's
// inline script as a shell script (ideaRunScript), an API client
// collection's pre-request, post-response and test scripts as JavaScript
// (apiClientScript), and the scripts a property list holds (an Alfred
// workflow's, an Automator action's, a launchd job's -c argument) in
// the language each names (plistScripts), besides the file itself.
func (sc *skillCtx) file(a *auditor, rel, content string) {
	if code, ok := msbuildInlineCode(rel, content); ok {
		sc.fileUnder(a, rel, rel+".cs", code) // an inline task's C#
	}
	if code, lrel, lines, ok := ideaRunScript(rel, content); ok {
		sc.fileUnderLines(a, rel, lrel, code, lines) // a run configuration's script
	}
	if code, lrel, lines, ok := apiClientScript(rel, content); ok {
		sc.fileUnderLines(a, rel, lrel, code, lines) // an API collection's scripts
	}
	codes, lrels, lines := plistScripts(rel, content)
	for i, code := range codes {
		sc.fileUnderLines(a, rel, lrels[i], code, lines[i]) // a property list's scripts
	}
	lrel := readRel(rel, content)
	if lrel == rel {
		sc.fileAs(a, rel, content)
		return
	}
	sc.fileUnder(a, rel, lrel, content)
}

// fileUnder reads content as the file lrel and reports what it finds
// under rel, the file's own name.
func (sc *skillCtx) fileUnder(a *auditor, rel, lrel, content string) {
	n := len(sc.findings)
	sc.fileAs(a, lrel, content)
	for i := n; i < len(sc.findings); i++ {
		if sc.findings[i].File == lrel {
			sc.findings[i].File = rel
		}
		sc.findings[i].Reason = strings.ReplaceAll(sc.findings[i].Reason, lrel, rel)
	}
}

// shebangExt maps an interpreter named on a #! line (its version digits
// dropped: python3, perl5) to the extension of its language.
var shebangExt = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"python": ".py", "pypy": ".py",
		"node": ".js", "nodejs": ".js", "deno": ".ts", "bun": ".ts", "tsx": ".ts", "ts-node": ".ts",
		"ruby": ".rb", "jruby": ".rb",
		"perl": ".pl",
		"php":  ".php",
		"sh":   ".sh", "bash": ".sh", "zsh": ".sh", "ksh": ".sh", "dash": ".sh", "ash": ".sh",
		"pwsh": ".ps1", "powershell": ".ps1",
		"lua": ".lua", "luajit": ".lua",
		"fish":    ".fish",
		"rscript": ".r", "julia": ".jl", "elixir": ".exs",
	}
})

// readRel returns the name a file is read under: shebangRel's, else a
// Ruby build file's name with .rb added, else a program known by its
// name with its language's extension added (namedCodeExt), else rel.
func readRel(rel, content string) string {
	if l := shebangRel(rel, content); l != rel {
		return l
	}
	if isRubyBuildFile(rel) && !strings.EqualFold(path.Ext(rel), ".rb") {
		return rel + ".rb"
	}
	if ext := namedCodeExt(rel); ext != "" {
		return rel + ext
	}
	if isTclModulefile(rel, content) {
		return rel + ".tcl"
	}
	return rel
}

// tclModuleCmd is a command only an Environment Modules or Lmod Tcl
// modulefile writes at a line's start (module-whatis, prepend-path,
// proc ModulesHelp).
var tclModuleCmd = lazyRE(`(?m)^[ \t]*(?:module-whatis|prepend-path|append-path|proc\s+ModulesHelp)\b`)

// isTclModulefile reports whether rel is a Tcl modulefile of Environment
// Modules or Lmod: its first line is the #%Module magic cookie those
// tools require, or it sits in a modulefiles folder with no extension of
// its own (named for a version: gcc/13.2) and writes module commands.
// `module load` runs it as Tcl code in the user's shell session (its
// procs, sockets and execs included), so it is read as a .tcl script;
// Lmod's .lua modulefiles are Lua already.
func isTclModulefile(rel, content string) bool {
	ext := strings.ToLower(path.Ext(rel))
	if ext == ".tcl" || ext == ".lua" || ext == ".md" {
		return false
	}
	if strings.HasPrefix(content, "#%Module") {
		return true
	}
	if !strings.HasPrefix(rel, "modulefiles/") && !strings.Contains(rel, "/modulefiles/") {
		return false
	}
	// a version's name (1.0, 13.2, 2024a) or none is the only extension
	if ext != "" && strings.TrimLeft(ext[1:], "0123456789") == ext[1:] {
		return false
	}
	return tclModuleCmd.MatchString(content)
}

// namedCodeNames are files known by their name that a tool runs as a
// program of a scripting language, a config or startup file in name
// only, each with its language's extension: whatever one holds runs on
// the user's machine at every build, install, shell or session start,
// so it is read as a script of that language. Perl: latexmk's rc file
// (read by every latexmk run, from the project and from home), Carton's
// and cpanm's cpanfile, Alien::Build's alienfile, Rex's Rexfile and the
// Perl debugger's .perldb. Python: SCons's SConstruct and SConscript,
// waf's wscript, Snakemake's Snakefile and the interactive startup file
// .pythonrc. Shell: direnv's .envrc (sourced on entering the folder),
// Arch's PKGBUILD and Alpine's APKBUILD (sourced by makepkg and abuild),
// the shells' startup files and the X session's, also as templates
// without their dot (bashrc, zshrc). R: .Rprofile and Rprofile.site, run
// at every R start, and a template of the first without its dot
// (templates/Rprofile, copied to a project's .Rprofile). Lua: luacheck's .luacheckrc and busted's .busted.
// JavaScript: Jake's Jakefile. Vim script: .vimrc and the like, run at
// every start of Vim. Starlark: Bazel's BUILD, WORKSPACE and MODULE.bazel
// (repository rules run at every fetch) and Tilt's Tiltfile. CMake:
// CMakeLists.txt. Groovy: Jenkins's Jenkinsfile. Haskell: GHCi's .ghci
// and ghci.conf (its let bindings and :cmd run at every GHCi start; GNU
// Stow's dot- name for the dotfile too). (Ruby's are
// rubyBuildNames.)
var namedCodeNames = map[string]string{
	"latexmkrc": ".pl", ".latexmkrc": ".pl", "cpanfile": ".pl", "alienfile": ".pl", "Rexfile": ".pl", ".perldb": ".pl",
	"SConstruct": ".py", "Sconstruct": ".py", "sconstruct": ".py", "SConscript": ".py", "wscript": ".py", "Snakefile": ".py", ".pythonrc": ".py",
	".envrc": ".sh", "PKGBUILD": ".sh", "APKBUILD": ".sh",
	".profile": ".sh", ".bashrc": ".sh", ".bash_profile": ".sh", ".bash_login": ".sh", ".bash_logout": ".sh",
	".zshrc": ".sh", ".zshenv": ".sh", ".zprofile": ".sh", ".zlogin": ".sh", ".zlogout": ".sh", ".kshrc": ".sh", ".mkshrc": ".sh",
	".xinitrc": ".sh", ".xsession": ".sh", ".xprofile": ".sh",
	"bashrc": ".sh", "bash_profile": ".sh", "zshrc": ".sh", "zshenv": ".sh", "zprofile": ".sh", "envrc": ".sh", "xinitrc": ".sh",
	".Rprofile": ".r", "Rprofile.site": ".r", "Rprofile": ".r",
	".luacheckrc": ".lua", ".busted": ".lua",
	".emacs": ".el", "_emacs": ".el", ".gnus": ".el", ".viper": ".el", ".abbrev_defs": ".el",
	"Jakefile": ".js",
	".vimrc":   ".vim", "_vimrc": ".vim", ".gvimrc": ".vim", "vimrc": ".vim", ".exrc": ".vim",
	"BUILD": ".bzl", "BUILD.bazel": ".bzl", "WORKSPACE": ".bzl", "WORKSPACE.bazel": ".bzl", "MODULE.bazel": ".bzl", "Tiltfile": ".bzl",
	"CMakeLists.txt": ".cmake", "Jenkinsfile": ".groovy",
	".ghci": ".hs", "ghci.conf": ".hs", "dot-ghci": ".hs",
}

// namedCodeExts are extensions of code under another name: Gentoo's
// ebuilds and eclasses are bash that emerge sources.
var namedCodeExts = map[string]string{".ebuild": ".sh", ".eclass": ".sh"}

// namedCodeExt returns the extension of the language a file known by
// its name is a program of (namedCodeNames, namedCodeExts, or a template
// of a script: templateCodeExt), or "".
func namedCodeExt(rel string) string {
	if ext, ok := namedCodeNames[path.Base(rel)]; ok {
		return ext
	}
	if ext := templateCodeExt(rel); ext != "" {
		return ext
	}
	return namedCodeExts[strings.ToLower(path.Ext(rel))]
}

// templateExts are the extensions of template engines' files (Jinja,
// Tera, Go templates, Mustache, Handlebars, Nunjucks, Twig, Liquid, EEx,
// Autoconf's .in).
var templateExts = map[string]bool{".j2": true, ".jinja": true, ".jinja2": true, ".tera": true, ".tpl": true, ".tmpl": true,
	".gotmpl": true, ".mustache": true, ".hbs": true, ".njk": true, ".nunjucks": true, ".twig": true, ".liquid": true,
	".eex": true, ".template": true, ".in": true}

// templateScriptExts are the script and settings extensions a template
// renders to that are read as that file: what a template holds is what
// the rendered script runs or the rendered settings set, {{ }}
// placeholders aside. A dotfile manager's template of an agent's
// settings (chezmoi's dot_claude/settings.json.tmpl) is applied as
// those settings.
var templateScriptExts = map[string]bool{".sh": true, ".bash": true, ".zsh": true, ".py": true, ".js": true, ".mjs": true,
	".ts": true, ".ps1": true, ".rb": true, ".pl": true, ".lua": true, ".go": true, ".rs": true, ".php": true,
	".json": true, ".jsonc": true, ".yaml": true, ".yml": true, ".toml": true}

// templateCodeExt returns the script or settings extension under a
// template extension (install.sh.j2, sync.py.jinja, settings.json.tmpl:
// ".sh", ".py", ".json"), or that of a
// file known by its name under one (envrc.tmpl, .bashrc.j2,
// latexmkrc.tpl: namedCodeNames), or "".
func templateCodeExt(rel string) string {
	b := path.Base(rel)
	if !templateExts[strings.ToLower(path.Ext(b))] {
		return ""
	}
	name := strings.TrimSuffix(b, path.Ext(b))
	if ext, ok := namedCodeNames[name]; ok {
		return ext
	}
	inner := strings.ToLower(path.Ext(name))
	if templateScriptExts[inner] {
		return inner
	}
	return ""
}

// rubyBuildNames are files named by convention that Ruby tools load and
// run as Ruby code: rake's, Bundler's, Guard's, Vagrant's, CocoaPods',
// fastlane's, Homebrew Bundle's, Capistrano's, Danger's, Thor's,
// Berkshelf's, r10k's, Librarian-Chef's, SimpleCov's, and the startup
// files of irb and pry (run at every console start). A task in one runs on the developer's machine
// (rake, bundle install, vagrant up, pod install, fastlane), so it is as
// much a program as a script.
var rubyBuildNames = map[string]bool{
	"Rakefile": true, "rakefile": true, "Gemfile": true, "gems.rb": true, "Guardfile": true, "Vagrantfile": true,
	"Podfile": true, "Fastfile": true, "Appfile": true, "Matchfile": true, "Pluginfile": true, "Brewfile": true,
	"Capfile": true, "Dangerfile": true, "Thorfile": true, "Berksfile": true, "Puppetfile": true, "Steepfile": true,
	".irbrc": true, ".pryrc": true, ".simplecov": true, "Cheffile": true,
}

// rubyBuildExts are extensions of Ruby code under another name: rake
// task files, gem and pod specs, Rack's config.ru, Thor scripts.
var rubyBuildExts = map[string]bool{".rake": true, ".gemspec": true, ".podspec": true, ".ru": true, ".thor": true}

// isRubyBuildFile reports whether rel is a Ruby build file by its name
// (rubyBuildNames, rubyBuildExts).
func isRubyBuildFile(rel string) bool {
	return rubyBuildNames[path.Base(rel)] || rubyBuildExts[strings.ToLower(path.Ext(rel))]
}

// shebangRel returns the name a file is read under: rel itself, or for a
// file whose name has no extension and whose first line is a shebang
// naming a known interpreter (#!/usr/bin/python3, #!/usr/bin/env ruby,
// #!/usr/bin/env -S node --flag), rel with that language's extension.
func shebangRel(rel, content string) string {
	if path.Ext(rel) != "" || !strings.HasPrefix(content, "#!") {
		return rel
	}
	line, _, _ := strings.Cut(content[2:], "\n")
	f := strings.Fields(line)
	if len(f) > 0 && path.Base(f[0]) == "env" {
		f = f[1:]
		// env's options and VAR=value settings before the interpreter
		for len(f) > 0 && (strings.HasPrefix(f[0], "-") || strings.Contains(f[0], "=")) {
			if f[0] == "-u" || f[0] == "-C" || f[0] == "--unset" || f[0] == "--chdir" {
				f = f[1:]
			}
			if len(f) > 0 {
				f = f[1:]
			}
		}
	}
	if len(f) == 0 {
		return rel
	}
	name := strings.ToLower(path.Base(f[0]))
	name = strings.TrimRight(name, "0123456789.")
	if ext, ok := shebangExt()[name]; ok {
		return rel + ext
	}
	return rel
}

// fileAs runs every rule that applies to one file of the skill, read
// under the name rel.
func (sc *skillCtx) fileAs(a *auditor, rel, content string) {
	lines := newLineIndex(content)
	sc.setText(content)
	scanInvisible(sc, rel, content, lines)
	if !a.opts.NoSecrets {
		scanSecrets(sc, rel, content)
	}
	var decoded []decodedLit
	if r, d, ok := resolvedCode(rel, content, sc.partials); ok {
		defer sc.restoreEvidence(rel, len(sc.findings), content, r)
		content, decoded = r, d
		sc.setText(content)
	}
	switch k := kindOf(rel, content); k {
	case kindText:
		scanMarkdown(sc, rel, content, lines)
	case kindShell:
		scanShell(sc, rel, content, 1, inScript)
	case kindPython, kindJS:
		scanScriptCode(sc, rel, content, k)
	case kindConfig:
		scanConfig(sc, rel, content, 1, inScript)
		if path.Base(rel) == "package.json" {
			scanPackageScripts(sc, rel, content)
		}
		if isComposerJSON(rel) {
			scanComposerScripts(sc, rel, content)
		}
		if isPyprojectFile(rel) {
			scanPyprojectHooks(sc, rel, content)
		}
		scanCargoMake(sc, rel, content)
	case kindMake:
		scanShell(sc, rel, makeShell(content), 1, inScript)
	case kindDocker:
		scanShell(sc, rel, dockerShell(content), 1, inScript)
	case kindPowerShell:
		scanPowerShell(sc, rel, content, 1, inScript)
		scanOtherTaint(sc, rel, content)
		scanPSEnvSend(sc, rel, content, sc.linked)
	case kindOther:
		if isNotebook(rel) {
			scanNotebook(sc, rel, content)
		}
		if isMarkupFile(rel, content) {
			scanMarkupFile(sc, rel, content)
		}
		scanOtherTaint(sc, rel, content)
		scanStartupEntry(sc, rel, content)
		scanNix(sc, rel, content)
		scanStartupCode(sc, rel, content)
		if otherCode()[strings.ToLower(path.Ext(rel))] {
			scanRemoteLoop(sc, rel, hashCommentsBlanked(rel, content), otherNetDNS, false)
			scanEncoded(sc, rel, content, otherNetDNS, decoded)
		}
		if strings.EqualFold(path.Ext(rel), ".go") {
			scanGoShell(sc, rel, content)
			scanGoCode(sc, rel, content)
			scanGoProgram(sc, rel, content, sc.linked)
		}
		if strings.ToLower(path.Ext(rel)) == ".rb" {
			scanRuby(sc, rel, content)
			scanRakeClean(sc, rel, content)
		}
		scanOtherLang(sc, rel, content)
		scanAntCredExfil(sc, rel, content)
		scanMavenClean(sc, rel, content)
		scanAntClean(sc, rel, content)
		scanMoreLangRuns(sc, rel, content)
		scanStarlark(sc, rel, content)
		scanHaskellShellStdin(sc, rel, content)
		scanDotnetShellStdin(sc, rel, content)
		scanPipelineCode(sc, rel, content)
		scanJsonnetSettings(sc, rel, content)
		scanSQLExfil(sc, rel, content)
		scanPsqlMeta(sc, rel, content)
		scanTerraformExternalSend(sc, rel, content)
		scanTerraformFileSend(sc, rel, content)
		scanTerragruntCmds(sc, rel, content)
		scanHCLHostCmds(sc, rel, content)
		scanDhallImports(sc, rel, content)
		scanRegoSend(sc, rel, content)
		if isCMake(rel) {
			scanCMake(sc, rel, content)
		}
		if isGradle(rel) {
			scanGradle(sc, rel, content)
		}
		if isJenkinsfile(rel, content) {
			scanJenkinsfile(sc, rel, content)
		}
		if isAwk(rel, content) {
			scanAwkNet(sc, rel, content)
		}
		if isFish(rel) {
			scanShell(sc, rel, fishShell(content), 1, inScript)
		}
		scanMeson(sc, rel, content)
		if isAutoconf(rel) {
			scanShell(sc, rel, m4Shell(content), 1, inScript)
		}
		if isJustfile(rel) {
			scanShell(sc, rel, justShell(content), 1, inScript)
			for _, j := range justScripts(content) {
				scanScriptCode(sc, rel, j.text, j.kind)
			}
		}
	}
	if k := kindOf(rel, content); k != kindText {
		scanModelText(sc, rel, content, k)
	}
	scanFormatComments(sc, rel, content)
	scanOpenCodePermission(sc, rel, content)
	scanListedCreds(sc, rel, content, sc.linked)
	scanModuleJoin(sc, rel, content, sc.linked)
	scanAgentModule(sc, rel, content, sc.linked)
	scanDataWipe(sc, rel, wipeCodeOf(rel, content))
	scanStagedCreds(sc, rel, content, sc.staged)
	scanGitFilterSend(sc, rel, content)
	if isHygenTemplate(rel, content) {
		scanHygenTemplate(sc, rel, content)
	}
	if (strings.Contains(content, "/devkit") || strings.Contains(content, "/schematics")) && kindOf(rel, content) == kindJS {
		scanTreeAgentWrites(sc, rel, stripComments(content, kindJS))
	}
}

// lineIndex maps byte offsets to 1-based line numbers.
type lineIndex []int

func newLineIndex(s string) lineIndex {
	li := lineIndex{0}
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			li = append(li, i+1)
		}
	}
	return li
}

// line returns the 1-based line holding byte offset off.
func (li lineIndex) line(off int) int {
	return sort.SearchInts(li, off+1)
}

// firstLine returns the file line of needle's first occurrence in text,
// whose index li is and whose first line is file line line0; line0 when
// needle is absent. Parsed YAML and JSON values carry no usable position
// in the text (a devcontainer.json is standardised first), so their
// findings are placed at the first line naming the key or value.
func (li lineIndex) firstLine(text, needle string, line0 int) int {
	if i := strings.Index(text, needle); i >= 0 {
		return line0 + li.line(i) - 1
	}
	return line0
}

// lineText returns line n (1-based) of s without its newline.
func lineText(s string, li lineIndex, n int) string {
	if n < 1 || n > len(li) {
		return ""
	}
	start := li[n-1]
	end := len(s)
	if n < len(li) {
		end = li[n] - 1
	}
	return s[start:end]
}

// trimmedLine returns line n (1-based) of s trimmed of surrounding space, ""
// when s has no line n: a finding's evidence where no line index of s is
// at hand.
func trimmedLine(s string, n int) string {
	return strings.TrimSpace(lineText(s, newLineIndex(s), n))
}

// fileHints are cheap word checks made once per file.
type fileHints struct {
	miner, bypass, bypassWeak, mdComment bool
	// system: the file may hold a destructive command or a write to a
	// trust file; runner: it may run a registry package (npx, uvx...).
	system, runner bool
}

var (
	minerHints = []string{"stratum", "donate-level", "xmrig", "cryptonight", "randomx", "nicehash", "minexmr", "supportxmr", "nanopool", "2miners", "moneroocean"}
	codeHints  = []string{"exec", "eval", "function", "socket", "net.", "environ", "process.env", ".ssh", "id_", ".aws", ".env", "shadow", "netrc", ".npmrc", ".pypirc", ".docker", "hosts.yml", "credential", "keychain",
		"authorized_keys", "cron", "bashrc", "zshrc", ".profile", "launch", "systemd", "hooks", "curl", "wget", "/dev/tcp", "| sh", "|sh", "bash", "nc ", "chr(", "fromcharcode", "\\x", "[::-1]", "getattr", "decode", "atob", "buffer.from",
		"getenv", "popen", "printenv", "'env'", `"env"`, "cookies", "login data", "gcloud", ".kube", ".azure", ".gnupg", "key4.db", "logins.json", "find-generic", "find-internet", "deno.env", "aws_secret", "client_secret", "vault",
		"aerc", "msmtp", "fetchmailrc", ".fly",
		// credential helpers and password managers run for a secret
		// (credcli.go): the program's name as a word or a literal
		"op read", `"op"`, "'op'", "pass show", `"pass"`, "'pass'", "lpass", "keepassxc-cli", "bw get", `"bw"`, "'bw'", "auth token", `"gh"`, "'gh'"}
)

// bypassHints are the words bypassRe needs one of; bypassWeakHints
// those bypassWeakRe, bypassDescribedRe, bypassLiftRe, bypassStateRe,
// bypassSelfRe, bypassBlanketRe and bypassRouteRe need one of ("approve",
// "accept", "confirm" and "permission" stand for every form of them:
// "approve every", "accepted automatically", "auto-accept", "permission
// prompt"; bypassBlanketRe's other approval words, heldGuardRe's "okay"
// and "go-ahead", and bypassSelfRe's "answer it affirmatively" are listed
// too). The word list holds at most maxWords words, so a hint another
// hint contains is left out.
var (
	bypassHints     = []string{"dangerously", "bypasspermissions", "yolo", "defaultmode", "approval_policy", "approval-policy", "danger-full-access", "-a never", "ask-for-approval", "bypass_permissions", "danger_full_access"}
	bypassWeakHints = []string{"sandbox", "approvals", "auto-approv", "autoapprov", "auto_approv", "auto approv", "permission", "yolo", "confirm", "approval",
		"never ask", "never prompt", "never request", "full disk", "full network", "full file", "full system", "full host", "bash(*)", "approve", "accept",
		"restriction", "guardrail", "safeguard", "fence", "confinement", "prompts", "answer as yes", "answers as yes",
		"authori", "permitted", "sanctioned", "signed off", "signed-off", "say yes", "affirmativ",
		"okay", "ok'd", "go-ahead", "sign-off", "agreed", "consented", "green-lit", "greenlit", "without asking"}
)

// hintSets are minerHints, bypassHints and bypassWeakHints as sets of
// fileWords.
var hintSets = sync.OnceValue(func() *[5]wordSet {
	fw := fileWords()
	return &[5]wordSet{fw.set(minerHints), fw.set(bypassHints), fw.set(bypassWeakHints), fw.set(systemHintsLower()), fw.set(runnerHints)}
})

// hintsOf reads the hints from the file's word occurrences (w, over the
// lower-cased content).
func hintsOf(content string, w *wordHits) fileHints {
	hs := hintSets()
	return fileHints{
		miner:      w.all.meets(&hs[0]),
		bypass:     w.all.meets(&hs[1]),
		bypassWeak: w.all.meets(&hs[2]),
		mdComment:  strings.Contains(content, "]:"),
		system:     w.all.meets(&hs[3]),
		runner:     w.all.meets(&hs[4]),
	}
}

func containsAny(s string, words []string) bool {
	for _, w := range words {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}
