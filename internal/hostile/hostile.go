// Package hostile builds the hostile skill trees and the hostile names and
// paths the security tests of every layer (index, tools, cmd) share: a
// canary file with unique content sits outside the skill root, and links,
// a FIFO, a device file and traversal paths all try to reach it. A test
// passes a tree and a list through its layer and asserts with Leaks that
// the canary's content never appears in any output. See SECURITY.md.
package hostile

import (
	"crypto/rand"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// Tree is a skill root built to be attacked. Root holds two valid skills,
// "s" (the one attacked) and "t" (a neighbour), and the name "café" twice:
// spelled NFC in folder nfc and NFD in folder nfd. Outside, a sibling
// of Root, holds the canary files. Skill s holds:
//
//	references/guide.md   an ordinary reference file
//	etc -> Outside        a link to a folder outside the skill
//	other -> Root/t       a link to another skill's folder
//	up -> Root            a link to an ancestor (a cycle)
//	loop1 <-> loop2       a symlink loop
//	canary-link.md        a link to Outside/canary.txt
//	passwd -> /etc/passwd a link to a system file
//	references/fifo.md    a FIFO named like a reference file
//	references/dev.md     a character device (/dev/zero's numbers), only
//	                      when the test runs as root (HasDevice)
//	scripts/ok.sh         a script printing "ok"
//
// Root/canary.txt is inside the root but outside every skill folder, and
// Root/u/SKILL.md is a link to a SKILL.md outside (so u is no skill).
type Tree struct {
	Base, Root, Outside string
	// Canary is the content of every canary file: unique per tree, so
	// finding it in an output proves a read outside the skill folder.
	Canary string
	// HasDevice says whether references/dev.md was created.
	HasDevice bool
}

// Build writes a Tree under a fresh t.TempDir (links resolved, so paths
// compare with the catalog's). It fails the test when a FIFO cannot be
// made.
func Build(t testing.TB) *Tree {
	t.Helper()
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	var rnd [12]byte
	_, _ = rand.Read(rnd[:])
	tr := &Tree{Base: base, Root: filepath.Join(base, "root"), Outside: filepath.Join(base, "outside"),
		Canary: "CANARY-" + hex.EncodeToString(rnd[:])}
	skill := func(name, body string) string {
		return "---\nname: " + name + "\ndescription: Hostile-path test skill " + name + ".\n---\n\n" + body + "\n"
	}
	files := map[string]string{
		"root/s/SKILL.md":            skill("s", "See [guide](references/guide.md) and [etc](etc/canary.txt)."),
		"root/s/references/guide.md": "guide text\n",
		"root/s/scripts/ok.sh":       "#!/bin/bash\necho ok\n",
		"root/t/SKILL.md":            skill("t", "The neighbour."),
		"root/t/private.md":          "t's own file\n",
		"root/nfc/SKILL.md":          skill("café", "NFC spelling."),
		"root/nfd/SKILL.md":          skill("cafe\u0301", "NFD spelling."),
		"root/canary.txt":            tr.Canary,
		"outside/canary.txt":         tr.Canary,
		"outside/passwd":             tr.Canary,
		"outside/canary.sh":          "#!/bin/bash\necho " + tr.Canary + "\n",
		"outside/sub/deep.md":        tr.Canary,
		"outside/SKILL.md":           skill("outside", tr.Canary),
	}
	for rel, content := range files {
		p := filepath.Join(base, filepath.FromSlash(rel))
		must(t, os.MkdirAll(filepath.Dir(p), 0o755))
		must(t, os.WriteFile(p, []byte(content), 0o644))
	}
	s := filepath.Join(tr.Root, "s")
	must(t, os.Symlink(tr.Outside, filepath.Join(s, "etc")))
	must(t, os.Symlink(filepath.Join(tr.Root, "t"), filepath.Join(s, "other")))
	must(t, os.Symlink(tr.Root, filepath.Join(s, "up")))
	must(t, os.Symlink(filepath.Join(s, "loop2"), filepath.Join(s, "loop1")))
	must(t, os.Symlink(filepath.Join(s, "loop1"), filepath.Join(s, "loop2")))
	must(t, os.Symlink(filepath.Join(tr.Outside, "canary.txt"), filepath.Join(s, "canary-link.md")))
	must(t, os.Symlink(filepath.Join(tr.Outside, "canary.sh"), filepath.Join(s, "scripts", "canary-link.sh")))
	must(t, os.Symlink("/etc/passwd", filepath.Join(s, "passwd")))
	must(t, os.MkdirAll(filepath.Join(tr.Root, "u"), 0o755))
	must(t, os.Symlink(filepath.Join(tr.Outside, "SKILL.md"), filepath.Join(tr.Root, "u", "SKILL.md")))
	must(t, syscall.Mkfifo(filepath.Join(s, "references", "fifo.md"), 0o644))
	// Character device 1,5 is /dev/zero: reading it never ends.
	tr.HasDevice = syscall.Mknod(filepath.Join(s, "references", "dev.md"), syscall.S_IFCHR|0o644, 1<<8|5) == nil
	return tr
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// Leaks reports whether out holds the canary's content or a line of the
// real /etc/passwd's first entry ("root:x:0:0"), i.e. whether a read
// escaped the skill folder.
func (tr *Tree) Leaks(out string) bool {
	return strings.Contains(out, tr.Canary) || strings.Contains(out, "root:x:0:0")
}

// Paths are file paths relative to skill s that must never read outside
// it. Each names nothing s serves: every one must fail with a clear error.
func (tr *Tree) Paths() []string {
	return []string{
		"..", "../", "./..", "../canary.txt", "../../outside/canary.txt", "../../etc/passwd",
		"references/../../canary.txt", "references/./../../outside/canary.txt",
		"/etc/passwd", filepath.Join(tr.Outside, "canary.txt"), "//etc/passwd", "file:///etc/passwd",
		"~", "~/canary.txt", "~root/.bashrc",
		`..\canary.txt`, `..\..\outside\canary.txt`, `references\..\..\canary.txt`, `C:\Windows\win.ini`, `\\host\share\x`,
		"%2e%2e/canary.txt", "%2e%2e%2fcanary.txt", "..%2fcanary.txt", "%252e%252e%252fcanary.txt", "..%252fcanary.txt",
		"references/guide.md\x00../../canary.txt", "\x00", "../canary.txt\x00",
		"\uff0e\uff0e/canary.txt", "..\uff0fcanary.txt", "\uff0e\uff0e\uff0fcanary.txt", "\u2025/canary.txt", "..\u2215canary.txt", "..\u2044canary.txt",
		"etc/canary.txt", "etc/passwd", "etc/sub/deep.md", "etc/SKILL.md", "other/private.md", "other/SKILL.md",
		"up/canary.txt", "up/t/private.md", "loop1", "loop1/x", "canary-link.md", "passwd",
		"references/fifo.md", "references/dev.md",
		strings.Repeat("a/", 5*1024) + "x", strings.Repeat("../", 3500),
	}
}

// Names are skill names or ids that must resolve to no skill, or to one
// of the tree's own skills, and never read outside the root.
func (tr *Tree) Names() []string {
	return []string{
		"", " ", "..", "../t", "../../etc/passwd", "/etc/passwd", tr.Root, filepath.Join(tr.Root, "s"), tr.Outside,
		"~", "~/s", "s/..", "s/../t", "s/etc", "s/other", `s\..\t`, `..\outside`,
		"%2e%2e", "%2e%2e%2foutside", "%252e%252e%252foutside", "s\x00", "\x00", "s\x00../outside",
		"\uff53", "\u0455", "\uff0e\uff0e\uff0foutside", "s\uff0f..\uff0f..", "outside", "u",
		strings.Repeat("s", 10*1024), strings.Repeat("../", 3500),
	}
}
