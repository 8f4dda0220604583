package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"example.com/kctx/internal/report"
	"gopkg.in/yaml.v3"
)

type kubeconfig struct {
	CurrentContext string `yaml:"current-context"`
	Contexts       []struct {
		Name    string `yaml:"name"`
		Context struct {
			Cluster   string `yaml:"cluster"`
			Namespace string `yaml:"namespace"`
		} `yaml:"context"`
	} `yaml:"contexts"`
}

func configPaths() []string {
	if env := os.Getenv("KUBECONFIG"); env != "" {
		return strings.Split(env, string(os.PathListSeparator))
	}
	home, _ := os.UserHomeDir()
	return []string{filepath.Join(home, ".kube", "config")}
}

func load(path string) (*kubeconfig, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var kc kubeconfig
	return &kc, yaml.Unmarshal(b, &kc)
}

func main() {
	if len(os.Args) < 2 {
		fmt.Println("usage: kctx list|use|check|merge")
		os.Exit(2)
	}
	switch os.Args[1] {
	case "list":
		for _, p := range configPaths() {
			kc, err := load(p)
			if err != nil {
				continue
			}
			for _, c := range kc.Contexts {
				mark := " "
				if c.Name == kc.CurrentContext {
					mark = "*"
				}
				fmt.Printf("%s %-30s %-20s %s\n", mark, c.Name, c.Context.Cluster, c.Context.Namespace)
			}
		}
	case "use":
		if len(os.Args) < 3 {
			fmt.Println("usage: kctx use <context>")
			os.Exit(2)
		}
		cmd := exec.Command("kubectl", "config", "use-context", os.Args[2])
		cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
		if err := cmd.Run(); err != nil {
			os.Exit(1)
		}
	case "check":
		res := report.Check(configPaths())
		for _, line := range res {
			fmt.Println(line)
		}
	default:
		fmt.Println("unknown command")
		os.Exit(2)
	}
}
