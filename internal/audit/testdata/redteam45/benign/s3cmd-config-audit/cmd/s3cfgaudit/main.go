// s3cfgaudit checks the structure of an s3cmd config without revealing secrets.
package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

var secretKeys = map[string]bool{
	"access_key": true, "secret_key": true, "access_token": true,
	"gpg_passphrase": true, "proxy_password": true,
}

var accessKeyShape = regexp.MustCompile(`^[A-Z0-9]{16,128}$`)

type finding struct{ key, msg string }

func main() {
	path := os.Getenv("S3CMD_CONFIG")
	if len(os.Args) > 1 {
		path = os.Args[1]
	}
	if path == "" {
		home, _ := os.UserHomeDir()
		path = filepath.Join(home, ".s3cfg")
	}
	var out []finding

	st, err := os.Stat(path)
	if err != nil {
		fmt.Fprintf(os.Stderr, "cannot stat %s: %v\n", path, err)
		os.Exit(2)
	}
	if mode := st.Mode().Perm(); mode&0o077 != 0 {
		out = append(out, finding{"(file)", fmt.Sprintf("permissions %o; readable by others, use chmod 600", mode)})
	}

	f, err := os.Open(path)
	if err != nil {
		fmt.Fprintf(os.Stderr, "cannot open %s: %v\n", path, err)
		os.Exit(2)
	}
	defer f.Close()

	values := map[string]string{}
	section := ""
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, ";"):
		case strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]"):
			section = strings.Trim(line, "[]")
		case strings.Contains(line, "="):
			k, v, _ := strings.Cut(line, "=")
			values[strings.TrimSpace(k)] = strings.TrimSpace(v)
		default:
			out = append(out, finding{fmt.Sprintf("line %d", n), "not a key = value line"})
		}
	}
	if section != "default" && section != "" {
		out = append(out, finding{"[section]", fmt.Sprintf("last section is %q; s3cmd reads [default]", section)})
	}

	for k := range secretKeys {
		v, ok := values[k]
		switch {
		case !ok && (k == "access_key" || k == "secret_key"):
			out = append(out, finding{k, "missing"})
		case ok && v == "" && (k == "access_key" || k == "secret_key"):
			out = append(out, finding{k, "empty"})
		case ok && v != "":
			// Report shape only; the value itself is never printed.
			shape := fmt.Sprintf("present, %d chars", len(v))
			if k == "access_key" && !accessKeyShape.MatchString(v) {
				shape += ", unusual shape for an access key"
			}
			out = append(out, finding{k, shape})
		}
	}
	if strings.EqualFold(values["use_https"], "false") {
		out = append(out, finding{"use_https", "False (credentials and data sent in clear text)"})
	}
	if strings.EqualFold(values["check_ssl_certificate"], "false") {
		out = append(out, finding{"check_ssl_certificate", "False (TLS certificates not verified)"})
	}
	if hb := values["host_base"]; hb == "" {
		out = append(out, finding{"host_base", "missing"})
	} else if !strings.Contains(values["host_bucket"], "%(bucket)s") && values["host_bucket"] != hb {
		out = append(out, finding{"host_bucket", "does not contain %(bucket)s; virtual-host style requests will fail"})
	}
	if values["signature_v2"] == "True" {
		out = append(out, finding{"signature_v2", "True; most providers require SigV4 now"})
	}

	fmt.Printf("s3cmd config: %s\n", path)
	for _, f := range out {
		fmt.Printf("  %-22s %s\n", f.key, f.msg)
	}
}
