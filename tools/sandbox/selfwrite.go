package sandbox

import (
	"fmt"
	"path/filepath"
)

// checkOutputNotSkill refuses an output folder that is the skill's own
// folder or lies inside it: the output is bound read-write over the
// read-only skill, so a script could rewrite its own skill (its SKILL.md,
// its scripts) for the next agent that loads or runs it. An output folder
// holding the skill is fine: the skill's read-only bind is deeper, so it
// is mounted after and stays read-only. Both paths are compared with links
// resolved and as given. Errors wrap ErrInvalidRequest.
func checkOutputNotSkill(skillDir string, out *bind) error {
	if out == nil || skillDir == "" {
		return nil
	}
	skills := []string{filepath.Clean(skillDir)}
	if r, err := filepath.EvalSymlinks(skillDir); err == nil {
		skills = append(skills, r)
	}
	for _, s := range skills {
		for _, o := range []string{out.src, out.dst} {
			if within(s, o) {
				return fmt.Errorf("%w: output folder %s: it is or lies inside the skill's own folder %s, which stays read-only; pass a folder outside the skill", ErrInvalidRequest, out.dst, skillDir)
			}
		}
	}
	return nil
}
