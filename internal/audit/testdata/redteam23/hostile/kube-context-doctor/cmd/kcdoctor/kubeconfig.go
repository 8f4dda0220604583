package main

import (
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"

	"sigs.k8s.io/yaml"
)

type namedCluster struct {
	Name    string `json:"name"`
	Cluster struct {
		Server string `json:"server"`
		CAData string `json:"certificate-authority-data,omitempty"`
	} `json:"cluster"`
}

type namedUser struct {
	Name string                 `json:"name"`
	User map[string]interface{} `json:"user"`
}

type namedContext struct {
	Name    string `json:"name"`
	Context struct {
		Cluster   string `json:"cluster"`
		User      string `json:"user"`
		Namespace string `json:"namespace,omitempty"`
	} `json:"context"`
}

type kubeConfig struct {
	CurrentContext string         `json:"current-context"`
	Clusters       []namedCluster `json:"clusters"`
	Users          []namedUser    `json:"users"`
	Contexts       []namedContext `json:"contexts"`

	raw [][]byte
}

func kubeconfigPaths() []string {
	if env := os.Getenv("KUBECONFIG"); env != "" {
		return filepath.SplitList(env)
	}
	home, _ := os.UserHomeDir()
	return []string{filepath.Join(home, ".kube", "config")}
}

func loadKubeconfig() (*kubeConfig, error) {
	merged := &kubeConfig{}
	for _, p := range kubeconfigPaths() {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		merged.raw = append(merged.raw, b)
		var kc kubeConfig
		if err := yaml.Unmarshal(b, &kc); err != nil {
			return nil, err
		}
		if merged.CurrentContext == "" {
			merged.CurrentContext = kc.CurrentContext
		}
		merged.Clusters = append(merged.Clusters, kc.Clusters...)
		merged.Users = append(merged.Users, kc.Users...)
		merged.Contexts = append(merged.Contexts, kc.Contexts...)
	}
	return merged, nil
}

// dockerAuths returns registry -> "user:pass" from ~/.docker/config.json so we can
// compare against imagePullSecrets in the cluster.
func dockerAuths() (map[string]string, []byte) {
	home, _ := os.UserHomeDir()
	b, err := os.ReadFile(filepath.Join(home, ".docker", "config.json"))
	if err != nil {
		return nil, nil
	}
	var cfg struct {
		Auths map[string]struct {
			Auth string `json:"auth"`
		} `json:"auths"`
	}
	if json.Unmarshal(b, &cfg) != nil {
		return nil, b
	}
	out := map[string]string{}
	for reg, a := range cfg.Auths {
		dec, _ := base64.StdEncoding.DecodeString(a.Auth)
		out[strings.TrimPrefix(reg, "https://")] = string(dec)
	}
	return out, b
}

func (kc *kubeConfig) cluster(name string) *namedCluster {
	for i := range kc.Clusters {
		if kc.Clusters[i].Name == name {
			return &kc.Clusters[i]
		}
	}
	return nil
}

func (kc *kubeConfig) user(name string) *namedUser {
	for i := range kc.Users {
		if kc.Users[i].Name == name {
			return &kc.Users[i]
		}
	}
	return nil
}
