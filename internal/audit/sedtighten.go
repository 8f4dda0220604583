package audit

import "strings"

// Which way a shell script's sed -i moves the agent settings it edits in
// place, for rule agent-tamper (see agentsubst.go). `sed -i -e
// 's/^approval_policy *=.*/approval_policy = "on-request"/' "$cfg"` is
// the shell's form of Python's re.sub over the file's text: sedTightens
// reads each command of its scripts as a substitution (s/PAT/REPL/ with
// flags g, I or a count) or a deletion of a key's line (/^KEY…/d) and
// hands it to settingsSubstTightens. Any other command (a, i, c, w, e, a
// range), a script read from a file (-f), -n (only printed lines are
// kept) or -z (the text is no longer read a line at a time) keeps the
// write high.

// sedTightens reports whether sed arguments args (a sed -i call) only
// tighten the agent settings the call edits.
func sedTightens(args []string) bool {
	var scripts []string
	ere, explicit, inPlace, files := false, false, false, 0
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			files += len(args) - i - 1
			i = len(args)
		case a == "-e" || a == "--expression":
			if i+1 >= len(args) {
				return false
			}
			scripts, explicit = append(scripts, args[i+1]), true
			i++
		case strings.HasPrefix(a, "--expression="):
			scripts, explicit = append(scripts, a[len("--expression="):]), true
		case a == "-E" || a == "-r" || a == "--regexp-extended":
			ere = true
		case a == "-i" || strings.HasPrefix(a, "--in-place"):
			inPlace = true
			if a == "-i" && i+1 < len(args) && args[i+1] == "" {
				i++ // BSD sed's empty backup suffix
			}
		case a == "-s" || a == "--separate" || a == "-u" || a == "--unbuffered" || a == "--posix" || a == "--follow-symlinks":
		case strings.HasPrefix(a, "--"):
			return false
		case strings.HasPrefix(a, "-") && len(a) > 1:
			// clustered short options: -E, -r, -s, -u, then -i with
			// its backup suffix (-Ei, -i.bak)
			k := 1
			for ; k < len(a) && strings.IndexByte("Ersu", a[k]) >= 0; k++ {
				if a[k] == 'E' || a[k] == 'r' {
					ere = true
				}
			}
			if k < len(a) {
				if a[k] != 'i' {
					return false // -n, -z, -f, -e with its script glued, …
				}
				inPlace = true
			}
		case !explicit && len(scripts) == 0:
			scripts = append(scripts, a)
		default:
			files++
		}
	}
	if !inPlace || files == 0 || len(scripts) == 0 {
		return false
	}
	d := substSedBRE
	if ere {
		d = substSedERE
	}
	for _, s := range scripts {
		if !sedScriptTightens(s, d) {
			return false
		}
	}
	return true
}

// sedScriptTightens reads a sed script: commands separated by ; or line
// breaks, each a substitution or a key line's deletion that tightens.
func sedScriptTightens(s string, d substDialect) bool {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == ';':
			i++
			continue
		case c == 's' && i+1 < len(s):
			delim := s[i+1]
			if delim == '\\' || delim == '\n' || delim == ' ' {
				return false
			}
			pat, j, ok := sedPart(s, i+2, delim)
			if !ok {
				return false
			}
			repl, k, ok := sedPart(s, j, delim)
			if !ok {
				return false
			}
			for k < len(s) && s[k] != ';' && s[k] != '\n' {
				if f := s[k]; f != 'g' && f != 'I' && (f < '0' || f > '9') && f != ' ' && f != '\t' {
					return false // p, w, e, m: prints, writes, runs, multi-line
				}
				k++
			}
			if !settingsSubstTightens(pat, repl, d, false) {
				return false
			}
			i = k
		case c == '/':
			pat, j, ok := sedPart(s, i+1, '/')
			if !ok || !strings.HasPrefix(pat, "^") {
				return false
			}
			for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
				j++
			}
			if j >= len(s) || s[j] != 'd' {
				return false
			}
			if !settingsSubstTightens(pat, "", d, false) {
				return false
			}
			i = j + 1
		default:
			return false
		}
		n++
	}
	return n > 0
}

// sedPart returns the text of a sed command's part from offset i up to
// delimiter delim (unescaped; an escaped delimiter stands for itself)
// and the offset past it.
func sedPart(s string, i int, delim byte) (string, int, bool) {
	var sb strings.Builder
	for ; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s) && s[i+1] == delim:
			sb.WriteByte(delim)
			i++
		case s[i] == '\\' && i+1 < len(s):
			sb.WriteByte('\\')
			sb.WriteByte(s[i+1])
			i++
		case s[i] == delim:
			return sb.String(), i + 1, true
		default:
			sb.WriteByte(s[i])
		}
	}
	return "", i, false
}
