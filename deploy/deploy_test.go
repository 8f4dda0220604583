// Package deploy holds the tests of the deployment files beside it: the
// Dockerfile and the Kubernetes manifests are checked by validators we did
// not write, and the command lines they hold are run against the real
// binary; the scale-out test puts three replicas behind HAProxy.
package deploy

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/skilldex/skilldex/internal/e2etest"
	"gopkg.in/yaml.v3"
)

func TestMain(m *testing.M) { e2etest.Main(m) }

// server is a `skilldex serve --http` process the test started.
type server struct {
	cmd    *exec.Cmd
	base   string // http://HOST:PORT
	stderr *e2etest.SyncBuffer
	done   chan struct{}
}

// startServe runs the binary with args and env added to the test's, and
// waits (up to 2 minutes: a cold build of the corpus on a loaded machine)
// for the "serving MCP at http://ADDR/mcp" line. The process is killed
// when the test ends.
func startServe(t *testing.T, env []string, args ...string) *server {
	t.Helper()
	cmd := exec.Command(e2etest.Binary(t), args...)
	cmd.Env = append(os.Environ(), env...)
	s := &server{cmd: cmd, stderr: &e2etest.SyncBuffer{}, done: make(chan struct{})}
	cmd.Stderr = s.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { _ = cmd.Wait(); close(s.done) }()
	t.Cleanup(func() { _ = cmd.Process.Kill(); <-s.done })
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		out := s.stderr.String()
		if i := strings.Index(out, "serving MCP at http://"); i >= 0 {
			u := out[i+len("serving MCP at "):]
			if j := strings.Index(u, "/mcp"); j > 0 {
				s.base = u[:j]
				return s
			}
		}
		select {
		case <-s.done:
			t.Fatalf("skilldex %s exited: %s", strings.Join(args, " "), out)
		case <-time.After(20 * time.Millisecond):
		}
	}
	t.Fatalf("skilldex %s did not start: %s", strings.Join(args, " "), s.stderr.String())
	return nil
}

// get fetches base+path with a bearer token when token is set.
func get(t *testing.T, base, path, token string) (int, []byte, http.Header) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, base+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, body, resp.Header
}

// waitReady polls /readyz until it answers 200 (2 minutes at most).
func waitReady(t *testing.T, base string) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		if code, _, _ := get(t, base, "/readyz", ""); code == 200 {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	code, body, _ := get(t, base, "/readyz", "")
	t.Fatalf("%s/readyz: %d %s", base, code, body)
}

// requireNode skips (or, with SKILLDEX_REQUIRE_NODE=1, fails) when the
// validators of deploy/lint are not installed.
func requireNode(t *testing.T) string {
	t.Helper()
	dir, _ := filepath.Abs("lint")
	_, nodeErr := exec.LookPath("node")
	_, modErr := os.Stat(filepath.Join(dir, "node_modules", "@redocly", "cli"))
	if nodeErr != nil || modErr != nil {
		msg := "node or deploy/lint/node_modules missing (npm ci --prefix deploy/lint)"
		if os.Getenv("SKILLDEX_REQUIRE_NODE") == "1" {
			t.Fatal(msg + ", and SKILLDEX_REQUIRE_NODE=1")
		}
		t.Skip(msg)
	}
	return dir
}

// TestLinters runs the validators we did not write: Redocly CLI on the
// API's OpenAPI 3.1 document, dockerfile-utils on the Dockerfile. Each
// must also reject a broken file, so a validator that checks nothing
// fails the test.
func TestLinters(t *testing.T) {
	dir := requireNode(t)
	openapi := filepath.Join(e2etest.RepoRoot(t), "tools", "httpapi", "openapi.json")
	redocly := filepath.Join(dir, "node_modules", ".bin", "redocly")
	run := func(name string, args ...string) (string, error) {
		cmd := exec.Command(name, args...)
		cmd.Env = append(os.Environ(), "REDOCLY_TELEMETRY=off", "REDOCLY_SUPPRESS_UPDATE_NOTICE=true", "NO_COLOR=1")
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	if out, err := run(redocly, "lint", "--format=stylish", openapi); err != nil {
		t.Errorf("redocly lint %s: %v\n%s", openapi, err, out)
	}
	if out, err := run("node", filepath.Join(dir, "dockerfile.mjs"), "Dockerfile"); err != nil {
		t.Errorf("Dockerfile: %v\n%s", err, out)
	}
	tmp := t.TempDir()
	badAPI := filepath.Join(tmp, "openapi.json")
	os.WriteFile(badAPI, []byte(`{"openapi":"3.1.0","info":{"title":"x"},"paths":{"/a":{"get":{"responses":{"200":{"$ref":"#/components/responses/Nope"}}}}}}`), 0o644)
	if out, err := run(redocly, "lint", badAPI); err == nil {
		t.Errorf("redocly accepts a broken document:\n%s", out)
	}
	badDF := filepath.Join(tmp, "Dockerfile")
	os.WriteFile(badDF, []byte("FROM\nRUNN make\n"), 0o644)
	if out, err := run("node", filepath.Join(dir, "dockerfile.mjs"), badDF); err == nil {
		t.Errorf("dockerfile.mjs accepts a broken Dockerfile:\n%s", out)
	}
}

// dockerfile is what the test reads of the Dockerfile: its instructions
// per stage, JSON-form arguments decoded.
type instr struct {
	cmd  string
	args string
}

func readDockerfile(t *testing.T) [][]instr {
	t.Helper()
	f, err := os.Open("Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var stages [][]instr
	sc := bufio.NewScanner(f)
	line := ""
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(l, "#") || (l == "" && line == "") {
			continue
		}
		if strings.HasSuffix(l, "\\") {
			line += strings.TrimSuffix(l, "\\") + " "
			continue
		}
		line += l
		cmd, args, _ := strings.Cut(line, " ")
		line = ""
		cmd = strings.ToUpper(cmd)
		if cmd == "FROM" {
			stages = append(stages, nil)
		}
		if len(stages) == 0 {
			continue // ARG before the first FROM
		}
		stages[len(stages)-1] = append(stages[len(stages)-1], instr{cmd, strings.TrimSpace(args)})
	}
	return stages
}

func jsonArgs(t *testing.T, s string) []string {
	t.Helper()
	var v []string
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("%s: not the JSON (exec) form: %v", s, err)
	}
	return v
}

// TestDockerfile checks what the image promises (a static binary, a
// non-root user, the data dir on a volume) and runs its command line
// against the binary: with a token it serves and gets ready; without one
// it refuses to start on the non-loopback bind, saying why.
func TestDockerfile(t *testing.T) {
	stages := readDockerfile(t)
	if len(stages) < 2 {
		t.Fatalf("%d stages, want a build stage and a runtime stage", len(stages))
	}
	var build strings.Builder
	for _, in := range stages[0] {
		build.WriteString(in.cmd + " " + in.args + "\n")
	}
	if !strings.Contains(build.String(), "CGO_ENABLED=0") {
		t.Error("the build stage does not build with CGO_ENABLED=0 (a static binary)")
	}
	var user string
	var entry, cmd []string
	env := map[string]string{}
	for _, in := range stages[len(stages)-1] {
		switch in.cmd {
		case "USER":
			user = in.args
		case "ENTRYPOINT":
			entry = jsonArgs(t, in.args)
		case "CMD":
			cmd = jsonArgs(t, in.args)
		case "ENV":
			for _, kv := range strings.Fields(in.args) {
				if k, v, ok := strings.Cut(kv, "="); ok {
					env[k] = v
				}
			}
		}
	}
	if user == "" || user == "root" || strings.HasPrefix(user, "0") {
		t.Errorf("USER %q: the image must run as a non-root user", user)
	}
	if env["SKILLDEX_DATA_DIR"] != "/data" {
		t.Errorf("SKILLDEX_DATA_DIR %q, want /data (the volume)", env["SKILLDEX_DATA_DIR"])
	}
	if len(entry) != 1 || !strings.HasSuffix(entry[0], "/skilldex") || len(cmd) == 0 || cmd[0] != "serve" {
		t.Fatalf("ENTRYPOINT %v CMD %v: want skilldex serve ...", entry, cmd)
	}
	// The container's paths and bind, mapped to this machine: /skills to
	// the examples, the data dir to a temporary folder, 0.0.0.0 to the
	// loopback (the test opens no network port).
	args := mapPaths(cmd, map[string]string{"/skills": e2etest.Examples(t), "0.0.0.0:8765": "0.0.0.0:0"})
	data := t.TempDir()
	envs := []string{"SKILLDEX_DATA_DIR=" + data, "HOME=" + t.TempDir()}

	// Without a token the non-loopback bind is refused, with a clear error.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute) // a hang, not a speed limit
	defer cancel()
	c := exec.CommandContext(ctx, e2etest.Binary(t), args...)
	c.Env = append(os.Environ(), envs...)
	out, err := c.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "token") {
		t.Errorf("serve on 0.0.0.0 without a token: %v\n%s\nwant a refusal naming the token", err, out)
	}

	args = mapPaths(cmd, map[string]string{"/skills": e2etest.Examples(t), "0.0.0.0:8765": "127.0.0.1:0"})
	s := startServe(t, append(envs, "SKILLDEX_TOKEN=docker-token"), args...)
	waitReady(t, s.base)
	if code, body, _ := get(t, s.base, "/api/v1/skills", "docker-token"); code != 200 || !strings.Contains(string(body), "pdf-forms") {
		t.Errorf("/api/v1/skills with the token: %d %s", code, body)
	}
	if code, _, _ := get(t, s.base, "/api/v1/skills", ""); code != 401 {
		t.Errorf("/api/v1/skills without the token: %d, want 401", code)
	}
	if _, err := os.Stat(data); err != nil {
		t.Fatal(err)
	}
	if entries, _ := os.ReadDir(data); len(entries) == 0 {
		t.Error("nothing written to the data dir (SKILLDEX_DATA_DIR)")
	}
}

// mapPaths replaces, in each argument (or after "=" in --flag=value),
// the container's values with the test's.
func mapPaths(args []string, m map[string]string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = a
		for from, to := range m {
			if a == from {
				out[i] = to
			} else if k, v, ok := strings.Cut(a, "="); ok && v == from {
				out[i] = k + "=" + to
			}
		}
	}
	return out
}

// TestKubernetes checks the manifests (replicas, probes, a read-only root
// filesystem, a non-root user, the skills volume read-only, the token from
// a Secret) and runs the container's arguments against the binary, then
// asks the probes as the kubelet would.
func TestKubernetes(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("kubernetes", "skilldex.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	type probe struct {
		HTTPGet struct {
			Path string `yaml:"path"`
			Port any    `yaml:"port"`
		} `yaml:"httpGet"`
	}
	type deployment struct {
		Kind string `yaml:"kind"`
		Spec struct {
			Replicas int `yaml:"replicas"`
			Template struct {
				Spec struct {
					SecurityContext struct {
						RunAsNonRoot bool `yaml:"runAsNonRoot"`
					} `yaml:"securityContext"`
					Containers []struct {
						Args []string `yaml:"args"`
						Env  []struct {
							Name      string `yaml:"name"`
							ValueFrom struct {
								SecretKeyRef *struct{ Name string } `yaml:"secretKeyRef"`
							} `yaml:"valueFrom"`
						} `yaml:"env"`
						Liveness        probe `yaml:"livenessProbe"`
						Readiness       probe `yaml:"readinessProbe"`
						SecurityContext struct {
							ReadOnlyRootFilesystem bool `yaml:"readOnlyRootFilesystem"`
						} `yaml:"securityContext"`
						VolumeMounts []struct {
							Name      string `yaml:"name"`
							MountPath string `yaml:"mountPath"`
							ReadOnly  bool   `yaml:"readOnly"`
						} `yaml:"volumeMounts"`
					} `yaml:"containers"`
				} `yaml:"spec"`
			} `yaml:"template"`
		} `yaml:"spec"`
	}
	var dep *deployment
	kinds := map[string]bool{}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	for {
		var d deployment
		if err := dec.Decode(&d); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("kubernetes/skilldex.yaml: %v", err)
		}
		kinds[d.Kind] = true
		if d.Kind == "Deployment" {
			dep = &d
		}
	}
	for _, k := range []string{"Deployment", "Service", "PersistentVolumeClaim", "PodDisruptionBudget"} {
		if !kinds[k] {
			t.Errorf("no %s", k)
		}
	}
	if dep == nil || len(dep.Spec.Template.Spec.Containers) != 1 {
		t.Fatal("no Deployment with one container")
	}
	c := dep.Spec.Template.Spec.Containers[0]
	switch {
	case dep.Spec.Replicas < 2:
		t.Errorf("replicas %d: scale-out needs several", dep.Spec.Replicas)
	case c.Liveness.HTTPGet.Path != "/healthz" || c.Readiness.HTTPGet.Path != "/readyz":
		t.Errorf("probes %q %q, want /healthz and /readyz", c.Liveness.HTTPGet.Path, c.Readiness.HTTPGet.Path)
	case !c.SecurityContext.ReadOnlyRootFilesystem || !dep.Spec.Template.Spec.SecurityContext.RunAsNonRoot:
		t.Error("the container must run as non-root with a read-only root filesystem")
	}
	paths := map[string]string{}
	for _, m := range c.VolumeMounts {
		if m.MountPath == "/skills" && !m.ReadOnly {
			t.Error("the skills volume is not mounted read-only")
		}
		paths[m.MountPath] = m.Name
	}
	for _, p := range []string{"/skills", "/data", "/tmp"} {
		if paths[p] == "" {
			t.Errorf("nothing mounted at %s", p)
		}
	}
	token := false
	for _, e := range c.Env {
		token = token || (e.Name == "SKILLDEX_TOKEN" && e.ValueFrom.SecretKeyRef != nil)
	}
	if !token {
		t.Error("SKILLDEX_TOKEN does not come from a Secret")
	}

	args := mapPaths(c.Args, map[string]string{"/skills": e2etest.Examples(t), "/data": t.TempDir(), "0.0.0.0:8765": "127.0.0.1:0"})
	s := startServe(t, []string{"SKILLDEX_TOKEN=k8s-token", "HOME=" + t.TempDir()}, args...)
	waitReady(t, s.base)
	for _, p := range []string{"/healthz", "/readyz"} {
		// The kubelet sends no token: the probes need none.
		if code, body, _ := get(t, s.base, p, ""); code != 200 {
			t.Errorf("%s: %d %s", p, code, body)
		}
	}
	if code, body, _ := get(t, s.base, "/metrics", "k8s-token"); code != 200 || !strings.Contains(string(body), "skilldex_catalog_skills 5") {
		t.Errorf("/metrics: %d %.300s", code, body)
	}
}
