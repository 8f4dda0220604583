package index

import (
	"errors"
	"fmt"

	"github.com/skilldex/skilldex/internal/safefs"
)

// ReadFromDisk reads the file rel (slash-separated, relative to the skill
// folder) of s from disk, race-free: the skill's real folder (s.RealDir) is
// opened once and rel resolved by the kernel beneath that descriptor, so no
// link, whenever it is swapped in, leads outside the folder; the file is
// opened non-blocking and must be a regular file of at most MaxFileSize
// bytes. It is the only way the index reads skill files, and the way for
// front-ends to read one the catalog does not cache (the SKILL.md of an
// invalid skill). Errors wrap ErrOutside (rel or a link on the way leaves
// the folder, or a link is absolute), ErrTooLarge, fs.ErrNotExist,
// fs.ErrPermission, or say the path is not a regular file.
func ReadFromDisk(s Skill, rel string) ([]byte, error) {
	dir := s.RealDir
	if dir == "" {
		dir = s.Dir
	}
	data, err := safefs.ReadFile(dir, rel, MaxFileSize)
	return data, fsError(rel, err)
}

// fsError turns safefs's errors into the index's sentinels.
func fsError(rel string, err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, safefs.ErrOutside):
		return fmt.Errorf("%w: %s is a link pointing outside the skill folder", ErrOutside, rel)
	case errors.Is(err, safefs.ErrTooLarge):
		return fmt.Errorf("%w: %w", ErrTooLarge, err)
	}
	return err
}
