package sandbox

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// MaxInputs bounds Request.Inputs.
const MaxInputs = 64

// bind is a validated host path shown inside the sandbox: src is the path
// with links resolved (what is mounted), dst the clean path as given (where
// the script finds it).
type bind struct{ src, dst string }

// checkBind validates one Request.Inputs entry or the OutputDir (what names
// it in errors): an absolute path without NUL that exists (a folder, for
// the output), is not the root folder, is neither the home folder nor a
// folder holding it (a script is never given the user's whole home, nor
// /home), is not in the kernel's /proc, /sys or /dev, neither lies in nor
// holds a folder of skilldex's own (protectedFolders: socket folders, data
// dir, config folder), and holds no Unix socket (findSocket). Links are
// resolved first, so a link to / or to the home folder is refused too.
// Errors wrap ErrInvalidRequest.
func checkBind(what, p string, wantDir bool) (bind, error) {
	bad := func(format string, a ...any) (bind, error) {
		return bind{}, fmt.Errorf("%w: %s %s: %s", ErrInvalidRequest, what, p, fmt.Sprintf(format, a...))
	}
	if strings.ContainsRune(p, 0) {
		return bind{}, fmt.Errorf("%w: %s %q: NUL byte", ErrInvalidRequest, what, p)
	}
	if !filepath.IsAbs(p) {
		return bad("not an absolute path")
	}
	src, err := filepath.EvalSymlinks(p)
	if err != nil {
		return bad("%v", unwrapPathError(err))
	}
	fi, err := os.Stat(src)
	if err != nil {
		return bad("%v", unwrapPathError(err))
	}
	if wantDir && !fi.IsDir() {
		return bad("not a folder")
	}
	dst := filepath.Clean(p)
	for _, q := range []string{src, dst} {
		if q == "/" {
			return bad("the root folder cannot be given to a script; name the file or folder it needs")
		}
		for _, sys := range []string{"/proc", "/sys", "/dev"} {
			if within(sys, q) {
				return bad("%s cannot be given to a script", sys)
			}
		}
		for _, home := range homeFolders() {
			if within(q, home) {
				return bad("it holds the home folder %s; a script is never given the whole home folder: name the files or the project folder it needs", home)
			}
		}
		for _, own := range protectedFolders() {
			if within(q, own) || within(own, q) {
				return bad("it holds or lies in %s, a folder of skilldex's own (its server socket, data or settings); name the files or the project folder the script needs", own)
			}
		}
	}
	if sock := findSocket(src); sock != "" {
		return bad("it holds the Unix socket %s, through which a script could talk to a process outside the sandbox; name the files or the folder the script needs", sock)
	}
	return bind{src: src, dst: dst}, nil
}

// homeFolders are the home folders checkBind protects: $HOME, the
// account's home, and root's; with links resolved.
func homeFolders() []string {
	var out []string
	add := func(h string) {
		if h == "" || !filepath.IsAbs(h) {
			return
		}
		h = filepath.Clean(h)
		if r, err := filepath.EvalSymlinks(h); err == nil {
			out = append(out, r)
		}
		out = append(out, h)
	}
	if h, err := os.UserHomeDir(); err == nil {
		add(h)
	}
	add(os.Getenv("HOME"))
	add("/root")
	return out
}

// checkBinds validates Request.Inputs and OutputDir.
func checkBinds(req Request) (inputs []bind, out *bind, err error) {
	if len(req.Inputs) > MaxInputs {
		return nil, nil, fmt.Errorf("%w: %d inputs; at most %d (give their folder instead)", ErrInvalidRequest, len(req.Inputs), MaxInputs)
	}
	for _, in := range req.Inputs {
		b, err := checkBind("input", in, false)
		if err != nil {
			return nil, nil, err
		}
		inputs = append(inputs, b)
	}
	if req.OutputDir != "" {
		b, err := checkBind("output folder", req.OutputDir, true)
		if err != nil {
			return nil, nil, err
		}
		out = &b
	}
	return inputs, out, nil
}

// pathInErrorRE finds the absolute paths in lines that say a file is
// missing or read-only, as Python (FileNotFoundError: [Errno 2] No such
// file or directory: '/x'), Node (ENOENT: no such file or directory, open
// '/x'), the shell and coreutils (cat: /x: No such file or directory)
// write them.
var pathInErrorRE = regexp.MustCompile(`(?:^|[\s'"(\[=:,])(/[^\s'":,)\]]+)`)

// Unreachable lists what a failed run's stderr says it could not find or
// could not write, for a front-end's hint: missing are absolute paths
// reported missing that the sandbox did not show (neither in the skill
// folder, an input, the output folder, nor the sandbox's own /tmp or
// system folders), so the likely cause is that they were not given as
// inputs; readOnly are paths a write was refused on ("Read-only file
// system", "Permission denied") outside the output folder. Only
// meaningful for an isolating sandbox (Bubblewrap): under None every path
// is visible and a missing file is really missing.
func Unreachable(req Request, stderr string) (missing, readOnly []string) {
	// The sandbox's own /tmp is empty but for the working folder, and of
	// /etc only the runtime's files are there: a missing path below either
	// counts as not given.
	visible := []string{req.SkillDir, "/tmp/" + strings.TrimSuffix(workDirPattern, "*"), "/usr", "/bin", "/sbin", "/lib", "/lib64", "/proc", "/dev"}
	if r, err := filepath.EvalSymlinks(req.SkillDir); err == nil {
		visible = append(visible, r)
	}
	visible = append(visible, req.Inputs...)
	var out []string
	if req.OutputDir != "" {
		out = append(out, filepath.Clean(req.OutputDir))
		visible = append(visible, out...)
	}
	seen := map[string]bool{} // "m"+path, "r"+path
	under := func(list []string, p string) bool {
		for _, v := range list {
			if v == "" {
				continue
			}
			if v = filepath.Clean(v); within(v, p) || (strings.HasSuffix(v, "-") && strings.HasPrefix(p, v)) {
				return true
			}
		}
		return false
	}
	for _, line := range strings.Split(stderr, "\n") {
		lower := strings.ToLower(line)
		notFound := strings.Contains(lower, "no such file or directory") || strings.Contains(line, "ENOENT") || strings.Contains(line, "FileNotFoundError")
		noWrite := strings.Contains(lower, "read-only file system") || strings.Contains(line, "EROFS") || strings.Contains(lower, "permission denied") || strings.Contains(line, "EACCES")
		if !notFound && !noWrite {
			continue
		}
		for _, m := range pathInErrorRE.FindAllStringSubmatch(line, -1) {
			p := filepath.Clean(m[1])
			switch {
			case notFound && !under(visible, p) && !seen["m"+p]:
				seen["m"+p] = true
				missing = append(missing, p)
			case noWrite && !under(out, p) && !seen["r"+p]:
				seen["r"+p] = true
				readOnly = append(readOnly, p)
			}
		}
	}
	return missing, readOnly
}
