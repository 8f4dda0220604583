package index

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/skilldex/skilldex/internal/hostile"
)

// openHostile opens a catalog over a hostile tree, failing when Open does
// not return in time (a FIFO or device opened by the walk would block it).
func openHostile(t *testing.T) (*hostile.Tree, *Catalog) {
	t.Helper()
	tr := hostile.Build(t)
	type res struct {
		c   *Catalog
		err error
	}
	done := make(chan res, 1)
	go func() {
		c, err := Open(context.Background(), &Options{Roots: []Root{{Path: tr.Root}}, Mem: true})
		done <- res{c, err}
	}()
	select {
	case r := <-done:
		if r.err != nil {
			t.Fatal(r.err)
		}
		t.Cleanup(func() { r.c.Close() })
		return tr, r.c
	case <-time.After(hangLimit): // hang guard only
		t.Fatal("Open blocked on the hostile tree (FIFO, device or link loop)")
	}
	return nil, nil
}

// TestHostileTreeWalk checks what the walk makes of links, loops, FIFOs and
// devices: only the real files of each skill are listed, the canary is in
// no stored content, and the diagnostics name what was skipped.
func TestHostileTreeWalk(t *testing.T) {
	tr, c := openHostile(t)
	ctx := context.Background()
	var got []string
	for _, s := range c.List(ListOptions{IncludeInvalid: true, IncludeShadowed: true}) {
		got = append(got, s.ID)
	}
	if strings.Join(got, ",") != "nfc,nfd,s,t" {
		t.Errorf("skills = %q, want the four real ones (no skill reached through a link out of a skill)", got)
	}
	if _, err := c.Load(ctx, "u"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Load(u) = %v; want ErrNotFound (its SKILL.md links outside: no skill)", err)
	}
	s, err := c.Resolve("s")
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, f := range s.Files {
		files = append(files, f.Path)
	}
	if want := "SKILL.md,references/guide.md,scripts/ok.sh"; strings.Join(files, ",") != want {
		t.Errorf("files of s = %v, want %s", files, want)
	}
	// Every skill's every file, read back: nothing holds the canary.
	for _, sk := range c.List(ListOptions{IncludeInvalid: true, IncludeShadowed: true}) {
		if l, err := c.Load(ctx, sk.ID); err == nil && tr.Leaks(l.Content) {
			t.Errorf("Load(%s) leaked the canary", sk.ID)
		}
		for _, f := range sk.Files {
			if got, err := c.ReadFile(ctx, sk.ID, f.Path); err == nil && tr.Leaks(got.Content) {
				t.Errorf("ReadFile(%s, %s) leaked the canary", sk.ID, f.Path)
			}
		}
	}
	codes := map[string]bool{}
	for _, d := range c.Diagnostics() {
		codes[d.Code+" "+strings.TrimPrefix(d.File, tr.Root+"/")] = true
	}
	for _, want := range []string{"symlink-outside s/etc", "symlink-outside s/other", "symlink-cycle s/up",
		"symlink-outside s/canary-link.md", "symlink-outside s/passwd", "symlink-outside u/SKILL.md"} {
		if !codes[want] {
			t.Errorf("diagnostics lack %q; have %v", want, codes)
		}
	}
}

// TestHostilePaths sends every hostile path through ReadFile: each fails
// with a sentinel a caller can act on, and no answer holds the canary.
func TestHostilePaths(t *testing.T) {
	tr, c := openHostile(t)
	ctx := context.Background()
	for _, p := range tr.Paths() {
		f, err := c.ReadFile(ctx, "s", p)
		if err == nil {
			t.Errorf("ReadFile(s, %.60q) served %d bytes; want an error", p, f.Size)
			continue
		}
		if !errors.Is(err, ErrOutside) && !errors.Is(err, ErrFileNotFound) {
			t.Errorf("ReadFile(s, %.60q) = %v; want ErrOutside or ErrFileNotFound", p, err)
		}
		if tr.Leaks(err.Error()) || (f != nil && tr.Leaks(f.Content)) {
			t.Errorf("ReadFile(s, %.60q) leaked the canary", p)
		}
		if len(err.Error()) > 2048 {
			t.Errorf("ReadFile(s, %.60q): error of %d bytes; a clear error is short", p, len(err.Error()))
		}
	}
	if _, err := c.ReadFile(ctx, "s", "references/guide.md"); err != nil {
		t.Errorf("the ordinary reference file: %v", err)
	}
}

// TestHostileNames sends every hostile name through Resolve, Load and
// ReadFile: each either fails with a sentinel or names one of the tree's
// own skills, and nothing outside the root is read.
func TestHostileNames(t *testing.T) {
	tr, c := openHostile(t)
	ctx := context.Background()
	for _, n := range tr.Names() {
		s, err := c.Resolve(n)
		if err == nil {
			if !within(tr.Root, s.RealDir) {
				t.Errorf("Resolve(%.60q) = skill at %s, outside the root", n, s.RealDir)
			}
			continue
		}
		if !errors.Is(err, ErrNotFound) && !errors.Is(err, ErrBadName) && !errors.Is(err, ErrInvalid) {
			t.Errorf("Resolve(%.60q) = %v; want a sentinel", n, err)
		}
		l, lerr := c.Load(ctx, n)
		f, ferr := c.ReadFile(ctx, n, "SKILL.md")
		out := fmt.Sprint(err, lerr, ferr)
		if l != nil {
			out += l.Content
		}
		if f != nil {
			out += f.Content
		}
		if tr.Leaks(out) {
			t.Errorf("name %.60q leaked the canary", n)
		}
		if len(err.Error()) > 4096 {
			t.Errorf("Resolve(%.60q): error of %d bytes", n, len(err.Error()))
		}
	}
	// Names that differ only in case resolve to the same skill; the NFC and
	// NFD spellings of café are one name, won by one folder, the other
	// shadowed and reachable by its id.
	a, errA := c.Resolve("S")
	b, errB := c.Resolve("s")
	if errA != nil || errB != nil || a.ID != b.ID {
		t.Errorf("Resolve(S) = %v, %v; Resolve(s) = %v, %v", a.ID, errA, b.ID, errB)
	}
	nfc, err1 := c.Resolve("café")
	nfd, err2 := c.Resolve("cafe\u0301")
	if err1 != nil || err2 != nil || nfc.ID != nfd.ID {
		t.Errorf("NFC and NFD spellings resolve to %q (%v) and %q (%v); want one skill", nfc.ID, err1, nfd.ID, err2)
	}
	shadowed := 0
	for _, s := range c.List(ListOptions{IncludeShadowed: true}) {
		if s.ShadowedBy != "" {
			shadowed++
		}
	}
	if shadowed != 1 {
		t.Errorf("%d shadowed skills; want the second café", shadowed)
	}
}
