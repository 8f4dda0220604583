package audit_test

import (
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestKeyPermissionCheckIsNotRead: checking the mode, owner or name of
// key files (stat, ls -l, basename, a one-line helper that only stats) is
// not reading them; a helper whose body cats the key, or a cat, still is.
func TestKeyPermissionCheckIsNotRead(t *testing.T) {
	const loop = "for key in \"$HOME\"/.ssh/id_*; do\n  case \"$key\" in *.pub) continue ;; esac\n"
	for _, c := range []struct {
		name, sh string
		found    bool
		sev      audit.Severity
	}{
		{"stat-loop", "#!/bin/sh\n" + loop + "  m=$(stat -c %a \"$key\")\n  [ \"$m\" = 600 ] || echo \"WARN $(basename \"$key\") is $m\"\ndone\n", false, 0},
		{"helper-stat", "#!/bin/sh\nmode() { stat -c %a \"$1\" 2>/dev/null || stat -f %Lp \"$1\"; }\n" + loop + "  m=$(mode \"$key\")\n  echo \"$m\"\ndone\n", false, 0},
		{"helper-cat", "#!/bin/sh\nrd() { cat \"$1\"; }\nrd ~/.ssh/id_rsa\n", true, audit.High},
		{"cat-key", "#!/bin/sh\n" + loop + "  cat \"$key\"\ndone\n", true, audit.High},
	} {
		t.Run(c.name, func(t *testing.T) {
			rep := auditSkill(t, map[string]string{"SKILL.md": "---\nname: s\ndescription: Check SSH keys.\n---\n# s\n", "scripts/a.sh": c.sh})
			got, ok := worstOf(rep, "credential-read")
			if ok != c.found || ok && got != c.sev {
				t.Fatalf("credential-read %v (found %v), want %v (found %v); findings %+v", got, ok, c.sev, c.found, rep.Findings)
			}
		})
	}
}
