package sources

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/skilldex/skilldex/internal/safefs"
)

// LockFileName is the lockfile's name in a project (and in the user's
// config folder for --global).
const LockFileName = "skilldex.lock"

// LockVersion is the lockfile format version this skilldex writes and
// reads.
const LockVersion = 1

// Lock is a skilldex.lock: the sources of a project (or of the user), each
// pinned to a commit, with the digests of every file of every skill. It is
// JSON with sorted keys, two-space indentation, one source and one skill
// per block and no timestamps, so two branches that add different sources
// merge without conflict (the shape of vercel's skills-lock.json:
// {"version", and a map keyed by name}). docs/sources.md has the format.
type Lock struct {
	// Sources by name.
	Sources map[string]*LockedSource `json:"sources"`
	// Version is LockVersion.
	Version int `json:"version"`
}

// LockedSource is one source in the lockfile. Fields are declared in
// alphabetical order, so the JSON's keys are sorted.
type LockedSource struct {
	// Commit is the resolved commit, full hex id.
	Commit string `json:"commit"`
	// Kind is what Ref named: branch, tag, commit or default (no ref:
	// the remote's default branch).
	Kind string `json:"kind"`
	// Path is the folder of the repository the source serves ("" the
	// whole repository), slash-separated.
	Path string `json:"path,omitempty"`
	// Ref is the ref as asked for ("" the default branch).
	Ref string `json:"ref,omitempty"`
	// Skills by folder relative to the source's folder ("." when the
	// source's folder is itself a skill).
	Skills map[string]*LockedSkill `json:"skills"`
	// URL is the repository, without credentials.
	URL string `json:"url"`
}

// LockedSkill is one skill of a source: its frontmatter name and the
// digest of each of its files ("sha256:" and 64 lowercase hex digits of
// the raw bytes, as the SEP-2640 skills extension serves them in
// resources[].digest), by path relative to the skill folder.
type LockedSkill struct {
	Files map[string]string `json:"files"`
	Name  string            `json:"name"`
}

// ReadLock reads the lockfile at path. A missing file is an empty lock,
// not an error; a file that is not a valid lockfile is an error naming
// the file and what is wrong.
func ReadLock(path string) (*Lock, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return &Lock{Version: LockVersion, Sources: map[string]*LockedSource{}}, nil
	}
	if err != nil {
		return nil, err
	}
	var l Lock
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&l); err != nil {
		return nil, fmt.Errorf("%s: not a skilldex lockfile: %v (fix it by hand or remove it and add the sources again)", path, err)
	}
	if l.Version != LockVersion {
		return nil, fmt.Errorf("%s: lockfile version %d; this skilldex reads version %d (upgrade skilldex)", path, l.Version, LockVersion)
	}
	if l.Sources == nil {
		l.Sources = map[string]*LockedSource{}
	}
	for name, s := range l.Sources {
		if err := s.check(name); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	return &l, nil
}

var commitRE = regexp.MustCompile(`^([0-9a-f]{40}|[0-9a-f]{64})$`)
var digestRE = regexp.MustCompile(`^sha256:[0-9a-f]{64}$`)

// check refuses entries a hand edit or a hostile project could have put
// in the lockfile: names that are not folder names, URLs git would read
// as options, refs and paths leaving the repository.
func (s *LockedSource) check(name string) error {
	if err := CheckName(name); err != nil {
		return err
	}
	if s == nil {
		return fmt.Errorf("source %s: empty entry", name)
	}
	if err := checkLockURL(s.URL); err != nil {
		return fmt.Errorf("source %s: %w", name, err)
	}
	if s.Ref != "" {
		if err := checkRef(s.Ref); err != nil {
			return fmt.Errorf("source %s: %w", name, err)
		}
	}
	if s.Commit != "" && !commitRE.MatchString(s.Commit) {
		return fmt.Errorf("source %s: commit %q is not a full commit id", name, s.Commit)
	}
	switch s.Kind {
	case KindBranch, KindTag, KindCommit, KindDefault:
	case "":
		if s.Commit != "" {
			return fmt.Errorf("source %s: a locked commit needs its kind (branch, tag, commit or default)", name)
		}
	default:
		return fmt.Errorf("source %s: kind %q: want branch, tag, commit or default", name, s.Kind)
	}
	if p, err := cleanSubpath(s.Path); err != nil || p != s.Path {
		return fmt.Errorf("source %s: path %q is not a clean folder inside the repository", name, s.Path)
	}
	for id, sk := range s.Skills {
		if sk == nil {
			return fmt.Errorf("source %s: skill %s: empty entry", name, id)
		}
		for f, d := range sk.Files {
			if !digestRE.MatchString(d) {
				return fmt.Errorf("source %s: skill %s: file %s: digest %q is not sha256:<64 hex digits>", name, id, f, d)
			}
		}
	}
	return nil
}

// checkLockURL accepts what ParseSpec records: a URL of a supported
// scheme without credentials or fragment, scp-style user@host:path, or an
// absolute path (which need not exist on this machine).
func checkLockURL(u string) error {
	bad := fmt.Errorf("url %q is not a git URL without credentials or #ref", redactURL(u))
	if u == "" || strings.HasPrefix(u, "-") || strings.ContainsAny(u, "#\x00\n") {
		return bad
	}
	if strings.Contains(u, "://") {
		sp, err := ParseSpec(u)
		if err != nil || sp.secret != "" || sp.URL != u {
			return bad
		}
		return nil
	}
	if !strings.Contains(u, "::") && (filepath.IsAbs(u) || scpLike.MatchString(u)) {
		return nil
	}
	return bad
}

// Names returns the lock's source names, sorted.
func (l *Lock) Names() []string {
	names := make([]string, 0, len(l.Sources))
	for n := range l.Sources {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Marshal is the lockfile's bytes: sorted keys, two-space indentation, a
// final newline. Equal locks give equal bytes.
func (l *Lock) Marshal() ([]byte, error) {
	l.Version = LockVersion
	if l.Sources == nil {
		l.Sources = map[string]*LockedSource{}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(l); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// WriteLock writes l to path atomically through safefs.WriteFileAtomic
// (a temporary file beside it, renamed over it), creating the folder when
// missing. A link at path is refused (safefs.ErrLink), never followed.
func WriteLock(path string, l *Lock) error {
	b, err := l.Marshal()
	if err != nil {
		return err
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := safefs.WriteFileAtomic(dir, filepath.Base(path), b, 0o644); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}
