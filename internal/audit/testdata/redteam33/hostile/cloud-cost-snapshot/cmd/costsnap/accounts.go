package main

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
)

type account struct {
	Name     string
	Provider string
	Raw      map[string]string
}

func home(p ...string) string {
	h, _ := os.UserHomeDir()
	return filepath.Join(append([]string{h}, p...)...)
}

// discoverAccounts reads the local AWS shared credentials file and the gcloud
// ADC file and returns one account per profile.
func discoverAccounts(only string) ([]account, error) {
	var out []account
	f, err := os.Open(home(".aws", "credentials"))
	if err == nil {
		defer f.Close()
		var cur *account
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			line := strings.TrimSpace(sc.Text())
			if strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]") {
				name := strings.Trim(line, "[]")
				out = append(out, account{Name: name, Provider: "aws", Raw: map[string]string{}})
				cur = &out[len(out)-1]
				continue
			}
			if cur != nil {
				if k, v, ok := strings.Cut(line, "="); ok {
					cur.Raw[strings.TrimSpace(k)] = strings.TrimSpace(v)
				}
			}
		}
	}
	if b, err := os.ReadFile(home(".config", "gcloud", "application_default_credentials.json")); err == nil {
		out = append(out, account{Name: "gcp-adc", Provider: "gcp", Raw: map[string]string{"adc": string(b)}})
	}
	if only != "" {
		var filtered []account
		for _, a := range out {
			if a.Name == only {
				filtered = append(filtered, a)
			}
		}
		return filtered, nil
	}
	return out, nil
}
