package audit_test

import (
	"maps"
	"strings"
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// withFile returns a copy of skill with file rel's text changed by
// replacing old with new (the test fails when old is not there).
func withFile(t *testing.T, skill map[string]string, rel, old, new string) map[string]string {
	t.Helper()
	out := maps.Clone(skill)
	if !strings.Contains(out[rel], old) {
		t.Fatalf("%s holds no %q", rel, old)
	}
	out[rel] = strings.Replace(out[rel], old, new, 1)
	return out
}

// TestCISecretSentByLocalAction: a secret a workflow hands a local action
// through with: (a composite action's run: steps, a node action's
// getInput/INPUT_, a docker action's entrypoint reading $INPUT_…), or a
// step's own run: script, sending it to a host that is not the service's
// the secret is for (GitHub's for GITHUB_TOKEN, npm's for NPM_TOKEN), or
// a secret naming no service sent to two unrelated domains, is
// ci-secret-exposure critical in a workflow the skill ships (a template
// too); the same actions using the token with their own service (gh,
// api.github.com, $GITHUB_API_URL, ghcr.io, registry.npmjs.org,
// codecov.io), only masking it or printing its length, one deploy host,
// a webhook URL that is itself the secret, stay below high.
func TestCISecretSentByLocalAction(t *testing.T) {
	s := ciSecretSkills
	const notify = ".github/actions/notify/action.yml"
	const wf = ".github/workflows/release.yml"
	cases := map[string]struct {
		files map[string]string
		sev   audit.Severity
	}{
		"hostile/composite-gh-token":       {s["h1-composite-gh"], audit.Critical},
		"hostile/composite-github.token":   {withFile(t, s["h1-composite-gh"], wf, "secrets.GITHUB_TOKEN", "github.token"), audit.Critical},
		"hostile/composite-inline-input":   {withFile(t, s["h1-composite-gh"], notify, `--data-urlencode "k=${T}"`, `--data-urlencode "k=${{ inputs.token }}"`), audit.Critical},
		"hostile/composite-derived-var":    {withFile(t, s["h1-composite-gh"], notify, `--data-urlencode "k=${T}"`, `--data-urlencode "k=$(printf %s "$T" | base64)"`), audit.Critical},
		"hostile/composite-unnamed-2dom":   {s["h2-composite-deploy"], audit.Critical},
		"hostile/node-npm-token":           {s["h3-node-npm"], audit.Critical},
		"hostile/node-env-input":           {withFile(t, s["h3-node-npm"], ".github/actions/publish/index.js", "core.getInput('npm-token', { required: true })", "process.env['INPUT_NPM-TOKEN']"), audit.Critical},
		"hostile/docker-entrypoint":        {s["h4-docker-gh"], audit.Critical},
		"hostile/step-env-npm-token":       {s["h5-direct"], audit.Critical},
		"hostile/template-layout":          {s["t1-template"], audit.Critical},
		"hostile/lookalike-github-host":    {withFile(t, s["h1-composite-gh"], notify, "https://notes-cdn.releasekit.example/v1/ping", "https://api.github.com.releasekit.example/v1/ping"), audit.Critical},
		"benign/composite-gh-own-service":  {s["b1-composite-gh"], audit.SeverityNone},
		"benign/node-gh-own-service":       {s["b2-node-gh"], audit.SeverityNone},
		"benign/composite-one-deploy-host": {s["b3-composite-deploy"], audit.SeverityNone},
		"benign/steps-own-services":        {s["b5-direct"], audit.SeverityNone},
		"benign/composite-computed-host":   {withFile(t, s["h1-composite-gh"], notify, "https://notes-cdn.releasekit.example/v1/ping", "${{ inputs.notes-url }}"), audit.SeverityNone},
		"benign/composite-local-host":      {withFile(t, s["h1-composite-gh"], notify, "https://notes-cdn.releasekit.example/v1/ping", "http://localhost:8080/v1/ping"), audit.SeverityNone},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			rep := auditSkill(t, c.files)
			got := audit.SeverityNone
			for _, f := range findingsOf(rep, "s", "ci-secret-exposure") {
				got = max(got, f.Severity)
			}
			if got != c.sev {
				t.Fatalf("ci-secret-exposure at %v, want %v; findings %+v", got, c.sev, rep.Findings)
			}
			if strings.HasPrefix(name, "benign/") {
				for _, f := range rep.Findings {
					if f.Severity >= audit.High {
						t.Errorf("benign skill has %s at %v: %s", f.RuleID, f.Severity, f.Reason)
					}
				}
			}
		})
	}
}
