package sources

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"strconv"
	"strings"
	"syscall"
)

// RefusedError is a source skilldex will not bring into the catalog: what
// it holds breaks a safety rule (a link out of the repository, a
// submodule, a file or repository over the limits, a path naming .git) or
// an audit finding of high or critical severity. Nothing of it is kept but
// the fetched git objects in the cache.
type RefusedError struct {
	// Source is the source's name or URL; Reasons one line each.
	Source  string
	Reasons []string
}

// Error implements error: the source and the reasons it was refused (the
// first ten, then how many more).
func (e *RefusedError) Error() string {
	const max = 10
	r := e.Reasons
	more := ""
	if len(r) > max {
		more = fmt.Sprintf("\n  ... and %d more", len(r)-max)
		r = r[:max]
	}
	return fmt.Sprintf("source %s refused:\n  %s%s", e.Source, strings.Join(r, "\n  "), more)
}

// treeEntry is one entry of `git ls-tree -r -l`.
type treeEntry struct {
	mode, typ, oid string
	size           int64
	path           string
}

// lsTree lists the tree of commit below subpath, recursively, paths
// relative to subpath. A subpath that is not a folder of the commit is an
// error saying so.
func (g *gitRunner) lsTree(ctx context.Context, repo, commit, subpath string) ([]treeEntry, error) {
	obj := commit + "^{tree}"
	if subpath != "" {
		obj = commit + ":" + subpath
		out, err := g.run(ctx, repo, nil, "cat-file", "-t", obj)
		if err != nil || strings.TrimSpace(string(out)) != "tree" {
			return nil, fmt.Errorf("--path %s is not a folder in commit %s", subpath, short(commit))
		}
	}
	out, err := g.run(ctx, repo, nil, "ls-tree", "-r", "-z", "-l", "--full-tree", obj)
	if err != nil {
		return nil, err
	}
	var es []treeEntry
	for _, rec := range bytes.Split(out, []byte{0}) {
		if len(rec) == 0 {
			continue
		}
		meta, p, ok := bytes.Cut(rec, []byte{'\t'})
		if !ok {
			return nil, fmt.Errorf("git ls-tree: unexpected line %q", rec)
		}
		f := strings.Fields(string(meta))
		if len(f) != 4 {
			return nil, fmt.Errorf("git ls-tree: unexpected line %q", rec)
		}
		e := treeEntry{mode: f[0], typ: f[1], oid: f[2], path: string(p), size: -1}
		if n, err := strconv.ParseInt(f[3], 10, 64); err == nil {
			e.size = n
		}
		es = append(es, e)
	}
	return es, nil
}

// isGitName reports whether a path component would be read as a .git
// folder by git or a file system: ".git" in any case, with trailing dots
// or spaces (Windows), or its 8.3 short name "git~1" (NTFS).
func isGitName(part string) bool {
	t := strings.ToLower(strings.TrimRight(part, ". "))
	return t == ".git" || t == "git~1"
}

// checkTree applies the safety rules and limits to a tree's entries;
// links are checked by resolving them inside the tree (checkLinks). It
// returns every reason to refuse, not only the first.
func checkTree(es []treeEntry, targets map[string]string, lim Limits) []string {
	var reasons []string
	var total int64
	if lim.MaxFiles > 0 && len(es) > lim.MaxFiles {
		reasons = append(reasons, fmt.Sprintf("%d files, over the limit of %d files per source", len(es), lim.MaxFiles))
	}
	for _, e := range es {
		for _, part := range strings.Split(e.path, "/") {
			if part == "" || part == "." || part == ".." || isGitName(part) {
				reasons = append(reasons, fmt.Sprintf("%s: a path naming .git, '.' or '..' (a repository trick)", quote(e.path)))
				break
			}
		}
		switch e.mode {
		case "160000":
			reasons = append(reasons, fmt.Sprintf("%s: a git submodule (submodules are never fetched; vendor the files instead)", quote(e.path)))
			continue
		case "120000":
			continue // checkLinks
		case "100644", "100755", "100664":
		default:
			reasons = append(reasons, fmt.Sprintf("%s: unsupported git file mode %s", quote(e.path), e.mode))
			continue
		}
		if e.size < 0 {
			reasons = append(reasons, fmt.Sprintf("%s: size unknown", quote(e.path)))
			continue
		}
		if lim.MaxFileBytes > 0 && e.size > lim.MaxFileBytes {
			reasons = append(reasons, fmt.Sprintf("%s: %s, over the limit of %s per file", quote(e.path), FormatBytes(e.size), FormatBytes(lim.MaxFileBytes)))
		}
		total += e.size
	}
	if lim.MaxTreeBytes > 0 && total > lim.MaxTreeBytes {
		reasons = append(reasons, fmt.Sprintf("%s of files, over the limit of %s per source", FormatBytes(total), FormatBytes(lim.MaxTreeBytes)))
	}
	return append(reasons, checkLinks(es, targets)...)
}

// checkLinks refuses symbolic links that are absolute or that, resolved
// inside the tree (following links in the tree, as the file system
// would), lead out of it. targets maps a link's path to its target.
func checkLinks(es []treeEntry, targets map[string]string) []string {
	var reasons []string
	for _, e := range es {
		if e.mode != "120000" {
			continue
		}
		t := targets[e.path]
		switch {
		case t == "" || strings.ContainsRune(t, 0):
			reasons = append(reasons, fmt.Sprintf("%s: an empty or malformed symbolic link", quote(e.path)))
		case strings.HasPrefix(t, "/") || strings.HasPrefix(t, "~") || strings.Contains(t, "\\") || (len(t) > 1 && t[1] == ':'):
			reasons = append(reasons, fmt.Sprintf("%s: a symbolic link to the absolute path %s", quote(e.path), quote(t)))
		default:
			if !resolvesInside(e.path, targets) {
				reasons = append(reasons, fmt.Sprintf("%s: a symbolic link to %s, outside the repository", quote(e.path), quote(t)))
			}
		}
	}
	return reasons
}

// resolvesInside follows the link at p through the tree's links (at most
// 40, as Linux does) and reports whether every step stays inside the tree.
func resolvesInside(p string, targets map[string]string) bool {
	hops := 0
	var walk func(stack []string, target string) ([]string, bool)
	walk = func(stack []string, target string) ([]string, bool) {
		for _, part := range strings.Split(target, "/") {
			switch part {
			case "", ".":
				continue
			case "..":
				if len(stack) == 0 {
					return nil, false
				}
				stack = stack[:len(stack)-1]
				continue
			}
			if isGitName(part) {
				return nil, false
			}
			stack = append(stack, part)
			if t, ok := targets[strings.Join(stack, "/")]; ok {
				if hops++; hops > 40 || strings.HasPrefix(t, "/") {
					return nil, false
				}
				var ok bool
				if stack, ok = walk(append([]string(nil), stack[:len(stack)-1]...), t); !ok {
					return nil, false
				}
			}
		}
		return stack, true
	}
	if strings.HasPrefix(targets[p], "/") {
		return false // never relative to the tree (checkLinks says so first)
	}
	dir := path.Dir(p)
	var stack []string
	if dir != "." {
		stack = strings.Split(dir, "/")
	}
	_, ok := walk(stack, targets[p])
	return ok
}

func quote(s string) string { return strconv.Quote(s) }

// catFile streams the blobs of es through one `git cat-file --batch` and
// calls fn with each entry and a reader of exactly its content.
func (g *gitRunner) catFile(ctx context.Context, repo string, es []treeEntry, fn func(treeEntry, io.Reader) error) error {
	if len(es) == 0 {
		return nil
	}
	bin, err := exec.LookPath("git")
	if err != nil {
		return ErrNoGit
	}
	args := []string{}
	for _, c := range gitConfig {
		args = append(args, "-c", c)
	}
	args = append(args, "cat-file", "--batch")
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir, cmd.Env = repo, gitEnv()
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	outp, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	go func() {
		w := bufio.NewWriter(in)
		for _, e := range es {
			fmt.Fprintln(w, e.oid)
		}
		w.Flush()
		in.Close()
	}()
	r := bufio.NewReaderSize(outp, 64<<10)
	var ferr error
	for _, e := range es {
		head, err := r.ReadString('\n')
		if err != nil {
			ferr = fmt.Errorf("git cat-file: %w", err)
			break
		}
		f := strings.Fields(head)
		if len(f) != 3 || f[0] != e.oid || f[1] != "blob" {
			ferr = fmt.Errorf("git cat-file: unexpected %q for %s", strings.TrimSpace(head), e.path)
			break
		}
		n, err := strconv.ParseInt(f[2], 10, 64)
		if err != nil || n != e.size {
			ferr = fmt.Errorf("git cat-file: %s: size %s, the tree says %d", e.path, f[2], e.size)
			break
		}
		lr := &io.LimitedReader{R: r, N: n}
		if err := fn(e, lr); err != nil {
			ferr = err
			break
		}
		if _, err := io.Copy(io.Discard, lr); err != nil {
			ferr = err
			break
		}
		if b, err := r.ReadByte(); err != nil || b != '\n' {
			ferr = errors.New("git cat-file: malformed output")
			break
		}
	}
	if ferr != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		_ = cmd.Wait()
		return ferr
	}
	if err := cmd.Wait(); err != nil {
		return fmt.Errorf("git cat-file: %v: %s", err, g.redact(stderr.String()))
	}
	return nil
}

// extract writes the checked tree es into dir (which must not exist) and
// returns the hex SHA-256 of each regular file by path. Every write goes
// through an os.Root on dir, files are created exclusively, and links
// (already checked to stay inside) are made last, so no write follows a
// link. Files are left read-only.
func (g *gitRunner) extract(ctx context.Context, repo string, es []treeEntry, targets map[string]string, dir string) (map[string]string, error) {
	if err := os.Mkdir(dir, 0o755); err != nil {
		return nil, err
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	var blobs []treeEntry
	for _, e := range es {
		if e.mode != "120000" {
			blobs = append(blobs, e)
		}
	}
	digests := make(map[string]string, len(blobs))
	err = g.catFile(ctx, repo, blobs, func(e treeEntry, r io.Reader) error {
		if d := path.Dir(e.path); d != "." {
			if err := root.MkdirAll(d, 0o755); err != nil {
				return err
			}
		}
		mode := os.FileMode(0o444)
		if e.mode == "100755" {
			mode = 0o555
		}
		f, err := root.OpenFile(e.path, os.O_WRONLY|os.O_CREATE|os.O_EXCL|syscall.O_NOFOLLOW, mode)
		if err != nil {
			return err
		}
		h := sha256.New()
		_, err = io.Copy(io.MultiWriter(f, h), r)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fmt.Errorf("write %s: %w", e.path, err)
		}
		digests[e.path] = hex.EncodeToString(h.Sum(nil))
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, e := range es {
		if e.mode != "120000" {
			continue
		}
		if d := path.Dir(e.path); d != "." {
			if err := root.MkdirAll(d, 0o755); err != nil {
				return nil, err
			}
		}
		if err := root.Symlink(targets[e.path], e.path); err != nil {
			return nil, fmt.Errorf("link %s: %w", e.path, err)
		}
	}
	return digests, nil
}

// linkTargets reads the targets of the tree's symbolic links (blobs of at
// most 4 KiB; longer ones are refused by checkLinks as malformed).
func (g *gitRunner) linkTargets(ctx context.Context, repo string, es []treeEntry) (map[string]string, error) {
	var links []treeEntry
	for _, e := range es {
		if e.mode == "120000" {
			links = append(links, e)
		}
	}
	targets := map[string]string{}
	err := g.catFile(ctx, repo, links, func(e treeEntry, r io.Reader) error {
		if e.size > 4096 {
			targets[e.path] = ""
			return nil
		}
		b, err := io.ReadAll(r)
		targets[e.path] = string(b)
		return err
	})
	return targets, err
}

// FormatBytes writes n as "50 MB" (decimal units, as the limits are
// given).
func FormatBytes(n int64) string {
	switch {
	case n >= 1e9 && n%1e8 == 0 || n >= 10e9:
		return strconv.FormatFloat(float64(n)/1e9, 'f', -1, 64) + " GB"
	case n >= 1e6:
		return strconv.FormatFloat(float64(n)/1e6, 'f', 1, 64) + " MB"
	case n >= 1e3:
		return strconv.FormatFloat(float64(n)/1e3, 'f', 1, 64) + " kB"
	}
	return strconv.FormatInt(n, 10) + " B"
}

// ParseBytes reads a size such as "50MB", "1GB", "512KiB" or a plain
// number of bytes.
func ParseBytes(s string) (int64, error) {
	t := strings.TrimSpace(strings.ToUpper(s))
	mult := int64(1)
	for _, u := range []struct {
		suf string
		m   int64
	}{{"KIB", 1 << 10}, {"MIB", 1 << 20}, {"GIB", 1 << 30}, {"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"K", 1e3}, {"M", 1e6}, {"G", 1e9}, {"B", 1}} {
		if strings.HasSuffix(t, u.suf) {
			t, mult = strings.TrimSpace(strings.TrimSuffix(t, u.suf)), u.m
			break
		}
	}
	n, err := strconv.ParseFloat(t, 64)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("size %q: give a number of bytes or a size such as 50MB or 1GB", s)
	}
	return int64(n * float64(mult)), nil
}

func short(sha string) string {
	if len(sha) > 12 {
		return sha[:12]
	}
	return sha
}
