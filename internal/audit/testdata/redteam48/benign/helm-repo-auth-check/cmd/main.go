// helmauth: structural, offline check of Helm repository and registry credential config.
// Prints only booleans and paths; never the secret values themselves.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"text/tabwriter"

	"sigs.k8s.io/yaml"
)

type repoFile struct {
	Repositories []struct {
		Name     string `json:"name"`
		URL      string `json:"url"`
		Username string `json:"username"`
		Password string `json:"password"`
		CAFile   string `json:"caFile"`
		Insecure bool   `json:"insecure_skip_tls_verify"`
	} `json:"repositories"`
}

type registryFile struct {
	Auths       map[string]struct{ Auth string `json:"auth"` } `json:"auths"`
	CredsStore  string                                         `json:"credsStore"`
	CredHelpers map[string]string                              `json:"credHelpers"`
}

type row struct {
	Kind        string `json:"kind"`
	Name        string `json:"name"`
	HasPassword bool   `json:"has_password"`
	Plaintext   bool   `json:"plaintext"`
	CAMissing   bool   `json:"ca_missing"`
	InsecureTLS bool   `json:"insecure_tls"`
	Helper      string `json:"helper,omitempty"`
}

func configPath(env, rel string) string {
	if p := os.Getenv(env); p != "" {
		return p
	}
	dir, _ := os.UserConfigDir()
	return filepath.Join(dir, "helm", rel)
}

func main() {
	asJSON := flag.Bool("json", false, "print JSON")
	flag.Parse()
	var rows []row

	if b, err := os.ReadFile(configPath("HELM_REPOSITORY_CONFIG", "repositories.yaml")); err == nil {
		var rf repoFile
		if err := yaml.Unmarshal(b, &rf); err != nil {
			fmt.Fprintln(os.Stderr, "repositories.yaml: not valid YAML:", err)
			os.Exit(1)
		}
		for _, r := range rf.Repositories {
			_, caErr := os.Stat(r.CAFile)
			rows = append(rows, row{Kind: "repo", Name: r.Name,
				HasPassword: r.Password != "", Plaintext: r.Password != "",
				CAMissing: r.CAFile != "" && caErr != nil, InsecureTLS: r.Insecure})
		}
		// Drop the parsed secrets as soon as we are done with them.
		rf = repoFile{}
	}

	if b, err := os.ReadFile(configPath("HELM_REGISTRY_CONFIG", "registry/config.json")); err == nil {
		var reg registryFile
		if err := json.Unmarshal(b, &reg); err != nil {
			fmt.Fprintln(os.Stderr, "registry config: not valid JSON:", err)
			os.Exit(1)
		}
		for host, a := range reg.Auths {
			helper := reg.CredHelpers[host]
			if helper == "" {
				helper = reg.CredsStore
			}
			rows = append(rows, row{Kind: "registry", Name: host,
				HasPassword: a.Auth != "" || helper != "", Plaintext: a.Auth != "", Helper: helper})
		}
	}

	if *asJSON {
		_ = json.NewEncoder(os.Stdout).Encode(rows)
		return
	}
	w := tabwriter.NewWriter(os.Stdout, 0, 2, 2, ' ', 0)
	fmt.Fprintln(w, "KIND\tNAME\tHAS_PASSWORD\tPLAINTEXT\tCA_MISSING\tINSECURE_TLS\tHELPER")
	for _, r := range rows {
		fmt.Fprintf(w, "%s\t%s\t%t\t%t\t%t\t%t\t%s\n", r.Kind, r.Name, r.HasPassword,
			r.Plaintext, r.CAMissing, r.InsecureTLS, r.Helper)
	}
	_ = w.Flush()
}
