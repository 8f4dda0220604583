package config

import (
	"fmt"
	"os"
	"strings"

	"github.com/skilldex/skilldex/index"
)

// EmptyCatalogNote says why a listing is empty: which roots were read and
// which of them exist.
func EmptyCatalogNote(roots []index.Root) string {
	var exist, absent []string
	for _, r := range roots {
		if _, err := os.Stat(r.Path); err == nil {
			exist = append(exist, r.Path)
		} else {
			absent = append(absent, r.Path)
		}
	}
	switch {
	case len(absent) == 1 && len(exist) == 0:
		return fmt.Sprintf("no skills: the skill folder %s does not exist; name one with --dir, or see skilldex config", absent[0])
	case len(exist) == 0:
		return fmt.Sprintf("no skills: none of the %d skill folders exists (%s); name one with --dir, or see skilldex config",
			len(absent), strings.Join(absent, ", "))
	default:
		return fmt.Sprintf("no skills served from %s; skilldex list --invalid shows skills that failed validation",
			strings.Join(exist, ", "))
	}
}
