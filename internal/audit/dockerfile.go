package audit

import (
	"encoding/json"
	"path"
	"strings"
)

// isDockerfile reports whether a file is a Dockerfile or Containerfile by
// name: Dockerfile, Containerfile, Dockerfile.dev, app.dockerfile; or an
// Earthfile, whose targets hold the same RUN instructions
// (https://docs.earthly.dev/docs/earthfile).
func isDockerfile(rel string) bool {
	b := strings.ToLower(path.Base(rel))
	return b == "dockerfile" || b == "earthfile" || b == "containerfile" || strings.HasPrefix(b, "dockerfile.") || strings.HasPrefix(b, "containerfile.") ||
		strings.HasSuffix(b, ".dockerfile") || strings.HasSuffix(b, ".containerfile")
}

// dockerShell turns a Dockerfile into the shell its RUN, CMD and
// ENTRYPOINT instructions run, line for line (so findings keep their
// lines), as makeShell does for a Makefile: the instruction keyword goes,
// a continued line (ending in \) stays shell's continuation, comment lines
// inside a continued instruction (which Docker drops) are blanked, the
// exec form (["sh", "-c", "cmd"] or ["prog", "arg"]) becomes the command
// it runs, a here-document body (RUN <<EOF … EOF) is the script, and
// ENV and ARG assignments become shell assignments so the normaliser
// follows them; every other line is left blank. A RUN instruction whose
// command fails fails the build, so each shell-form RUN ends in
// "|| exit 1" (runGate): a digest check anywhere in its && chain stops
// what the later instructions run, as Docker does.
func dockerShell(content string) string {
	lines := strings.Split(content, "\n")
	cont := false     // the previous line continued a RUN, CMD or ENTRYPOINT
	hdocEnd := ""     // the terminator of a here-document body being copied
	keepEnd := false  // the terminator stays (the shell reads the here-document)
	skipping := false // the previous line continued another instruction
	inRun := false    // the continued instruction is a RUN
	inFlags := false  // the continued RUN has given only flags so far
	for i, l := range lines {
		t := strings.TrimSpace(strings.TrimRight(l, "\r"))
		switch {
		case hdocEnd != "":
			if t == hdocEnd {
				if !keepEnd {
					lines[i] = ""
				}
				hdocEnd = ""
			}
			continue // the body stays as it is
		case cont:
			if strings.HasPrefix(t, "#") {
				lines[i] = "\\" // Docker drops it; the command goes on
				continue
			}
			if inFlags {
				// RUN --secret A \ (newline) --secret B \ (newline) cmd
				t = runFlagsCut(t)
				inFlags = t == "\\"
				lines[i] = t
			}
			cont = strings.HasSuffix(t, "\\")
			if m := hdocStart.FindStringSubmatch(t); m != nil && !cont {
				hdocEnd, keepEnd = m[1], true
			} else if !cont && inRun {
				lines[i] = runGate(l)
			}
			continue
		case skipping:
			skipping = strings.HasSuffix(t, "\\")
			lines[i] = ""
			continue
		}
		kw, rest, _ := strings.Cut(t, " ")
		rest = strings.TrimSpace(rest)
		switch strings.ToUpper(kw) {
		case "RUN", "CMD", "ENTRYPOINT":
			rest = runFlagsCut(rest)
			inFlags = rest == "\\"
			if strings.HasPrefix(rest, "<<") && !strings.ContainsAny(rest, " \t|>;&") {
				hdocEnd, keepEnd = strings.Trim(strings.TrimLeft(rest, "<-"), `"'`), false
				lines[i] = ""
				continue
			}
			if strings.HasPrefix(rest, "[") {
				lines[i] = execForm(rest)
				continue
			}
			lines[i] = rest
			cont = strings.HasSuffix(rest, "\\")
			inRun = strings.EqualFold(kw, "RUN")
			if m := hdocStart.FindStringSubmatch(rest); m != nil && !cont {
				hdocEnd, keepEnd = m[1], true
			} else if !cont && inRun {
				lines[i] = runGate(rest)
			}
		case "ENV", "ARG":
			lines[i] = ""
			if k, v, ok := strings.Cut(rest, "="); ok && !strings.ContainsAny(k, " \t") && !strings.HasSuffix(rest, "\\") {
				lines[i] = k + `="` + strings.ReplaceAll(strings.Trim(v, `"`), `"`, `\"`) + `"`
			}
			skipping = strings.HasSuffix(t, "\\")
		default:
			lines[i] = ""
			skipping = strings.HasSuffix(t, "\\")
		}
	}
	return strings.Join(lines, "\n")
}

// runFlagsCut returns a RUN line's text after its flags: Docker's
// --mount=… --network=…, and Earthly's --secret NAME, --mount and --ssh,
// written with or without "=" (--secret NAME takes the next word).
func runFlagsCut(rest string) string {
	for strings.HasPrefix(rest, "--") {
		var flag string
		flag, rest, _ = strings.Cut(rest, " ")
		rest = strings.TrimSpace(rest)
		if (flag == "--secret" || flag == "--mount") && rest != "\\" && !strings.HasPrefix(rest, "--") {
			_, rest, _ = strings.Cut(rest, " ")
			rest = strings.TrimSpace(rest)
		}
	}
	return rest
}

// runGate ends the last line of a RUN instruction's shell with
// "|| exit 1", as the build stops when it fails; a line whose end the
// suffix would not parse after (an open block, a pipe, a comment) is left
// as it is.
func runGate(l string) string {
	t := strings.TrimRight(l, " \t\r;")
	if t == "" || strings.Contains(t, "#") || strings.HasSuffix(t, "&") || strings.HasSuffix(t, "|") || strings.HasSuffix(t, "(") ||
		strings.HasSuffix(t, "{") || strings.HasSuffix(t, "\\") {
		return l
	}
	for _, kw := range []string{"do", "then", "else", "in", "!"} {
		if t == kw || strings.HasSuffix(t, " "+kw) || strings.HasSuffix(t, ";"+kw) {
			return l
		}
	}
	return t + " || exit 1"
}

// hdocStart matches a here-document operator in a shell line: its
// terminator.
var hdocStart = lazyRE(`<<-?\s*['"]?([A-Za-z_][A-Za-z0-9_]*)['"]?`)

// execForm returns the command a JSON exec form runs: the code of a
// shell's -c, else the words quoted for the shell. Text that is not a
// JSON array of strings is left as it is (Docker runs it in a shell).
func execForm(s string) string {
	var words []string
	if err := json.Unmarshal([]byte(s), &words); err != nil || len(words) == 0 {
		return s
	}
	for i := 0; i+2 < len(words); i++ {
		if isShell(strings.ToLower(path.Base(words[i]))) && (words[i+1] == "-c" || words[i+1] == "/c" || words[i+1] == "-Command") {
			return strings.ReplaceAll(words[i+2], "\n", " ")
		}
	}
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
	}
	return strings.Join(q, " ")
}
