package skillsext

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"maps"
	"strconv"

	"github.com/skilldex/skilldex/index"
	"github.com/skilldex/skilldex/index/skillmd"
	"github.com/skilldex/skilldex/internal/safefs"
	"gopkg.in/yaml.v3"
)

// SkillResource is one file of a skill with the digest and size of its
// content (SEP-2640 "Skill Entries").
type SkillResource struct {
	// URI is the file's resource URI, readable with resources/read.
	URI string `json:"uri"`
	// Digest is "sha256:" and the 64 lowercase hex digits of the SHA-256
	// of the file's raw bytes.
	Digest string `json:"digest"`
	// Size is the length of those bytes.
	Size int64 `json:"size"`
}

// Skill is the entry of one skill, the same in skills/list and skills/get
// (SEP-2640 "Skill Entries").
type Skill struct {
	// URI is the resource URI of the skill's SKILL.md.
	URI string `json:"uri"`
	// Frontmatter is the SKILL.md frontmatter as a JSON object: name and
	// description as written (block scalars keep their final newline), and
	// every other field as the catalog parsed it (index.Skill.Metadata),
	// keys under metadata.io.modelcontextprotocol/ included, unchanged.
	Frontmatter map[string]any `json:"frontmatter"`
	// Resources lists every file of the skill once, SKILL.md first.
	Resources []SkillResource `json:"resources"`
	// Meta carries skilldex's own keys: "dev.skilldex/id", the catalog id
	// the tools take.
	Meta map[string]any `json:"_meta,omitempty"`
}

// cachedEntry is an entry and the fingerprint it was computed from.
type cachedEntry struct {
	fp    uint64
	entry *Skill
}

// entry returns the entry of vs, from the cache when nothing it depends on
// changed. Errors: the SKILL.md cannot be read, or a file without a stored
// hash cannot be read to hash it.
func (e *Extension) entry(ctx context.Context, vs *vskill) (*Skill, error) {
	fp := vs.fingerprint()
	e.mu.Lock()
	c, ok := e.entries[vs.id]
	e.mu.Unlock()
	if ok && c.fp == fp {
		return c.entry, nil
	}
	fm, err := e.frontmatter(ctx, vs)
	if err != nil {
		return nil, err
	}
	files := vs.files()
	ent := &Skill{URI: vs.uri, Frontmatter: fm, Resources: make([]SkillResource, len(files)),
		Meta: map[string]any{"dev.skilldex/id": vs.id}}
	for i, f := range files {
		d, err := e.digest(f)
		if err != nil {
			return nil, err
		}
		ent.Resources[i] = SkillResource{URI: vs.fileURI(f.rel), Digest: "sha256:" + d, Size: f.info.Size}
	}
	e.mu.Lock()
	e.entries[vs.id] = cachedEntry{fp: fp, entry: ent}
	e.mu.Unlock()
	return ent, nil
}

// frontmatter is the frontmatter object of vs's entry, cached per SKILL.md
// hash. The catalog keeps every field but name and description decoded
// (Metadata); name and description it trims, so those two are read again
// from the stored SKILL.md as YAML wrote them (SEP-2640: "identical in
// content"). The map is shared: callers must not modify it.
func (e *Extension) frontmatter(ctx context.Context, vs *vskill) (map[string]any, error) {
	key := vs.id + "\x00" + vs.sk.Hash
	e.mu.Lock()
	fm, ok := e.fms[key]
	e.mu.Unlock()
	if ok {
		return fm, nil
	}
	fm, err := e.readFrontmatter(ctx, vs)
	if err != nil {
		return nil, err
	}
	e.mu.Lock()
	e.fms[key] = fm
	e.mu.Unlock()
	return fm, nil
}

func (e *Extension) readFrontmatter(ctx context.Context, vs *vskill) (map[string]any, error) {
	fm := make(map[string]any, len(vs.sk.Metadata)+2)
	maps.Copy(fm, vs.sk.Metadata)
	fm["name"], fm["description"] = vs.sk.Name, vs.sk.Description
	f, err := e.cat.ReadFile(ctx, vs.id, vs.sk.SkillFile)
	if err != nil {
		return nil, fmt.Errorf("read %s of skill %s: %w", vs.sk.SkillFile, vs.id, err)
	}
	front, _, _, ok := skillmd.SplitFrontmatter([]byte(f.Content))
	if !ok {
		return fm, nil
	}
	var doc yaml.Node
	if yaml.Unmarshal(front, &doc) != nil || len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return fm, nil
	}
	m := doc.Content[0].Content
	for i := 0; i+1 < len(m); i += 2 {
		k, val := m[i].Value, m[i+1]
		if (k == "name" || k == "description") && val.Kind == yaml.ScalarNode && val.ShortTag() == "!!str" {
			fm[k] = val.Value
		}
	}
	return fm, nil
}

// digest returns the hex SHA-256 of f: the catalog's hash of the content it
// read and stored (index.FileInfo.Hash), else one computed here once per
// file version (path, size, modification time) and cached, for files the
// catalog does not hash (over index.MaxFileSize, or not read yet while a
// serving catalog indexes bodies in the background).
func (e *Extension) digest(f vfile) (string, error) {
	if f.info.Hash != "" {
		return f.info.Hash, nil
	}
	key := digestKey(f)
	e.mu.Lock()
	d, ok := e.digests[key]
	e.mu.Unlock()
	if ok {
		return d, nil
	}
	data, err := readRaw(f.ownerDir, f.ownerRel, f.info.Size)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(data)
	d = hex.EncodeToString(sum[:])
	e.mu.Lock()
	e.digests[key] = d
	e.mu.Unlock()
	return d, nil
}

func digestKey(f vfile) string {
	return f.ownerDir + "\x00" + f.ownerRel + "\x00" + strconv.FormatInt(f.info.Size, 10) + "\x00" + strconv.FormatInt(f.info.ModTime, 10)
}

// errChanged is returned by readRaw when a file's size is not the one the
// catalog recorded: it changed since the last refresh, and the entry will
// be recomputed after the next one.
var errChanged = errors.New("the file changed since the catalog last saw it")

// readRaw reads rel below dir through internal/safefs, the project's one
// safe read path: opened beneath the folder's descriptor (openat2
// RESOLVE_BENEATH, else os.Root), so no link, or link swapped in between
// check and use, leads outside; non-blocking, so a FIFO put in a file's
// place cannot hang; regular files only; at most MaxBytesPerSkill bytes.
// want is the size the catalog recorded (-1: any).
func readRaw(dir, rel string, want int64) ([]byte, error) {
	data, err := safefs.ReadFile(dir, rel, MaxBytesPerSkill)
	if err != nil {
		return nil, err
	}
	if want >= 0 && int64(len(data)) != want {
		return nil, fmt.Errorf("%s: %w (%d bytes, recorded %d)", rel, errChanged, len(data), want)
	}
	return data, nil
}

// readFile returns the bytes of f as served by resources/read: text files
// up to index.MaxFileSize from the catalog (its store, the same bytes it
// hashed), anything else (binary, or larger, or a file of a nested skill
// the catalog does not serve) straight from the folder.
func (e *Extension) readFile(ctx context.Context, f vfile) (data []byte, text bool, err error) {
	got, err := e.cat.ReadFile(ctx, f.ownerID, f.ownerRel)
	switch {
	case err == nil:
		return []byte(got.Content), true, nil
	case errors.Is(err, index.ErrBinary), errors.Is(err, index.ErrTooLarge), f.nested:
		data, err := readRaw(f.ownerDir, f.ownerRel, -1)
		return data, false, err
	}
	return nil, false, err
}
