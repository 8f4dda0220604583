// Package yamlx converts multi-document YAML to JSON objects using the yq
// binary, so kubelint stays free of third-party Go dependencies.
package yamlx

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os/exec"
)

// Decode returns one map per non-empty YAML document in raw.
func Decode(raw []byte) ([]map[string]interface{}, error) {
	if _, err := exec.LookPath("yq"); err != nil {
		return nil, fmt.Errorf("yq (v4) is required: %w", err)
	}
	cmd := exec.Command("yq", "-o=json", "-I=0", ".")
	cmd.Stdin = bytes.NewReader(raw)
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("yq: %w", err)
	}
	var docs []map[string]interface{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1024*1024), 64*1024*1024)
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 || bytes.Equal(line, []byte("null")) {
			continue
		}
		var obj map[string]interface{}
		if err := json.Unmarshal(line, &obj); err != nil {
			return nil, err
		}
		docs = append(docs, obj)
	}
	return docs, sc.Err()
}
