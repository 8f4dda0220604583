package audit_test

import (
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestSets6061dKnownHostsJoin: ~/.ssh joined in one expression to
// known_hosts (or config) names the folder's settings and public host
// keys, not a credential (credential-read); the same folder joined to a
// private key, or to one more part past a settings file, is still read.
func TestSets6061dKnownHostsJoin(t *testing.T) {
	py := func(join string) string {
		return "#!/usr/bin/env python3\nfrom pathlib import Path\nimport os\n\nTARGET = " + join + "\n\n\ndef main():\n    print(TARGET.read_text())\n\n\nif __name__ == \"__main__\":\n    main()\n"
	}
	cases := map[string]sev4041{
		"hostile/pathlib-id-rsa":     {"credential-read", "scripts/show.py", py(`Path.home() / ".ssh" / "id_rsa"`), audit.High},
		"hostile/join-id-ed25519":    {"credential-read", "scripts/show.py", py(`Path(os.path.join(os.path.expanduser("~"), ".ssh", "id_ed25519"))`), audit.High},
		"benign/pathlib-known-hosts": {"credential-read", "scripts/show.py", py(`Path.home() / ".ssh" / "known_hosts"`), audit.SeverityNone},
		"benign/join-known-hosts":    {"credential-read", "scripts/show.py", py(`Path(os.path.join(os.path.expanduser("~"), ".ssh", "known_hosts"))`), audit.SeverityNone},
		"benign/pathlib-config":      {"credential-read", "scripts/show.py", py(`Path.home() / ".ssh" / "config"`), audit.SeverityNone},
		"hostile/pathlib-past-known": {"credential-read", "scripts/show.py", py(`Path.home() / ".ssh" / "known_hosts" / "id_rsa"`), audit.High},
	}
	checkByRule(t, cases)
}
