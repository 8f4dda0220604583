// Package serve holds what skilldex needs to serve MCP beyond the tools
// themselves: the HTTP guard (Host and Origin checks, bearer tokens, body
// and session limits) in front of the go-sdk's streamable HTTP handler.
// The package is internal to skilldex.
package serve
