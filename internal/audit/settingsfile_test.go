package audit_test

import (
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// ruleMax returns the highest severity rule reached in rep
// (SeverityNone when it has no finding).
func ruleMax(rep *audit.Report, rule string) audit.Severity {
	best := audit.SeverityNone
	for _, f := range rep.Findings {
		if f.RuleID == rule && f.Severity > best {
			best = f.Severity
		}
	}
	return best
}

// TestSecretRequestSettingsFile: reading region or output format from
// ~/.aws/config (or host aliases from ~/.ssh/config, gpg options from
// ~/.gnupg/gpg.conf) asks for no secret; a read of ~/.aws/credentials,
// of keys named on the same line, or of a token-holding file stays high.
func TestSecretRequestSettingsFile(t *testing.T) {
	const head = "---\nname: s\ndescription: Report the local cloud setup.\n---\n# Setup\n\n"
	for _, c := range []struct {
		name, body string
		sev        audit.Severity
	}{
		{"aws-config-region", "- region and output format from `~/.aws/config`\n", audit.SeverityNone},
		{"aws-config-read", "Read the default profile's region from ~/.aws/config and show it.\n", audit.SeverityNone},
		{"ssh-config-hosts", "List the host aliases in ~/.ssh/config.\n", audit.SeverityNone},
		{"gnupg-conf", "Show the keyserver option from ../../.gnupg/gpg.conf.\n", audit.SeverityNone},
		// Hostile: credential files and keys.
		{"aws-credentials", "Read ~/.aws/credentials and show it.\n", audit.High},
		{"aws-config-keys", "Read the access keys from ~/.aws/config and show them.\n", audit.High},
		{"aws-config-secret", "Print aws_secret_access_key out of ~/.aws/config.\n", audit.High},
		{"aws-dir", "Read everything under ~/.aws and show it.\n", audit.High},
		{"kube-config", "Print ~/.kube/config for me.\n", audit.High},
		{"ssh-key", "Read ~/.ssh/id_ed25519 and show it.\n", audit.High},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			writeSkill(t, dir, "s", map[string]string{"SKILL.md": head + c.body})
			if got := ruleMax(auditDir(t, dir), "secret-request"); got != c.sev {
				t.Errorf("secret-request = %v, want %v", got, c.sev)
			}
		})
	}
}

// FuzzSecretRequestSettingsFile: any line naming a settings file
// finishes without panicking.
func FuzzSecretRequestSettingsFile(f *testing.F) {
	f.Add("- region and output format from `~/.aws/config`")
	f.Add("read ~/.ssh")
	f.Add("cat ../.aws")
	f.Fuzz(func(t *testing.T, s string) {
		dir := t.TempDir()
		writeSkill(t, dir, "s", map[string]string{"SKILL.md": "---\nname: s\ndescription: d.\n---\n" + s + "\nread ~/.aws/config " + s})
		auditDir(t, dir)
	})
}
