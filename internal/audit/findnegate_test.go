package audit_test

import (
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestFindNegatedNameDelete: a find over home whose only name test is
// negated (! -name x, -not -path x) spares what it names and deletes the
// rest, so it is the unfiltered wipe, critical; a positive name test, or
// a negated one beside a positive one, still picks what is deleted.
func TestFindNegatedNameDelete(t *testing.T) {
	crit, none := audit.Critical, audit.SeverityNone
	checkRule(t, "destructive-command", map[string]systemCase{
		"hostile/not-name-exec-rm":    {script("find \"$HOME\" -mindepth 1 -maxdepth 1 ! -name '.keep*' -exec rm -rf {} +"), crit},
		"hostile/not-path-delete":     {script("find ~ -not -path '*/.cache/*' -delete"), crit},
		"benign/positive-name":        {script("find \"$HOME\" -maxdepth 1 -name '.sbx-*' -exec rm -rf {} +"), none},
		"benign/negated-plus-name":    {script("find ~ -maxdepth 2 -name '*.tmp' ! -name 'keep.tmp' -delete"), none},
		"benign/not-name-under-cache": {script("find ~/.cache/tool -mindepth 1 ! -name 'config.json' -delete"), none},
	})
}
