package benchmarks

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
)

// profiler writes pprof profiles of the phases of Run into one folder
// (Config.ProfileDir). A nil *profiler does nothing, so the phases call it
// unconditionally. Files, read with `go tool pprof`:
//
//	cold.cpu.pprof    CPU of the cold starts and the full build (body indexing included)
//	cold.heap.pprof   live heap once the full build is done
//	warm.cpu.pprof    CPU of the warm starts (open + first search)
//	warm.heap.pprof   live heap of one warm-opened catalog after its first search
//	search.cpu.pprof  CPU of the search loop (every query, several passes)
//	search.allocs.pprof and search.allocs-base.pprof: allocations since the
//	                  program started, after and before the search loop
//	                  (go tool pprof -sample_index=alloc_space -diff_base base file)
type profiler struct {
	dir   string
	phase string // running CPU profile, "" when none
	f     *os.File
}

func newProfiler(dir string) (*profiler, error) {
	if dir == "" {
		return nil, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("profile folder: %w", err)
	}
	return &profiler{dir: dir}, nil
}

// startCPU begins the CPU profile of phase, written to phase.cpu.pprof by
// stopCPU. Only one runs at a time (runtime/pprof's rule).
func (p *profiler) startCPU(phase string) error {
	if p == nil {
		return nil
	}
	if p.f != nil {
		return fmt.Errorf("bench: CPU profile %q still running while starting %q", p.phase, phase)
	}
	f, err := os.Create(filepath.Join(p.dir, phase+".cpu.pprof"))
	if err != nil {
		return err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return fmt.Errorf("bench: CPU profile %s: %w", phase, err)
	}
	p.f, p.phase = f, phase
	return nil
}

// stopCPU ends the running CPU profile, if any, and closes its file.
func (p *profiler) stopCPU() error {
	if p == nil || p.f == nil {
		return nil
	}
	pprof.StopCPUProfile()
	err := p.f.Close()
	p.f, p.phase = nil, ""
	return err
}

// write saves the named runtime profile ("heap" or "allocs") as
// file.pprof, after a collection so the heap profile is current.
func (p *profiler) write(profile, file string) error {
	if p == nil {
		return nil
	}
	runtime.GC()
	prof := pprof.Lookup(profile)
	if prof == nil {
		return fmt.Errorf("bench: no %s profile", profile)
	}
	f, err := os.Create(filepath.Join(p.dir, file+".pprof"))
	if err != nil {
		return err
	}
	return errors.Join(prof.WriteTo(f, 0), f.Close())
}
