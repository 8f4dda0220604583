package audit

import "strings"

// Rule download-exec for a Python or JavaScript dropper that downloads
// with a program rather than a library: subprocess.run(["curl", "-fsSL",
// "-o", path, url]) or wget -O path (an argv, or a command line the
// script builds, f"curl -o {path} {url}"; in Python also an argv bound
// once to a name, cmd = ["curl", …]; subprocess.run(cmd)) writes path as
// urlretrieve does, and a later subprocess.run(["sh", path]), ["bash",
// path] or [path] runs what the server sent, as the shell's curl -o x
// URL; sh x does. The saved path is read as a write of the script
// (dropper.go follows it through the script's assignments); a path the
// command line renders (f"{tmp}/install.sh") is compared with the
// rendered program or script of each later run
// (os.path.join(tmp, "install.sh")). A fetch that prints (curl URL, -o
// -) or saves by the URL's name (curl -O) names no path here.

// codeFetchLit is a fetch program named in a Python string literal that
// starts an argv or a command line: the file may download without a
// library.
var codeFetchLit = lazyRE(`['"](?:curl|wget)['"]\s*,|['"](?:curl|wget)\s+-`)

// codeFetchWrites returns the paths the process calls runs of script f
// save a download to: the expressions of a fetch's output argument
// ("{path}" rendered, as the script's expression) and every output
// argument as rendered text. p resolves a Python argv bound to a name
// (nil for JavaScript).
func codeFetchWrites(f string, runs []jsRun, js bool, p *pyFolder) (exprs []string, rendered map[string]bool) {
	rendered = map[string]bool{}
	for _, r := range runs {
		if r.after > len(f) {
			continue
		}
		args := codeArgvBound(callArgs(f[r.after:]), js, p)
		shell := r.name == "os.system" || r.name == "os.popen" || js && strings.HasPrefix(r.name, "exec") && !strings.HasPrefix(r.name, "execFile")
		segs, _ := codeCommand(args, shell, js)
		for _, seg := range segs {
			for _, w := range fetchOutputs(seg) {
				rendered[w] = true
				if strings.HasPrefix(w, "{") && strings.HasSuffix(w, "}") && strings.Count(w, "{") == 1 {
					exprs = append(exprs, strings.TrimSpace(w[1:len(w)-1]))
				}
			}
		}
		if len(exprs) >= 32 {
			break
		}
	}
	return exprs, rendered
}

// codeArgvBound returns args with a Python argv given by a name bound
// once to a list (cmd = ["curl", …]; subprocess.run(cmd)) replaced by
// the list.
func codeArgvBound(args []string, js bool, p *pyFolder) []string {
	if js || p == nil || len(args) == 0 || !isPyIdent(strings.TrimSpace(args[0])) {
		return args
	}
	vals, ok := p.values(strings.TrimSpace(args[0]))
	if !ok || len(vals) != 1 || !strings.HasPrefix(vals[0], "[") {
		return args
	}
	return append([]string{vals[0]}, args[1:]...)
}

// fetchOutputs returns the files one rendered command (a fetch, after
// its wrappers) saves to: curl's -o, --output, --output=; wget's -O,
// --output-document, --output-document=; not standard output (-).
func fetchOutputs(words []string) []string {
	for len(words) > 0 && (wrappers()[commandName(words[0])] || strings.Contains(words[0], "=") && !strings.HasPrefix(words[0], "{")) {
		words = words[1:]
		for len(words) > 1 && strings.HasPrefix(words[0], "-") {
			words = words[1:]
		}
	}
	if len(words) == 0 {
		return nil
	}
	name := commandName(words[0])
	if name != "curl" && name != "wget" {
		return nil
	}
	var out []string
	add := func(w string) {
		if w != "" && w != "-" && w != "/dev/null" && !strings.Contains(w, "://") {
			out = append(out, w)
		}
	}
	args := words[1:]
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case strings.HasPrefix(a, "--output=") || strings.HasPrefix(a, "--output-document="):
			add(a[strings.IndexByte(a, '=')+1:])
		case a == "--output" || a == "--output-document":
			if i+1 < len(args) {
				add(args[i+1])
				i++
			}
		case len(a) > 1 && a[0] == '-' && a[1] != '-':
			flag := byte('o')
			if name == "wget" {
				flag = 'O'
			}
			if k := strings.IndexByte(a, flag); k > 0 {
				if k < len(a)-1 {
					add(a[k+1:]) // -ofile, -Ofile
				} else if i+1 < len(args) {
					add(args[i+1])
					i++
				}
			}
		}
	}
	return out
}

// runsRendered reports whether a process call's rendered commands run a
// file saved to one of the rendered paths: as the program, or as the
// script a shell or interpreter (or a name of interp) is given.
func runsRendered(segs [][]string, rendered, interp map[string]bool) bool {
	if len(rendered) == 0 {
		return false
	}
	for _, words := range segs {
		for len(words) > 0 && wrappers()[commandName(words[0])] {
			words = words[1:]
		}
		if len(words) == 0 {
			continue
		}
		if rendered[words[0]] {
			return true
		}
		cmd := strings.Trim(words[0], "{}")
		if !interpreters()[commandName(words[0])] && !jsInterpreter(commandName(words[0])) && !interp[cmd] {
			continue
		}
		if a := scriptArg(call{name: commandName(words[0]), args: words[1:]}); a != "" && rendered[a] {
			return true
		}
	}
	return false
}

// nonFetchText returns the words of the rendered commands that are not
// fetches (curl, wget) or, by skip, version-control clones (git clone,
// svn checkout: vcsFetchCmd): a command line naming a path only where a
// fetch or a clone saves it does not run it. A cd is left out too when
// nothing else remains ((cd {dir} && git checkout {rev}) runs nothing
// from dir).
func nonFetchText(segs [][]string, skip func([]string) bool) string {
	var b, cds strings.Builder
	for _, words := range segs {
		for len(words) > 0 && wrappers()[commandName(words[0])] {
			words = words[1:]
		}
		if len(words) == 0 || fetchers()[commandName(words[0])] || skip(words) {
			continue
		}
		if strings.TrimLeft(words[0], "(") == "cd" {
			cds.WriteString(" " + strings.Join(words, " "))
			continue
		}
		b.WriteString(" " + strings.Join(words, " "))
	}
	if b.Len() == 0 {
		return ""
	}
	return b.String() + cds.String()
}
