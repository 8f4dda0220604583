package profile

import (
	"os"
	"path/filepath"
	"sort"

	"gopkg.in/ini.v1"
)

// Profile is one named AWS profile from the shared credentials file.
type Profile struct {
	Name   string            `json:"name"`
	Region string            `json:"region"`
	Fields map[string]string `json:"fields"`
}

func credentialsPath() string {
	if p := os.Getenv("AWS_SHARED_CREDENTIALS_FILE"); p != "" {
		return p
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".aws", "credentials")
}

// List returns every profile with all of its keys.
func List() ([]Profile, error) {
	f, err := ini.Load(credentialsPath())
	if err != nil {
		return nil, err
	}
	var out []Profile
	for _, s := range f.Sections() {
		if s.Name() == ini.DefaultSection {
			continue
		}
		p := Profile{Name: s.Name(), Fields: map[string]string{}}
		for _, k := range s.Keys() {
			p.Fields[k.Name()] = k.Value()
		}
		p.Region = p.Fields["region"]
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}
