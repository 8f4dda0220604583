package store

import (
	"github.com/skilldex/skilldex/internal/failpoint"

	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"sync"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// Bucket and key names of the layout described in the package doc.
var (
	bucketMeta   = []byte("meta")
	bucketSkills = []byte("skills")
	bucketFiles  = []byte("files")
	bucketState  = []byte("state")
	keyApp       = []byte("app")
	keySchema    = []byte("schema")
	appName      = "skilldex"
	dataBuckets  = [][]byte{bucketSkills, bucketFiles, bucketState}
)

// bulkFill is the bucket FillPercent used when a Put appends keys in order:
// pages split at 90% full instead of 50%, so a fresh build takes much
// less disk (TestBulkFill checks it).
const bulkFill = 0.9

// initialMmapSize is the address space mapped at Open: 1 GiB on 64-bit
// Unix-likes. Not on Windows, where bbolt grows the file to the mapping's
// size, nor on 32-bit platforms, short of address space.
var initialMmapSize = func() int {
	if runtime.GOOS == "windows" || strconv.IntSize < 64 {
		return 0
	}
	return 1 << 30
}()

// allocSize is how far past its need bbolt grows the file, in bytes.
const allocSize = 1 << 20

// boltBackend is the bbolt-backed store.
type boltBackend struct {
	db       *bolt.DB
	path     string
	readOnly bool
	noSync   bool

	mu     sync.RWMutex // guards closed against sync (bbolt's Sync is unguarded)
	closed bool

	mapped mapUse // pages of the memory map reads touched (mapped.go)
}

func openBolt(path string, o Options, openFile func(string, int, os.FileMode) (*os.File, error)) (*boltBackend, error) {
	wrap := func(err error) error { return fmt.Errorf("store: open %s: %w", path, err) }
	if !o.ReadOnly {
		if err := failpoint.Check(failpoint.Store, path); err != nil {
			return nil, wrap(err)
		}
	}
	if !o.ReadOnly {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return nil, wrap(err)
		}
	}
	var file *os.File // the descriptor handed to bbolt, to release it if bbolt panics
	bo := &bolt.Options{
		Timeout:      o.Timeout,
		ReadOnly:     o.ReadOnly,
		NoSync:       o.NoSync,
		FreelistType: bolt.FreelistMapType,
		// Map address space up front: each time bbolt grows the mapping it
		// copies every pending key and value of the write transaction out
		// of the old one (a large Put allocated many times its data), and
		// a remap waits for all read transactions. The mapping
		// is virtual: the file grows only as pages are written.
		InitialMmapSize: initialMmapSize,
		OpenFile: func(name string, flag int, perm os.FileMode) (*os.File, error) {
			f, err := openFile(name, flag, perm)
			if err != nil {
				return nil, err
			}
			if err := lockFile(f, !o.ReadOnly, o.Timeout); err != nil {
				f.Close()
				return nil, err
			}
			if err := checkFile(f, o.ReadOnly); err != nil {
				f.Close()
				return nil, err
			}
			file = f
			return f, nil
		},
	}
	var db *bolt.DB
	err := guard(nil, func() error {
		var err error
		db, err = bolt.Open(path, 0o600, bo)
		return err
	})
	if err != nil {
		var pe *panicError
		switch {
		case errors.As(err, &pe):
			// bbolt's DB is unreachable; release the lock at least. (Its
			// memory map leaks until the process exits.)
			if file != nil {
				file.Close()
			}
			return nil, wrap(err)
		case errors.Is(err, berrors.ErrTimeout):
			err = fmt.Errorf("%w (waited %s)", ErrLocked, max(o.Timeout, 0))
		case errors.Is(err, berrors.ErrInvalid), errors.Is(err, berrors.ErrVersionMismatch),
			errors.Is(err, berrors.ErrChecksum):
			err = fmt.Errorf("%w: %w", ErrCorrupt, err)
		}
		return nil, wrap(err)
	}
	// With the large initial mapping bbolt grows the file by AllocSize
	// (16 MB by default) past what a commit needs; 1 MB keeps a small
	// store small and still amortises the truncate+fsync of growing.
	db.AllocSize = allocSize
	b := &boltBackend{db: db, path: path, readOnly: o.ReadOnly, noSync: o.NoSync}
	if err := b.initSchema(); err != nil {
		guard(nil, db.Close) // may fail on a damaged file; the schema error matters
		return nil, wrap(err)
	}
	return b, nil
}

// initSchema checks the meta bucket of an existing store, or writes the
// buckets into a new (empty) bbolt file.
func (b *boltBackend) initSchema() error {
	fresh := false
	err := guard(nil, func() error {
		return b.db.View(func(tx *bolt.Tx) error {
			mb := tx.Bucket(bucketMeta)
			if mb == nil {
				if k, _ := tx.Cursor().First(); k == nil {
					fresh = true
					return nil
				}
				return fmt.Errorf("%w: no %q bucket: not a skilldex store", ErrSchema, bucketMeta)
			}
			if app := mb.Get(keyApp); string(app) != appName {
				return fmt.Errorf("%w: written by %q, not %q", ErrSchema, app, appName)
			}
			v, err := strconv.Atoi(string(mb.Get(keySchema)))
			if err != nil {
				return fmt.Errorf("%w: unreadable schema version %q", ErrSchema, mb.Get(keySchema))
			}
			if v != SchemaVersion {
				return fmt.Errorf("%w: written with schema version %d, this skilldex uses %d", ErrSchema, v, SchemaVersion)
			}
			for _, name := range dataBuckets {
				if tx.Bucket(name) == nil {
					return fmt.Errorf("%w: bucket %q is missing", ErrCorrupt, name)
				}
			}
			return nil
		})
	})
	if err != nil || !fresh {
		return err
	}
	if b.readOnly {
		return fmt.Errorf("%w: the file holds no skilldex store yet", ErrSchema)
	}
	return guard(nil, func() error { return b.db.Update(createSchema) })
}

// createSchema writes the meta bucket and the empty data buckets.
func createSchema(tx *bolt.Tx) error {
	mb, err := tx.CreateBucket(bucketMeta)
	if err != nil {
		return err
	}
	if err := mb.Put(keyApp, []byte(appName)); err != nil {
		return err
	}
	if err := mb.Put(keySchema, []byte(strconv.Itoa(SchemaVersion))); err != nil {
		return err
	}
	for _, name := range dataBuckets {
		if _, err := tx.CreateBucket(name); err != nil {
			return err
		}
	}
	return nil
}

// panicError is a panic inside bbolt turned into an error: bbolt trusts
// the file, and panics (or faults, which guard turns into panics) on
// damaged pages.
type panicError struct{ v any }

func (p *panicError) Error() string { return fmt.Sprintf("%v: bbolt panicked: %v", ErrCorrupt, p.v) }
func (p *panicError) Unwrap() error { return ErrCorrupt }

// guard runs fn, turning a panic into a *panicError (which wraps
// ErrCorrupt). Memory faults on the mapped file (SIGBUS past the end of a
// truncated file, for one) become panics instead of killing the process.
// A panic raised while *user is true is the caller's callback panicking:
// it is passed on unchanged, except a memory fault (a value implementing
// Addr, see debug.SetPanicOnFault): the callback read a key or value that
// bbolt handed it from a damaged page pointing past the mapped file, which
// is damage like any other (else every start dies in
// Catalog.readStore's ForEach).
func guard(user *bool, fn func() error) (err error) {
	old := debug.SetPanicOnFault(true)
	defer func() {
		debug.SetPanicOnFault(old)
		if r := recover(); r != nil {
			_, fault := r.(interface{ Addr() uintptr })
			if user != nil && *user && !fault {
				panic(r)
			}
			err = &panicError{r}
		}
	}()
	return fn()
}

// run runs fn in a read (or write) transaction. Errors returned by fn pass
// through unchanged; errors from bbolt itself (begin, commit) are wrapped
// with op and the path, a closed database becomes fs.ErrClosed, and a
// panic ErrCorrupt.
func (b *boltBackend) run(op string, write bool, user *bool, fn func(tx *bolt.Tx) error) error {
	var fnErr error
	inner := func(tx *bolt.Tx) error {
		fnErr = fn(tx)
		return fnErr
	}
	if write {
		if err := failpoint.Check(failpoint.Store, b.path); err != nil {
			return fmt.Errorf("store: %s %s: %w", op, b.path, err)
		}
	}
	err := guard(user, func() error {
		if write {
			return b.db.Update(inner)
		}
		return b.db.View(inner)
	})
	switch {
	case err == nil:
		return nil
	case fnErr != nil && err == fnErr:
		return err
	case errors.Is(err, berrors.ErrDatabaseNotOpen):
		return closedErr(b.path)
	case errors.Is(err, berrors.ErrDatabaseReadOnly):
		return fmt.Errorf("store: %s: %w", op, ErrReadOnly)
	}
	return fmt.Errorf("store: %s %s: %w", op, b.path, err)
}

// get returns the value stored under key in bucket, or ok=false. Unlike
// Bucket.Get it tells an empty value from a missing one in every case.
func get(bk *bolt.Bucket, key []byte) (v []byte, ok bool) {
	k, v := bk.Cursor().Seek(key)
	if k == nil || !bytes.Equal(k, key) {
		return nil, false
	}
	return v, true
}

// appending reports whether every key >= first sorts after the last key in
// bk, that is whether writing keys from first on appends to the B+tree.
func appending(bk *bolt.Bucket, first []byte) bool {
	last, _ := bk.Cursor().Last()
	return last == nil || bytes.Compare(last, first) < 0
}

// filePrefix returns id+"\x00", the key prefix of the skill's files.
func filePrefix(id string) []byte {
	p := make([]byte, len(id)+1)
	copy(p, id)
	return p
}

// fileKeys returns copies of the keys under prefix in bk.
func fileKeys(bk *bolt.Bucket, prefix []byte) [][]byte {
	var keys [][]byte
	c := bk.Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		keys = append(keys, bytes.Clone(k))
	}
	return keys
}

func nonNil(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}

func (b *boltBackend) put(entries []Entry) error {
	order := putOrder(entries)
	return b.run("put", true, nil, func(tx *bolt.Tx) error {
		sk, fb := tx.Bucket(bucketSkills), tx.Bucket(bucketFiles)
		first := entries[order[0]].ID
		if appending(sk, []byte(first)) {
			sk.FillPercent = bulkFill
		}
		// When the files bucket is appended to, none of these skills has
		// files yet: skip looking for old ones.
		fresh := appending(fb, filePrefix(first))
		if fresh {
			fb.FillPercent = bulkFill
		}
		for _, i := range order {
			e := &entries[i]
			// bbolt keeps key and value slices until commit: each key gets
			// its own bytes, none is reused.
			if err := sk.Put([]byte(e.ID), nonNil(e.Meta)); err != nil {
				return fmt.Errorf("store: put %s: skill %q: %w", b.path, e.ID, err)
			}
			prefix := filePrefix(e.ID)
			if !fresh {
				for _, k := range fileKeys(fb, prefix) {
					if _, keep := e.Files[string(k[len(prefix):])]; keep {
						continue // overwritten below
					}
					if err := fb.Delete(k); err != nil {
						return fmt.Errorf("store: put %s: skill %q: %w", b.path, e.ID, err)
					}
				}
			}
			names := sortedNames(e.Files)
			n := 0
			for _, rel := range names {
				n += len(prefix) + len(rel)
			}
			arena := make([]byte, 0, n)
			for _, rel := range names {
				start := len(arena)
				arena = append(arena, prefix...)
				arena = append(arena, rel...)
				if err := fb.Put(arena[start:len(arena):len(arena)], nonNil(e.Files[rel])); err != nil {
					return fmt.Errorf("store: put %s: skill %q: file %q: %w", b.path, e.ID, rel, err)
				}
			}
			// Replacing a skill reads its old pages through the map.
			b.mapped.read(tx, len(e.Meta), nil)
		}
		return nil
	})
}

func (b *boltBackend) del(ids []string) error {
	return b.run("delete", true, nil, func(tx *bolt.Tx) error {
		sk, fb := tx.Bucket(bucketSkills), tx.Bucket(bucketFiles)
		for _, id := range ids {
			if err := sk.Delete([]byte(id)); err != nil {
				return fmt.Errorf("store: delete %s: skill %q: %w", b.path, id, err)
			}
			for _, k := range fileKeys(fb, filePrefix(id)) {
				if err := fb.Delete(k); err != nil {
					return fmt.Errorf("store: delete %s: skill %q: %w", b.path, id, err)
				}
			}
		}
		return nil
	})
}

func (b *boltBackend) meta(id string) (out []byte, err error) {
	err = b.run("get meta", false, nil, func(tx *bolt.Tx) error {
		v, ok := get(tx.Bucket(bucketSkills), []byte(id))
		if !ok {
			return notFound("skill", id)
		}
		out = append([]byte{}, v...)
		b.mapped.read(tx, len(v), v)
		return nil
	})
	return out, err
}

func (b *boltBackend) stored(ids []string) (n int, err error) {
	err = b.run("get meta", false, nil, func(tx *bolt.Tx) error {
		bk := tx.Bucket(bucketSkills)
		for _, id := range ids {
			if _, ok := get(bk, []byte(id)); ok && id != "" {
				n++
			}
		}
		return nil
	})
	return n, err
}

func (b *boltBackend) file(id, rel string) (out []byte, err error) {
	key := append(filePrefix(id), rel...)
	err = b.run("get file", false, nil, func(tx *bolt.Tx) error {
		v, ok := get(tx.Bucket(bucketFiles), key)
		if !ok {
			return fileNotFound(id, rel)
		}
		out = append([]byte{}, v...)
		b.mapped.read(tx, len(v), v)
		return nil
	})
	return out, err
}

func (b *boltBackend) fileNames(id string) (names []string, err error) {
	err = b.run("list files", false, nil, func(tx *bolt.Tx) error {
		if _, ok := get(tx.Bucket(bucketSkills), []byte(id)); !ok {
			return notFound("skill", id)
		}
		prefix := filePrefix(id)
		c := tx.Bucket(bucketFiles).Cursor()
		for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
			names = append(names, string(k[len(prefix):]))
		}
		return nil
	})
	return names, err
}

func (b *boltBackend) forEach(fn func(id string, meta []byte) error) error {
	inUser := false
	return b.run("for each", false, &inUser, func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketSkills).Cursor()
		for k, v := c.First(); k != nil; k, v = c.Next() {
			inUser = true
			err := fn(string(k), v)
			inUser = false
			if err != nil {
				return err
			}
			b.mapped.read(tx, len(v), v)
		}
		return nil
	})
}

func (b *boltBackend) count() (n int, err error) {
	err = b.run("count", false, nil, func(tx *bolt.Tx) error {
		n = tx.Bucket(bucketSkills).Stats().KeyN
		releaseAll(tx) // Stats touched every page of the bucket
		return nil
	})
	return n, err
}

func (b *boltBackend) state(key string) (out []byte, err error) {
	err = b.run("get state", false, nil, func(tx *bolt.Tx) error {
		v, ok := get(tx.Bucket(bucketState), []byte(key))
		if !ok {
			return notFound("state key", key)
		}
		out = append([]byte{}, v...)
		return nil
	})
	return out, err
}

func (b *boltBackend) setState(key string, val []byte) error {
	return b.run("set state", true, nil, func(tx *bolt.Tx) error {
		if err := tx.Bucket(bucketState).Put([]byte(key), nonNil(val)); err != nil {
			return fmt.Errorf("store: set state %s: %q: %w", b.path, key, err)
		}
		return nil
	})
}

func (b *boltBackend) sync() error {
	b.mu.RLock()
	defer b.mu.RUnlock()
	if b.closed {
		return closedErr(b.path)
	}
	if err := guard(nil, b.db.Sync); err != nil {
		return fmt.Errorf("store: sync %s: %w", b.path, err)
	}
	return nil
}

func (b *boltBackend) close() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.closed = true
	var errs []error
	if b.noSync && !b.readOnly {
		if err := guard(nil, b.db.Sync); err != nil {
			errs = append(errs, fmt.Errorf("store: sync %s: %w", b.path, err))
		}
	}
	if err := guard(nil, b.db.Close); err != nil {
		errs = append(errs, fmt.Errorf("store: close %s: %w", b.path, err))
	}
	return errors.Join(errs...)
}
