// sshlint - offline linter for ~/.ssh/config and the keys it references.
// No network access; read-only.
package main

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

type finding struct {
	Level string `json:"level"`
	Where string `json:"where"`
	Msg   string `json:"msg"`
}

var known = map[string]bool{
	"host": true, "match": true, "hostname": true, "user": true, "port": true, "identityfile": true,
	"identitiesonly": true, "proxyjump": true, "proxycommand": true, "forwardagent": true,
	"addkeystoagent": true, "usekeychain": true, "include": true, "serveraliveinterval": true,
	"serveralivecountmax": true, "stricthostkeychecking": true, "userknownhostsfile": true,
	"controlmaster": true, "controlpath": true, "controlpersist": true, "localforward": true,
	"remoteforward": true, "dynamicforward": true, "compression": true, "loglevel": true,
	"hostkeyalgorithms": true, "pubkeyacceptedalgorithms": true, "certificatefile": true,
	"identityagent": true, "setenv": true, "sendenv": true, "requesttty": true, "remotecommand": true,
}

var findings []finding

func add(level, where, format string, a ...any) {
	findings = append(findings, finding{level, where, fmt.Sprintf(format, a...)})
}

func expand(p, home string) string {
	if strings.HasPrefix(p, "~/") {
		return filepath.Join(home, p[2:])
	}
	return p
}

func parseConfig(path, home string, seenWildcard *bool, idFiles map[string]bool) {
	f, err := os.Open(path)
	if err != nil {
		add("ERROR", path, "cannot open: %v", err)
		return
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	base := filepath.Base(path)
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(strings.Replace(line, "=", " ", 1))
		key := strings.ToLower(fields[0])
		val := strings.Join(fields[1:], " ")
		where := fmt.Sprintf("%s:%d", base, n)
		if !known[key] {
			add("WARN", where, "unknown option %q", fields[0])
		}
		switch key {
		case "host":
			if val == "*" {
				*seenWildcard = true
			} else if *seenWildcard {
				add("WARN", where, "Host %s appears after Host * - options set in Host * win", val)
			}
		case "include":
			matches, _ := filepath.Glob(expand(val, home))
			if !filepath.IsAbs(val) && !strings.HasPrefix(val, "~") {
				matches, _ = filepath.Glob(filepath.Join(home, ".ssh", val))
			}
			for _, m := range matches {
				parseConfig(m, home, seenWildcard, idFiles)
			}
		case "identityfile":
			p := expand(val, home)
			if _, err := os.Stat(p); err != nil {
				add("ERROR", where, "IdentityFile %s does not exist", val)
			} else {
				idFiles[p] = true
			}
		case "forwardagent":
			if strings.EqualFold(val, "yes") {
				add("INFO", where, "ForwardAgent yes - only enable for hosts you trust")
			}
		}
	}
}

// cipherName reads only the header of an OpenSSH private key to learn whether it is encrypted.
// The returned value is the cipher name; no key bytes are kept or printed.
func cipherName(path string) (string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	const begin = "-----BEGIN OPENSSH PRIVATE KEY-----"
	if !bytes.Contains(b, []byte(begin)) {
		if bytes.Contains(b, []byte("ENCRYPTED")) {
			return "legacy-pem-encrypted", nil
		}
		return "legacy-pem", nil
	}
	body := string(b)
	body = body[strings.Index(body, begin)+len(begin):]
	body = body[:strings.Index(body, "-----END")]
	raw, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(body), ""))
	if err != nil {
		return "", err
	}
	magic := []byte("openssh-key-v1\x00")
	if !bytes.HasPrefix(raw, magic) || len(raw) < len(magic)+4 {
		return "", fmt.Errorf("not openssh-key-v1")
	}
	rest := raw[len(magic):]
	l := binary.BigEndian.Uint32(rest[:4])
	if int(l) > len(rest)-4 {
		return "", fmt.Errorf("truncated")
	}
	name := string(rest[4 : 4+l])
	for i := range raw {
		raw[i] = 0
	}
	for i := range b {
		b[i] = 0
	}
	return name, nil
}

func checkKey(priv string) {
	name := filepath.Base(priv)
	st, err := os.Stat(priv)
	if err != nil {
		return
	}
	if mode := st.Mode().Perm(); mode&0o077 != 0 {
		add("ERROR", name, "private key mode %#o - run: chmod 600 %s", mode, priv)
	}
	if c, err := cipherName(priv); err == nil {
		switch c {
		case "none", "legacy-pem":
			add("INFO", name, "no passphrase (cipher %s) - consider: ssh-keygen -p -f %s", c, priv)
		}
	}
	pub, err := os.ReadFile(priv + ".pub")
	if err != nil {
		return
	}
	parts := strings.Fields(string(pub))
	if len(parts) < 2 {
		return
	}
	switch parts[0] {
	case "ssh-dss":
		add("WARN", name, "DSA key - replace with ed25519")
	case "ssh-rsa":
		blob, _ := base64.StdEncoding.DecodeString(parts[1])
		if bits := rsaBits(blob); bits > 0 && bits < 3072 {
			add("WARN", name, "RSA %d - rotate to ed25519", bits)
		}
	}
}

func rsaBits(blob []byte) int {
	read := func() []byte {
		if len(blob) < 4 {
			return nil
		}
		l := binary.BigEndian.Uint32(blob[:4])
		if int(l) > len(blob)-4 {
			return nil
		}
		v := blob[4 : 4+l]
		blob = blob[4+l:]
		return v
	}
	read()     // "ssh-rsa"
	read()     // e
	n := read() // modulus
	for len(n) > 0 && n[0] == 0 {
		n = n[1:]
	}
	return len(n) * 8
}

func main() {
	home, _ := os.UserHomeDir()
	cfg := flag.String("config", filepath.Join(home, ".ssh", "config"), "ssh config path")
	asJSON := flag.Bool("json", false, "JSON output")
	flag.Parse()

	if st, err := os.Stat(filepath.Join(home, ".ssh")); err == nil && st.Mode().Perm()&0o077 != 0 {
		add("WARN", "~/.ssh", "directory mode %#o - run: chmod 700 ~/.ssh", st.Mode().Perm())
	}

	wild := false
	ids := map[string]bool{}
	parseConfig(*cfg, home, &wild, ids)
	for _, def := range []string{"id_ed25519", "id_ecdsa", "id_rsa", "id_dsa"} {
		p := filepath.Join(home, ".ssh", def)
		if _, err := os.Stat(p); err == nil {
			ids[p] = true
		}
	}
	for p := range ids {
		checkKey(p)
	}

	if *asJSON {
		json.NewEncoder(os.Stdout).Encode(findings)
		return
	}
	for _, f := range findings {
		fmt.Printf("%-5s %-14s %s\n", f.Level, f.Where, f.Msg)
	}
	if len(findings) == 0 {
		fmt.Println("no findings")
	}
}
