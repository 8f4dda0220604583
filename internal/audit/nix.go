package audit

import (
	"path"
	"strings"
)

// Nix has no Go parser the audit could use; its strings are what runs.
// A flake's shellHook, a derivation's build phases, pkgs.writeShellScript
// and a NixOS module's script are shell held in Nix strings ("..." or
// ''...''), and pkgs.writeText can hold a systemd unit a shellHook copies
// into ~/.config/systemd/user. scanNix reads each string as the shell (or
// unit file) it becomes, with the interpolations Nix resolves replaced
// by what they evaluate to where the file itself says so.

var (
	// nixBindRe matches a binding of a name to a string literal or to
	// builtins.concatStringsSep / lib.concatStringsSep of a list of
	// literals (a host split into parts): name = "x"; or
	// name = builtins.concatStringsSep "." [ "a" "b" ];
	nixBindRe = lazyRE(`(?m)(?:^|[\s;{])([A-Za-z_][\w'-]*)\s*=\s*(?:"((?:[^"\\$]|\\.|\$[^{])*)"|(?:builtins|lib|pkgs\.lib)\.concatStringsSep\s+"((?:[^"\\]|\\.)*)"\s*\[((?:\s*"(?:[^"\\$]|\\.)*")*)\s*\])\s*;`)
	// nixListItemRe matches one string of a list of literals.
	nixListItemRe = lazyRE(`"((?:[^"\\$]|\\.)*)"`)
	// nixFileBindRe matches a binding of a name to a file a builder
	// writes (pkgs.writeText "name" ...): the name then interpolates
	// to that file's store path.
	nixFileBindRe = lazyRE(`(?m)(?:^|[\s;{])([A-Za-z_][\w'-]*)\s*=\s*(?:pkgs\.)?(?:writeText|writeTextFile|writeScript|writeShellScript|writeShellScriptBin|writeScriptBin)\s+"([^"$\\]*)"`)
	// nixInterpRe matches an interpolation ${...} with no nested brace.
	nixInterpRe = lazyRE(`\$\{\s*([^{}]*?)\s*\}`)
	// nixPkgRe matches a package attribute path: pkgs.curl,
	// pkgs.python3Packages.x.
	nixPkgRe = lazyRE(`^(?:pkgs|nixpkgs|self\.packages\.[\w.-]+)\.([\w.-]+)$`)
	// nixUnitRe matches a unit file's section header or Exec line.
	// nixNonWordRe matches what a shell variable name cannot hold.
	nixNonWordRe = lazyRE(`\W`)
	nixUnitRe    = lazyRE(`(?m)^[ \t]*(?:\[(?:Unit|Service|Timer|Install|Desktop Entry)\]|Exec\w*[ \t]*=)`)
)

// isNix reports a Nix expression file (flake.nix, default.nix, shell.nix).
func isNix(rel string) bool { return strings.EqualFold(path.Ext(rel), ".nix") }

// nixString is one string literal of a Nix file: its decoded text with
// interpolations left in, and the offset of its first character.
type nixString struct {
	text string
	off  int
}

// nixStrings returns the strings of a Nix file, double-quoted and
// indented (opened and closed by two single quotes), with their escapes
// decoded (backslash escapes; in an indented string two single quotes
// before $, a single quote or a backslash escape) and comments (# to end
// of line, /* */) outside strings skipped. An indented string loses its
// common leading indentation, as Nix strips it (its first line break is
// kept, so lines count from where it opens). An unterminated string runs
// to the end of the file.
func nixStrings(src string) []nixString {
	var out []nixString
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '#':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '/' && strings.HasPrefix(src[i:], "/*"):
			e := strings.Index(src[i+2:], "*/")
			if e < 0 {
				return out
			}
			i += e + 4
		case c == '"':
			var b strings.Builder
			j := i + 1
			for ; j < len(src) && src[j] != '"'; j++ {
				if src[j] == '\\' && j+1 < len(src) {
					j++
					switch src[j] {
					case 'n':
						b.WriteByte('\n')
					case 't':
						b.WriteByte('\t')
					case 'r':
					default:
						b.WriteByte(src[j])
					}
					continue
				}
				b.WriteByte(src[j])
			}
			out = append(out, nixString{b.String(), i + 1})
			i = j + 1
		case c == '\'' && strings.HasPrefix(src[i:], "''"):
			var b strings.Builder
			j := i + 2
			for j < len(src) {
				if strings.HasPrefix(src[j:], "''") {
					rest := src[j+2:]
					switch {
					case strings.HasPrefix(rest, "$"):
						b.WriteByte('$')
						j += 3
						continue
					case strings.HasPrefix(rest, "'"):
						b.WriteString("''")
						j += 3
						continue
					case strings.HasPrefix(rest, "\\") && len(rest) > 1:
						switch rest[1] {
						case 'n':
							b.WriteByte('\n')
						case 't':
							b.WriteByte('\t')
						default:
							b.WriteByte(rest[1])
						}
						j += 4
						continue
					}
					break
				}
				b.WriteByte(src[j])
				j++
			}
			out = append(out, nixString{dedentNix(b.String()), i + 2})
			i = j + 2
		default:
			i++
		}
	}
	return out
}

// dedentNix strips the smallest indentation of the non-blank lines from
// every line, as Nix does for an indented string. Lines are kept, so
// offsets still map to lines.
func dedentNix(s string) string {
	lines := strings.Split(s, "\n")
	min := -1
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		n := len(l) - len(strings.TrimLeft(l, " "))
		if min < 0 || n < min {
			min = n
		}
	}
	if min <= 0 {
		return s
	}
	for i, l := range lines {
		if len(l) >= min {
			lines[i] = l[min:]
		} else {
			lines[i] = strings.TrimLeft(l, " ")
		}
	}
	return strings.Join(lines, "\n")
}

// nixEnv is what the file's own bindings say its interpolations are:
// names bound to strings (joined lists too) and names bound to files a
// builder writes (their store paths).
func nixEnv(src string) map[string]string {
	env := map[string]string{}
	for _, m := range nixBindRe.FindAllStringSubmatch(src, 256) {
		if m[4] != "" || m[3] != "" {
			var parts []string
			for _, it := range nixListItemRe.FindAllStringSubmatch(m[4], 64) {
				parts = append(parts, it[1])
			}
			env[m[1]] = strings.Join(parts, m[3])
			continue
		}
		env[m[1]] = m[2]
	}
	for _, m := range nixFileBindRe.FindAllStringSubmatch(src, 256) {
		env[m[1]] = "/nix/store/" + m[2]
	}
	return env
}

// resolveNix replaces the interpolations of s: a bound name by its value
// (twice, for a binding that names another), a package by its store path
// (${pkgs.curl}/bin/curl is curl), anything else by a shell variable
// ($NIX_x) so the shell rules still see a computed value, not text.
func resolveNix(s string, env map[string]string) string {
	for pass := 0; pass < 2 && strings.Contains(s, "${"); pass++ {
		s = nixInterpRe.ReplaceAllStringFunc(s, func(m string) string {
			name := nixInterpRe.FindStringSubmatch(m)[1]
			if v, ok := env[name]; ok {
				return v
			}
			if p := nixPkgRe.FindStringSubmatch(name); p != nil {
				return "/nix/store/" + p[1]
			}
			return "$NIX_" + nixNonWordRe.ReplaceAllString(name, "_")
		})
	}
	return s
}

// scanNix runs the shell rules over every string of a Nix file, resolved,
// as the script it becomes; a string holding a systemd unit or desktop
// entry is read as one (its Exec lines are commands run at every login,
// boot or schedule). Findings carry the file's lines.
func scanNix(sc *skillCtx, rel, content string) {
	if !isNix(rel) {
		return
	}
	scanNixCredFetch(sc, rel, content)
	env := nixEnv(content)
	for _, s := range nixStrings(content) {
		if !strings.ContainsAny(s.text, " \n") {
			continue // a word, a URL or a path: no command
		}
		text := resolveNix(s.text, env)
		line0 := 1 + strings.Count(content[:s.off], "\n")
		if nixUnitRe.MatchString(text) {
			for _, m := range startupExec.FindAllStringSubmatchIndex(text, 64) {
				cmd := strings.TrimLeft(text[m[2]:m[3]], "-@:+!")
				cmd = strings.NewReplacer("%h", "$HOME", "%u", "$USER", "%%", "%").Replace(cmd)
				scanShell(sc, rel, cmd, line0+strings.Count(text[:m[0]], "\n"), inScript)
			}
			continue
		}
		scanShell(sc, rel, text, line0, inScript)
	}
}
