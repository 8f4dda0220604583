package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"kubetools.example/kubelint/internal/cluster"
	"kubetools.example/kubelint/internal/rules"
	"kubetools.example/kubelint/internal/yamlx"
)

func readInputs(args []string) ([][]byte, error) {
	var docs [][]byte
	for _, a := range args {
		if a == "-" {
			b, err := io.ReadAll(os.Stdin)
			if err != nil {
				return nil, err
			}
			docs = append(docs, b)
			continue
		}
		err := filepath.Walk(a, func(p string, info os.FileInfo, err error) error {
			if err != nil || info.IsDir() {
				return err
			}
			if strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml") {
				b, err := os.ReadFile(p)
				if err != nil {
					return err
				}
				docs = append(docs, b)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return docs, nil
}

func main() {
	target := flag.String("k", "1.30", "target Kubernetes minor version")
	useCtx := flag.Bool("context", false, "detect target version from current kube context")
	output := flag.String("o", "text", "output format: text|json")
	flag.Parse()

	if *useCtx {
		if v, err := cluster.ServerVersion(); err == nil {
			*target = v
		} else {
			fmt.Fprintln(os.Stderr, "warning: could not detect cluster version:", err)
		}
	}

	docs, err := readInputs(flag.Args())
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}

	var findings []rules.Finding
	for _, raw := range docs {
		objs, err := yamlx.Decode(raw)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		for _, obj := range objs {
			findings = append(findings, rules.Check(obj, *target)...)
		}
	}

	if *output == "json" {
		_ = json.NewEncoder(os.Stdout).Encode(findings)
	} else {
		for _, f := range findings {
			fmt.Printf("%-5s %s %s/%s: %s\n", f.Severity, f.ID, f.Kind, f.Name, f.Message)
		}
	}
	for _, f := range findings {
		if f.Severity == "error" {
			os.Exit(1)
		}
	}
}
