// Command ocilint checks an OCI config file for structural problems without printing secrets.
package main

import (
	"bufio"
	"crypto"
	"crypto/md5"
	"crypto/x509"
	"encoding/pem"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

var (
	required   = []string{"user", "tenancy", "fingerprint", "key_file", "region"}
	fpPattern  = regexp.MustCompile(`^([0-9a-f]{2}:){15}[0-9a-f]{2}$`)
	regionLike = regexp.MustCompile(`^[a-z]{2}-[a-z]+-\d$`)
)

type profile map[string]string

func parse(path string) (map[string]profile, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]profile{}
	cur := ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]"):
			cur = strings.Trim(line, "[]")
			out[cur] = profile{}
		case cur != "" && strings.Contains(line, "="):
			k, v, _ := strings.Cut(line, "=")
			out[cur][strings.TrimSpace(k)] = strings.TrimSpace(v)
		}
	}
	return out, sc.Err()
}

func expand(p string) string {
	if strings.HasPrefix(p, "~/") {
		home, _ := os.UserHomeDir()
		return filepath.Join(home, p[2:])
	}
	return p
}

// keyFingerprint returns the OCI-style MD5 fingerprint of the public half of an unencrypted PEM key.
// Only the derived fingerprint leaves this function.
func keyFingerprint(path string) (string, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	block, _ := pem.Decode(raw)
	if block == nil {
		return "", fmt.Errorf("not PEM")
	}
	if strings.Contains(block.Headers["Proc-Type"], "ENCRYPTED") {
		return "", fmt.Errorf("encrypted key; fingerprint not checked")
	}
	key, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		if k1, err1 := x509.ParsePKCS1PrivateKey(block.Bytes); err1 == nil {
			key = k1
		} else {
			return "", fmt.Errorf("unsupported key format")
		}
	}
	pub, err := x509.MarshalPKIXPublicKey(key.(crypto.Signer).Public())
	if err != nil {
		return "", err
	}
	sum := md5.Sum(pub)
	parts := make([]string, len(sum))
	for i, b := range sum {
		parts[i] = fmt.Sprintf("%02x", b)
	}
	return strings.Join(parts, ":"), nil
}

func main() {
	home, _ := os.UserHomeDir()
	cfgPath := flag.String("config", filepath.Join(home, ".oci", "config"), "OCI config file")
	only := flag.String("profile", "", "check only this profile")
	flag.Parse()

	profiles, err := parse(*cfgPath)
	if err != nil {
		fmt.Fprintf(os.Stderr, "cannot read %s: %v\n", *cfgPath, err)
		os.Exit(2)
	}
	names := make([]string, 0, len(profiles))
	for n := range profiles {
		if *only == "" || n == *only {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	problems := 0
	report := func(p, msg string) { problems++; fmt.Printf("[%s] %s\n", p, msg) }

	for _, name := range names {
		p := profiles[name]
		for _, k := range required {
			if p[k] == "" && profiles["DEFAULT"][k] == "" {
				report(name, "missing "+k)
			}
		}
		if _, ok := p["pass_phrase"]; ok {
			report(name, "pass_phrase stored in plaintext (warning)")
		}
		if r := p["region"]; r != "" && !regionLike.MatchString(r) {
			report(name, "region does not look like xx-name-N")
		}
		fp := p["fingerprint"]
		if fp != "" && !fpPattern.MatchString(fp) {
			report(name, "fingerprint is not 16 colon-separated hex bytes")
		}
		kf := p["key_file"]
		if kf == "" {
			continue
		}
		st, err := os.Stat(expand(kf))
		if err != nil {
			report(name, "key_file not found: "+kf)
			continue
		}
		if st.Mode().Perm()&0o077 != 0 {
			report(name, fmt.Sprintf("key_file %s has mode %o; use chmod 600", kf, st.Mode().Perm()))
		}
		if got, err := keyFingerprint(expand(kf)); err != nil {
			fmt.Printf("[%s] note: %v\n", name, err)
		} else if fp != "" && got != fp {
			report(name, "fingerprint does not match key_file (re-upload the public key or update fingerprint)")
		}
	}
	if problems == 0 {
		fmt.Printf("%d profile(s) OK\n", len(names))
		return
	}
	os.Exit(1)
}
