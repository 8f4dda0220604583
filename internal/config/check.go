package config

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
)

// MissingRootsError reports roots the user named (with --dir,
// SKILLDEX_DIRS or a config file) that are missing, not folders, or
// unreadable.
type MissingRootsError struct {
	source   string // where the roots came from: "flag --dir", ...
	problems []string
}

// Error implements error: the folders that do not exist and what to do about them.
func (e *MissingRootsError) Error() string {
	return fmt.Sprintf("skill folder %s (from %s); fix the path, or pass --allow-missing to skip folders that do not exist",
		strings.Join(e.problems, "; "), e.source)
}

// CheckRoots refuses roots the user named that cannot be read: a typo in
// --dir must not look like an empty catalog. The default roots are a list
// of places agents use, most of them absent on any machine, so they are
// not checked; nor are missing roots with --allow-missing (unreadable ones
// still are).
func (c *Config) CheckRoots() error {
	if strings.HasPrefix(c.Sources["roots"], "default") {
		return nil
	}
	var problems []string
	for _, r := range c.Roots {
		if c.isSourceRoot(r.Path) {
			continue // not fetched yet: skilldex sync; reported by Resolve
		}
		st, err := os.Stat(r.Path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			if !c.AllowMissing {
				problems = append(problems, fmt.Sprintf("%s does not exist", r.Path))
			}
		case err != nil:
			problems = append(problems, fmt.Sprintf("%s cannot be read: %v", r.Path, UnwrapPath(err)))
		case !st.IsDir():
			problems = append(problems, fmt.Sprintf("%s is a file, not a folder (name the folder holding SKILL.md)", r.Path))
		default:
			f, err := os.Open(r.Path)
			if err == nil {
				_, err = f.ReadDir(1)
				f.Close()
			}
			if err != nil && !errors.Is(err, io.EOF) {
				problems = append(problems, fmt.Sprintf("%s cannot be read: %v", r.Path, UnwrapPath(err)))
			}
		}
	}
	if len(problems) == 0 {
		return nil
	}
	return &MissingRootsError{source: c.Sources["roots"], problems: problems}
}

// UnwrapPath drops the *fs.PathError around err: the message names the
// path already.
func UnwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
