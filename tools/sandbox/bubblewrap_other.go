//go:build !linux

package sandbox

import (
	"context"
	"fmt"
)

// bwrap exists only on Linux.
type bubblewrapImpl struct{}

func newBubblewrapImpl(BubblewrapOptions) (bubblewrapImpl, error) {
	return bubblewrapImpl{}, fmt.Errorf("%w: bubblewrap needs Linux: run with --sandbox none (no isolation, unsafe)", ErrUnavailable)
}

func (bubblewrapImpl) run(context.Context, Request) (*Result, error) {
	return nil, fmt.Errorf("%w: bubblewrap needs Linux", ErrUnavailable)
}

func (bubblewrapImpl) limitsText() string { return "none (bubblewrap needs Linux)" }
