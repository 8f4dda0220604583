package audit

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
)

// RulesVersion names what the rules report. Cached findings are keyed by
// it, so a new version re-audits every file. Bump it with any change to
// what a rule finds or how it ranks (TestRulesVersion fails when the
// labelled set's findings change under the same version).
const RulesVersion = "2026-11-30.236"

// CacheFile is the name of the audit cache in a catalog's data dir (see
// OpenCache).
const CacheFile = "audit-cache.json"

// Cache keeps the findings of each audited file, so a later audit of an
// unchanged file is a lookup. An entry's key is a SHA-256 over everything
// the file's findings depend on: RulesVersion, the gitleaks ruleset's
// version, the options, the skill's context (its name,
// description and SKILL.md's SHA-256: the audit ranks by whether a skill
// teaches security and by what it is about), the file's path in the
// skill and the SHA-256 of its content as read from disk at this audit
// (never the catalog's fingerprint of size and time, nor the hash it
// recorded then: a file replaced by one of the same size and time would
// be answered from the old file's findings). A hit costs a read and a
// hash, not an audit. Files that could not be read are never cached.
// Safe for concurrent use.
//
// The cache lives in memory, and in the file CacheFile of a data dir
// when OpenCache is given one: the catalog's own, which the catalog's
// lock gives to one process at a time.
type Cache struct {
	path string // "" for memory only

	mu      sync.Mutex
	entries map[string][]Finding // key -> findings (SkillID, SkillName and Path unset)
	used    map[string]bool      // keys looked up or stored since the cache was opened
	dirty   bool
}

// cacheDoc is the cache file.
type cacheDoc struct {
	RulesVersion string               `json:"rules_version"`
	Entries      map[string][]Finding `json:"entries"`
}

// OpenCache returns the cache kept in dir/CacheFile (dir "" keeps it in
// memory only). A missing file is an empty cache. A file that cannot be
// read or decoded, or that was written by other rules, starts an empty
// cache too (the next Save replaces it): the cache is returned with the
// error, which says why, for the caller to log.
func OpenCache(dir string) (*Cache, error) {
	c := &Cache{entries: map[string][]Finding{}, used: map[string]bool{}}
	if dir == "" {
		return c, nil
	}
	c.path = filepath.Join(dir, CacheFile)
	data, err := os.ReadFile(c.path)
	if errors.Is(err, fs.ErrNotExist) {
		return c, nil
	}
	if err != nil {
		return c, fmt.Errorf("audit cache %s: %w; starting an empty one", c.path, err)
	}
	var doc cacheDoc
	if err := json.Unmarshal(data, &doc); err != nil {
		return c, fmt.Errorf("audit cache %s is damaged (%v); starting an empty one", c.path, err)
	}
	if doc.RulesVersion != RulesVersion {
		return c, nil // other rules: every key differs anyway
	}
	if doc.Entries != nil {
		c.entries = doc.Entries
	}
	return c, nil
}

// Len returns the number of files whose findings the cache holds.
func (c *Cache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.entries)
}

// get returns a copy of the findings cached under key.
func (c *Cache) get(key string) ([]Finding, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	f, ok := c.entries[key]
	if ok {
		c.used[key] = true
	}
	return append([]Finding(nil), f...), ok
}

// put caches a file's findings under key.
func (c *Cache) put(key string, f []Finding) {
	stored := make([]Finding, len(f))
	for i, x := range f {
		x.SkillID, x.SkillName, x.Path = "", "", ""
		stored[i] = x
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.entries[key] = stored
	c.used[key] = true
	c.dirty = true
}

// prune drops the entries not looked up or stored since the cache was
// opened. Catalog calls it after auditing every served skill: the
// entries of files since changed or removed go.
func (c *Cache) prune() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k := range c.entries {
		if !c.used[k] {
			delete(c.entries, k)
			c.dirty = true
		}
	}
}

// Save writes the cache to its file when it changed since it was read
// (nothing for a memory cache). The file is replaced atomically (a
// temporary file renamed over it) and readable by its owner only.
func (c *Cache) Save() error {
	c.mu.Lock()
	if c.path == "" || !c.dirty {
		c.mu.Unlock()
		return nil
	}
	data, err := json.Marshal(cacheDoc{RulesVersion: RulesVersion, Entries: c.entries})
	c.dirty = false
	c.mu.Unlock()
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(c.path), CacheFile+".*")
	if err != nil {
		return fmt.Errorf("save the audit cache: %w", err)
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), c.path)
	}
	if err != nil {
		os.Remove(tmp.Name())
		c.mu.Lock()
		c.dirty = true
		c.mu.Unlock()
		return fmt.Errorf("save the audit cache: %w", err)
	}
	return nil
}

// keyPrefix is the part of every key fixed for a process and options.
func keyPrefix(opts Options) string {
	return fmt.Sprintf("%s\x00%s\x00%t", RulesVersion, gitleaksRulesVersion, opts.NoSecrets)
}

// skillKey hashes a skill's context: what every file's findings depend
// on besides the file itself.
func skillKey(prefix, name, description, skillHash string) string {
	return hashParts(prefix, name, description, skillHash)
}

// fileKey is the cache key of a file of a skill.
func fileKey(skill, rel, hash string) string {
	return hashParts(skill, rel, hash)
}

func hashParts(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		fmt.Fprintf(h, "%d:%s\x00", len(p), p)
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

func sha256Hex(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}
