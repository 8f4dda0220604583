package embed

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// Cache errors; OpenCache's errors that match one wrap it with the path.
var (
	// ErrCacheBusy means another process (or another OpenCache in this
	// one) holds the cache file's lock. The caller can go on without a
	// cache, embedding everything.
	ErrCacheBusy = errors.New("embeddings cache is in use by another process")
	// ErrCacheCorrupt means the file is damaged, or is a bbolt file that
	// is not an embeddings cache (nothing is written into it then). The
	// cache holds nothing that cannot be embedded again: delete the file.
	ErrCacheCorrupt = errors.New("embeddings cache file is damaged or not an embeddings cache")
	// ErrCacheLink means the cache path, or the file opened there, is a
	// symbolic link or not a regular file; the cache never follows a link
	// it did not create.
	ErrCacheLink = errors.New("embeddings cache path is a link or not a regular file")
)

// CacheLockTimeout is how long OpenCache waits for another holder of the
// file's lock before giving up with ErrCacheBusy.
const CacheLockTimeout = 200 * time.Millisecond

// Bucket names and the format marker that tells a cache from other bbolt
// files.
var (
	metaBucket   = []byte("meta")
	vecBucket    = []byte("vectors")
	formatKey    = []byte("format")
	formatMarker = []byte("skilldex-embeddings-cache/1")
)

// Cache is a content-addressed store of vectors in a bbolt file: the key
// is SHA-256(model + "\x00" + text) (32 bytes), the value the vector as
// little-endian float32s (4 bytes a dimension). Since the model string is
// part of the key, vectors of two models never mix; and since the text is,
// an edited description is a new entry.
//
// The file only grows: by 32 bytes of key plus 4 bytes a dimension (about
// 3 KB for a 768-dimension model) for every distinct (model, text) pair
// ever stored, i.e. every version of every skill's text and every distinct
// query cached. Delete the file to reset it; nothing in it is needed.
//
// A Cache is safe for concurrent use. Only one process opens a file at a
// time (bbolt's lock).
type Cache struct {
	db   *bolt.DB
	path string
}

// OpenCache opens the cache file at path, creating it (mode 0600, its
// folder 0700) when missing. A symbolic link at path is refused
// (ErrCacheLink), never followed; creation is exclusive and does not follow
// links either. Errors: ErrCacheBusy when the file's lock is held past
// CacheLockTimeout, ErrCacheCorrupt for a damaged or foreign file,
// ErrCacheLink, and OS errors (permissions, read-only file system) wrapped
// with the path.
func OpenCache(path string) (*Cache, error) {
	wrap := func(err error) error { return fmt.Errorf("embeddings cache %s: %w", path, err) }
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, wrap(err)
	}
	st, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL|oNoFollow, 0o600)
		if err != nil && !errors.Is(err, fs.ErrExist) { // ErrExist: another opener won the race; checked below
			return nil, wrap(err)
		}
		if f != nil {
			f.Close()
		}
	case err != nil:
		return nil, wrap(err)
	case !st.Mode().IsRegular():
		return nil, wrap(fmt.Errorf("%w (%s)", ErrCacheLink, st.Mode().Type()))
	}
	opts := &bolt.Options{
		Timeout: CacheLockTimeout,
		OpenFile: func(name string, flag int, perm os.FileMode) (*os.File, error) {
			f, err := os.OpenFile(name, flag|oNoFollow, perm)
			if err != nil {
				if st, lerr := os.Lstat(name); lerr == nil && st.Mode()&fs.ModeSymlink != 0 {
					return nil, ErrCacheLink
				}
				return nil, err
			}
			if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
				f.Close()
				return nil, ErrCacheLink
			}
			return f, nil
		},
	}
	var db *bolt.DB
	err = guard(func() error {
		var err error
		db, err = bolt.Open(path, 0o600, opts)
		return err
	})
	if err != nil {
		switch {
		case errors.Is(err, berrors.ErrTimeout):
			err = fmt.Errorf("%w (waited %s for its lock)", ErrCacheBusy, CacheLockTimeout)
		case errors.Is(err, berrors.ErrInvalid), errors.Is(err, berrors.ErrVersionMismatch), errors.Is(err, berrors.ErrChecksum):
			err = fmt.Errorf("%w: %w", ErrCacheCorrupt, err)
		}
		return nil, wrap(err)
	}
	err = guard(func() error {
		return db.Update(func(tx *bolt.Tx) error {
			if m := tx.Bucket(metaBucket); m != nil {
				if !bytes.Equal(m.Get(formatKey), formatMarker) {
					return fmt.Errorf("%w: unknown format %q", ErrCacheCorrupt, m.Get(formatKey))
				}
				if tx.Bucket(vecBucket) == nil {
					return fmt.Errorf("%w: no vectors bucket", ErrCacheCorrupt)
				}
				return nil
			}
			empty := true
			tx.ForEach(func([]byte, *bolt.Bucket) error { empty = false; return nil })
			if !empty {
				return fmt.Errorf("%w: a bbolt file of something else; not writing into it", ErrCacheCorrupt)
			}
			m, err := tx.CreateBucket(metaBucket)
			if err != nil {
				return err
			}
			if err := m.Put(formatKey, formatMarker); err != nil {
				return err
			}
			_, err = tx.CreateBucket(vecBucket)
			return err
		})
	})
	if err != nil {
		db.Close()
		return nil, wrap(err)
	}
	return &Cache{db: db, path: path}, nil
}

// guard runs fn, turning a bbolt panic (it trusts page pointers, so a
// damaged file can panic it) into ErrCacheCorrupt.
func guard(fn func() error) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("%w: bbolt panicked: %v", ErrCacheCorrupt, v)
		}
	}()
	return fn()
}

// Path returns the file's path as OpenCache was given it.
func (c *Cache) Path() string { return c.path }

// Close releases the file and its lock, waiting for running reads and
// writes.
func (c *Cache) Close() error { return c.db.Close() }

// cacheKey is the key of text's vector from model.
func cacheKey(model, text string) []byte {
	h := sha256.New()
	h.Write([]byte(model))
	h.Write([]byte{0})
	h.Write([]byte(text))
	return h.Sum(nil)
}

// Get returns, for each text, its vector from model (as Embedder.Model
// names it), or nil when the cache has none. An entry that does not decode
// (a length not a multiple of 4, NaN) counts as missing, and Put replaces
// it. Errors come from the file (closed, damaged: ErrCacheCorrupt).
func (c *Cache) Get(model string, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	err := guard(func() error {
		return c.db.View(func(tx *bolt.Tx) error {
			b := tx.Bucket(vecBucket)
			for i, t := range texts {
				out[i] = decodeVector(b.Get(cacheKey(model, t)))
			}
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("embeddings cache %s: %w", c.path, err)
	}
	return out, nil
}

// Put stores vecs[i] as texts[i]'s vector from model, in one transaction
// (synced to disk before it returns). len(vecs) must equal len(texts);
// empty vectors are refused.
func (c *Cache) Put(model string, texts []string, vecs [][]float32) error {
	if len(vecs) != len(texts) {
		return fmt.Errorf("embeddings cache: %d vectors for %d texts", len(vecs), len(texts))
	}
	if len(texts) == 0 {
		return nil
	}
	err := guard(func() error {
		return c.db.Update(func(tx *bolt.Tx) error {
			b := tx.Bucket(vecBucket)
			for i, t := range texts {
				if len(vecs[i]) == 0 {
					return fmt.Errorf("empty vector for text %d", i)
				}
				if err := b.Put(cacheKey(model, t), encodeVector(vecs[i])); err != nil {
					return err
				}
			}
			return nil
		})
	})
	if err != nil {
		return fmt.Errorf("embeddings cache %s: %w", c.path, err)
	}
	return nil
}

// Len returns how many vectors the cache holds, of every model.
func (c *Cache) Len() (int, error) {
	n := 0
	err := guard(func() error {
		return c.db.View(func(tx *bolt.Tx) error {
			n = tx.Bucket(vecBucket).Stats().KeyN
			return nil
		})
	})
	if err != nil {
		return 0, fmt.Errorf("embeddings cache %s: %w", c.path, err)
	}
	return n, nil
}

// encodeVector is v as little-endian float32s.
func encodeVector(v []float32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

// decodeVector reverses encodeVector into a new slice (bbolt's value is
// only valid inside its transaction); nil for a value that is missing or
// does not decode.
func decodeVector(b []byte) []float32 {
	if len(b) == 0 || len(b)%4 != 0 {
		return nil
	}
	v := make([]float32, len(b)/4)
	for i := range v {
		x := math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return nil
		}
		v[i] = x
	}
	return v
}
