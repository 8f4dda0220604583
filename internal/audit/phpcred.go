package audit

import (
	"path"
	"strings"
)

// PHP's credential reads for rule credential-exfil (read by pattern in
// scanOtherTaint, with the send of otherNet and otherNetPHP), in the
// ways PHP programs spell the paths. A PHP program keeps its path logic
// in helpers: a function or method that returns the home folder
// (Sources::home() built on getenv('HOME'), $_SERVER['HOME'] or
// posix_getpwuid), declared in the script or in a PHP file of the skill
// it requires or autoloads, and a constant bound to one. A call of such
// a helper refers to the home folder as getenv('HOME') in the script
// would, so a credential path part the script joins to it
// (Sources::home() . '/.netrc') is that file read. A helper returning
// Composer's home (COMPOSER_HOME, ~/.composer, ~/.config/composer, or
// one calling such a helper) makes the literal 'auth.json' joined to it
// Composer's auth.json, the token or password of every private package
// host. A secret variable read by name (getenv('COMPOSER_AUTH'),
// $_ENV['AWS_SECRET_ACCESS_KEY'], $_SERVER[...], or getenv($v) over a
// list naming one) is what Ruby's ENV['AWS_SECRET_ACCESS_KEY'] is: sent
// by the same script, theft (sdkSecretVars; COMPOSER_AUTH is Composer's
// auth.json passed in the environment). The read alone stays what the
// other languages' reads are: a path is credential-read, an
// environment read nothing.

var (
	// phpFuncDef opens a function or method declaration: its name.
	phpFuncDef = lazyRE(`(?i)\bfunction\s+&?\s*([A-Za-z_]\w*)\s*\(`)
	// phpConstDef binds a constant: const NAME = value; or
	// define('NAME', value);
	phpConstDef = lazyRE(`(?i)\bconst\s+([A-Za-z_]\w*)\s*=\s*([^;]{1,300});|\bdefine\s*\(\s*['"]([A-Za-z_]\w*)['"]\s*,\s*([^;]{1,300})\)\s*;`)
	// phpCall is a call of a function or method by name (a declaration
	// when group 1 is set).
	phpCall = lazyRE(`(?i)(\bfunction\s+&?\s*)?\b([A-Za-z_]\w*)\s*\(`)
	// composerHomeRef names Composer's home folder: its variable or
	// the folders Composer defaults to.
	composerHomeRef = lazyRE(`\bCOMPOSER_HOME\b|['"][^'"\n]*(?:\.composer|\.config[/\\]composer|[/\\]Composer)[/\\]?['"]`)
	// composerAuthPart is the auth.json part of a path joined to it.
	composerAuthPart = lazyRE(`^['"][/\\]?auth\.json['"]$`)
	// phpEnvSecret reads one secret variable by name; phpEnvByName
	// reads one whose name a variable holds.
	phpEnvSecret = lazyRE(`\bgetenv\s*\(\s*['"](?:` + sdkSecretVars + `)['"]|\$_(?:ENV|SERVER)\s*\[\s*['"](?:` + sdkSecretVars + `)['"]`)
	phpEnvByName = lazyRE(`\bgetenv\s*\(\s*\$|\$_(?:ENV|SERVER)\s*\[\s*\$`)
	// sdkSecretLit is a string literal naming such a variable.
	sdkSecretLit = lazyRE(`['"](?:` + sdkSecretVars + `)['"]`)
	// fmtPathHead is a format verb opening a string literal, the home
	// folder's place in sprintf('%s/.netrc', $home) or '%1$s/.ssh'.
	fmtPathHead = lazyRE(`^['"]%(?:\d+\\?\$)?[sv][/\\]`)
)

// isPHPFile reports whether rel is a PHP file.
func isPHPFile(rel string) bool {
	return strings.EqualFold(path.Ext(rel), ".php")
}

// phpHelpers are the helpers of a PHP program (see above) by lower-case
// name: functions returning the home folder or Composer's home, and
// constants bound to them.
type phpHelpers struct {
	home, composer           map[string]bool
	homeConsts, composerCons []string
}

// phpHelpersOf collects the helpers declared in the PHP code (comments
// blanked) and in the PHP modules of the skill it links.
func phpHelpersOf(code string, linked []linkedFile) phpHelpers {
	bodies := map[string]string{}
	consts := map[string]string{}
	collect := func(c string) {
		for _, m := range phpFuncDef.FindAllStringSubmatchIndex(c, 256) {
			name := strings.ToLower(c[m[2]:m[3]])
			open := closerOf(c, m[1]-1)
			if open < 0 {
				continue
			}
			brace := strings.IndexAny(c[open:], "{;")
			if brace < 0 || c[open+brace] != '{' {
				continue // abstract or interface: no body
			}
			end := closerOf(c, open+brace)
			if end < 0 {
				continue
			}
			bodies[name] += c[open+brace:end] + "\n"
		}
		for _, m := range phpConstDef.FindAllStringSubmatch(c, 256) {
			if m[1] != "" {
				consts[m[1]] = m[2]
			} else {
				consts[m[3]] = m[4]
			}
		}
	}
	collect(code)
	for _, l := range linked {
		if !l.data && isPHPFile(l.rel) {
			collect(codeCommentsBlanked(l.text, "php"))
		}
	}
	h := phpHelpers{home: map[string]bool{}, composer: map[string]bool{}}
	// a helper calling a helper gives what that one gives: a few rounds
	// reach any chain a program writes
	for range 4 {
		grew := false
		for name, body := range bodies {
			if !h.home[name] && (homeRef.MatchString(body) || h.calls(body, h.home)) {
				h.home[name], grew = true, true
			}
			if !h.composer[name] && (composerHomeRef.MatchString(body) || h.calls(body, h.composer)) {
				h.composer[name], grew = true, true
			}
		}
		if !grew {
			break
		}
	}
	for name, value := range consts {
		if homeRef.MatchString(value) || h.calls(value, h.home) {
			h.homeConsts = append(h.homeConsts, name)
		}
		if composerHomeRef.MatchString(value) || h.calls(value, h.composer) {
			h.composerCons = append(h.composerCons, name)
		}
	}
	return h
}

// calls reports whether code calls one of the functions in set.
func (h phpHelpers) calls(code string, set map[string]bool) bool {
	if len(set) == 0 {
		return false
	}
	for _, m := range phpCall.FindAllStringSubmatch(code, -1) {
		if m[1] == "" && set[strings.ToLower(m[2])] {
			return true
		}
	}
	return false
}

// usesConst reports whether code names one of the constants.
func usesConst(code string, names []string) bool {
	for _, n := range names {
		if wordIndex(code, n, 0) >= 0 {
			return true
		}
	}
	return false
}

// homeCalled reports whether code reaches the home folder through a
// helper.
func (h phpHelpers) homeCalled(code string) bool {
	return h.calls(code, h.home) || usesConst(code, h.homeConsts)
}

// composerAuth returns the byte range in text of the literal auth.json
// part the code joins to Composer's home folder (named in the code or
// reached through a helper), or nil.
func (h phpHelpers) composerAuth(text, code string) []int {
	if !strings.Contains(code, "auth.json") {
		return nil
	}
	if !composerHomeRef.MatchString(code) && !h.calls(code, h.composer) && !usesConst(code, h.composerCons) {
		return nil
	}
	for _, l := range strLit.FindAllStringIndex(code, -1) {
		if composerAuthPart.MatchString(code[l[0]:l[1]]) && !credNeedle(text, l[0], l[1]) {
			return l
		}
	}
	return nil
}

// phpEnvSecretRead returns the byte range of the PHP code's first read
// of a secret variable (see above), or nil, and the variable read.
func phpEnvSecretRead(code string) ([]int, string) {
	if m := phpEnvSecret.FindStringIndex(code); m != nil {
		return m, sdkSecretLit.FindString(code[m[0]:m[1]])
	}
	if m := phpEnvByName.FindStringIndex(code); m != nil {
		if n := sdkSecretLit.FindString(code); n != "" {
			return m, n
		}
	}
	return nil, ""
}

// fmtCredPart reports whether a string literal is a format string whose
// verb stands for the home folder before a credential path part or a
// home-relative credential path ('%s/.netrc', "%1\$s/.ssh/id_rsa").
func fmtCredPart(lit string) bool {
	head := fmtPathHead.FindString(lit)
	if head == "" {
		return false
	}
	rest := lit[:1] + lit[len(head):]
	return credPartRe.MatchString(rest) || relCredPath(rest)
}

// phpUseStmt imports a class by its qualified name (use A\B\C; or
// use A\B\C as D;): group 1 the name.
var phpUseStmt = lazyRE(`(?im)^\s*use\s+\\?((?:\w+\\)*\w+)(?:\s+as\s+\w+)?\s*[;,]`)

// phpUsesClass reports whether the PHP code names the class that the
// skill's PHP file f holds by an autoloader's convention (its base name):
// imported with use, or its static member reached (Sources::home()).
func phpUsesClass(code, f string) bool {
	class := strings.TrimSuffix(path.Base(f), path.Ext(f))
	if class == "" || !isIdent(class) {
		return false
	}
	for _, m := range phpUseStmt.FindAllStringSubmatch(code, 64) {
		if m[1] == class || strings.HasSuffix(m[1], `\`+class) {
			return true
		}
	}
	for i := wordIndex(code, class, 0); i >= 0; i = wordIndex(code, class, i+len(class)) {
		if strings.HasPrefix(strings.TrimLeft(code[i+len(class):], " \t"), "::") {
			return true
		}
	}
	return false
}
