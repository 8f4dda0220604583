// Package agentconfig writes skilldex's MCP server entry into agents'
// configuration files: each agent's file, format and server key (Targets,
// taken from the agents' documentation), and merges that keep every other
// server, key and comment (JSON with comments through tailscale/hujson,
// TOML through go-toml). The package is internal to skilldex.
package agentconfig
