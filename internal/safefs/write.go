package safefs

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// ErrLink means a symbolic link stands where skilldex would write (the file
// itself, or a folder on the way beneath the anchor). Writes never follow a
// link skilldex did not create: a repository can plant one (.mcp.json.bak
// -> ../.bashrc) to turn a config write into an overwrite of any file the
// user owns. Nothing was written.
var ErrLink = errors.New("is a symbolic link; skilldex does not write through links")

// WriteFileAtomic replaces anchor/rel with data, race-free and without
// following links beneath anchor:
//
//   - anchor (a folder the user named: the project, the home folder, the
//     folder of a file given on the command line) is opened as named;
//   - each folder of rel is opened from its parent's descriptor with
//     O_NOFOLLOW (created 0755 when missing), so a link on the way is
//     ErrLink, not followed;
//   - the file is written to a new temporary file beside it (O_EXCL,
//     O_NOFOLLOW), synced, given the old file's permissions (perm when
//     new), and renamed over rel with renameat, which replaces a name and
//     never follows one. A link already at rel is ErrLink.
//
// A reader sees the old file or the new one, never half of one. rel is
// slash- or OS-separated and must stay beneath anchor (ErrOutside).
func WriteFileAtomic(anchor, rel string, data []byte, perm fs.FileMode) error {
	dirs, base, err := splitRel(rel)
	if err != nil {
		return err
	}
	return writeAtomic(anchor, dirs, base, data, perm)
}

// ReadFileNoFollow reads anchor/rel as WriteFileAtomic would reach it: no
// link beneath anchor is followed (ErrLink), only a regular file is read
// (ErrNotRegular), at most max bytes (ErrTooLarge). A missing file is an
// error matching fs.ErrNotExist.
func ReadFileNoFollow(anchor, rel string, max int64) ([]byte, error) {
	dirs, base, err := splitRel(rel)
	if err != nil {
		return nil, err
	}
	return readNoFollow(anchor, dirs, base, max)
}

// WritePath is WriteFileAtomic for a path as a user or an agent's
// convention gives it: a relative path is anchored at the working folder
// (a repository's own folders are not followed), as is an absolute path
// beneath it; a path under the home folder is anchored at the home folder,
// any other at its own folder.
func WritePath(file string, data []byte, perm fs.FileMode) error {
	anchor, rel, err := anchorOf(file)
	if err != nil {
		return err
	}
	return WriteFileAtomic(anchor, rel, data, perm)
}

// ReadPath is ReadFileNoFollow for a path anchored as WritePath anchors it.
func ReadPath(file string, max int64) ([]byte, error) {
	anchor, rel, err := anchorOf(file)
	if err != nil {
		return nil, err
	}
	return ReadFileNoFollow(anchor, rel, max)
}

// anchorOf splits file into the folder to open as named and the rest.
func anchorOf(file string) (anchor, rel string, err error) {
	if file == "" {
		return "", "", errors.New("no file name")
	}
	if !filepath.IsAbs(file) {
		wd, err := os.Getwd()
		if err != nil {
			return "", "", err
		}
		if r := filepath.Clean(file); r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) {
			return wd, r, nil
		}
		file = filepath.Join(wd, file)
	}
	file = filepath.Clean(file)
	wd, _ := os.Getwd()
	home, _ := os.UserHomeDir()
	for _, a := range []string{wd, home} {
		if a == "" {
			continue
		}
		if r, err := filepath.Rel(filepath.Clean(a), file); err == nil && r != "." && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) {
			return a, r, nil
		}
	}
	return filepath.Dir(file), filepath.Base(file), nil
}

// splitRel cleans rel into its folders and its base name.
func splitRel(rel string) (dirs []string, base string, err error) {
	r := filepath.ToSlash(filepath.Clean(rel))
	if r == "." || r == "" || strings.HasPrefix(r, "/") || r == ".." || strings.HasPrefix(r, "../") {
		return nil, "", fmt.Errorf("%s: %w", rel, ErrOutside)
	}
	parts := strings.Split(r, "/")
	return parts[:len(parts)-1], parts[len(parts)-1], nil
}

// linkError names the link in the way.
func linkError(anchor string, parts ...string) error {
	return &os.PathError{Op: "write", Path: filepath.Join(append([]string{anchor}, parts...)...), Err: ErrLink}
}
