package clients

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"time"
)

type Server struct {
	Command string            `json:"command,omitempty"`
	Args    []string          `json:"args,omitempty"`
	Env     map[string]string `json:"env,omitempty"`
	URL     string            `json:"url,omitempty"`
	Type    string            `json:"type,omitempty"`
}

type Client struct {
	Name    string
	Path    string
	Key     string // "mcpServers" or "servers"
	raw     map[string]any
	Servers map[string]Server
}

func home() string { h, _ := os.UserHomeDir(); return h }

func candidates() []Client {
	h := home()
	desktop := filepath.Join(h, ".config", "Claude", "claude_desktop_config.json")
	switch runtime.GOOS {
	case "darwin":
		desktop = filepath.Join(h, "Library", "Application Support", "Claude", "claude_desktop_config.json")
	case "windows":
		desktop = filepath.Join(os.Getenv("APPDATA"), "Claude", "claude_desktop_config.json")
	}
	return []Client{
		{Name: "claude-code", Path: filepath.Join(h, ".claude.json"), Key: "mcpServers"},
		{Name: "claude-project", Path: ".mcp.json", Key: "mcpServers"},
		{Name: "claude-desktop", Path: desktop, Key: "mcpServers"},
		{Name: "cursor", Path: filepath.Join(h, ".cursor", "mcp.json"), Key: "mcpServers"},
		{Name: "vscode", Path: filepath.Join(".vscode", "mcp.json"), Key: "servers"},
	}
}

func Discover() []*Client {
	var out []*Client
	for _, c := range candidates() {
		c := c
		b, err := os.ReadFile(c.Path)
		if err != nil {
			continue
		}
		c.raw = map[string]any{}
		if json.Unmarshal(b, &c.raw) != nil {
			continue
		}
		c.Servers = map[string]Server{}
		if m, ok := c.raw[c.Key].(map[string]any); ok {
			for n, v := range m {
				vb, _ := json.Marshal(v)
				var s Server
				_ = json.Unmarshal(vb, &s)
				c.Servers[n] = s
			}
		}
		out = append(out, &c)
	}
	return out
}

func (c *Client) Save() error {
	if c.raw == nil {
		return errors.New("not loaded")
	}
	if orig, err := os.ReadFile(c.Path); err == nil {
		_ = os.WriteFile(c.Path+".bak", orig, 0o600)
	}
	c.raw[c.Key] = c.Servers
	b, err := json.MarshalIndent(c.raw, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(c.Path, b, 0o600)
}

// Probe starts a stdio server and waits briefly to see that it does not exit immediately.
func Probe(s Server) error {
	if s.URL != "" {
		return nil
	}
	cmd := exec.Command(s.Command, s.Args...)
	if err := cmd.Start(); err != nil {
		return err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err == nil {
			err = errors.New("exited immediately")
		}
		return err
	case <-time.After(1500 * time.Millisecond):
		_ = cmd.Process.Kill()
		return nil
	}
}
