package mcpshare

import (
	"context"
	"io"
	"net"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// InProcess returns a Front.Dial that connects to srv in this process
// (one session per call), for stdio serving that shares nothing but still
// wants the front's validation and backpressure.
func InProcess(srv *mcp.Server) func(ctx context.Context) (io.ReadWriteCloser, error) {
	return func(ctx context.Context) (io.ReadWriteCloser, error) {
		front, back := net.Pipe()
		if _, err := srv.Connect(ctx, &mcp.IOTransport{Reader: back, Writer: back, MaxLineLength: maxForwarded}, nil); err != nil {
			front.Close()
			back.Close()
			return nil, err
		}
		return front, nil
	}
}
