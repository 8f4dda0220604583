package sandbox

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// gate is a Sandbox whose runs block until released, counting how many
// run at once.
type gate struct {
	release      chan struct{}
	running, top atomic.Int32
}

func (*gate) Name() string { return "gate" }

func (g *gate) Run(ctx context.Context, _ Request) (*Result, error) {
	n := g.running.Add(1)
	defer g.running.Add(-1)
	for {
		top := g.top.Load()
		if n <= top || g.top.CompareAndSwap(top, n) {
			break
		}
	}
	<-g.release
	return &Result{}, nil
}

func TestLimit(t *testing.T) {
	g := &gate{release: make(chan struct{})}
	l := Limit(g, 3, 200*time.Millisecond)
	var wg sync.WaitGroup
	errs := make(chan error, 10)
	for i := 0; i < 10; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := l.Run(context.Background(), Request{})
			errs <- err
		}()
	}
	time.Sleep(400 * time.Millisecond) // past maxWait: the seven waiting give up
	close(g.release)
	wg.Wait()
	close(errs)
	ok, busy := 0, 0
	for err := range errs {
		switch {
		case err == nil:
			ok++
		case errors.Is(err, ErrBusy):
			busy++
		default:
			t.Errorf("unexpected error %v", err)
		}
	}
	if g.top.Load() != 3 || ok != 3 || busy != 7 {
		t.Errorf("at most %d ran at once, %d ran, %d busy; want 3, 3, 7", g.top.Load(), ok, busy)
	}
	// With the only slot taken, a cancelled caller stops waiting at once.
	g1 := &gate{release: make(chan struct{})}
	l1 := Limit(g1, 1, time.Minute)
	go l1.Run(context.Background(), Request{})
	for g1.running.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := l1.Run(ctx, Request{}); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("waiting caller whose context ended: %v", err)
	}
	close(g1.release)
}
