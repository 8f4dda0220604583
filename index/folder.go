package index

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"sync"
	"unicode/utf8"

	"github.com/skilldex/skilldex/index/skillmd"
	"github.com/skilldex/skilldex/internal/safefs"
)

// folderReader reads skill folders into skill records: SKILL.md parsed
// and validated, every file hashed, text files kept for the content cache.
// It is pure: no store, no search index, no catalog state, so validation
// (ValidatePaths), refreshes and the background body pass share it. The
// refresher's roots change only under refreshMu (SetRoots), which every
// use of that reader holds, so it needs no lock of its own.
type folderReader struct {
	roots []Root // the roots found.root indexes, with absolute paths
	mode  skillmd.Mode
}

// parsed is one skill read from disk, ready to be written.
type parsed struct {
	skill *Skill
	body  string
	files map[string][]byte
}

// parseAll parses the skills picked by batch on all cores.
func (r folderReader) parseAll(found []*found, ids []string, batch []int, metaOnly bool) []parsed {
	out := make([]parsed, len(batch))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				i := batch[k]
				out[k] = r.parseOne(found[i], ids[i], metaOnly)
			}
		}()
	}
	for k := range batch {
		next <- k
	}
	close(next)
	wg.Wait()
	return out
}

// reread parses the folders of stored records again, in full, as the walk
// that made each record found it: its files' fingerprints (hashes left to
// the parse, which reads every file), root, folder, depth and SKILL.md
// spelling. The background body pass completes records made from the
// frontmatter alone this way; the parsed records keep the ids of recs.
func (r folderReader) reread(recs []*Skill) []parsed {
	fs := make([]*found, len(recs))
	ids := make([]string, len(recs))
	all := make([]int, len(recs))
	for i, s := range recs {
		files := append([]FileInfo(nil), s.Files...)
		for k := range files {
			files[k].Hash = ""
		}
		fs[i] = newFound(s.Root, s.Dir, s.RealDir, s.Rel, s.Depth, s.SkillFile, files)
		ids[i], all[i] = s.ID, i
	}
	return r.parseAll(fs, ids, all, false)
}

// parseOne reads one skill folder: SKILL.md is parsed and validated; every
// text file up to MaxFileSize is hashed and kept for the content cache.
//
// metaOnly is the first pass of a deferred build: only SKILL.md is read,
// and only its frontmatter parsed, which yields the same name,
// description, tags, fields, validity and frontmatter diagnostics (the
// body only adds references and their warnings, never an error; a body
// that is not UTF-8 text takes the full parse). The background pass then
// parses the whole folder again (indexBodyChunk).
func (r folderReader) parseOne(f *found, id string, metaOnly bool) parsed {
	s := &Skill{ID: id, Rel: f.rel, Root: f.root, RootLabel: r.roots[f.root].Label, Dir: f.dir, RealDir: f.realDir,
		SkillFile: f.skillFile, Depth: f.depth, Files: f.files}
	p := parsed{skill: s, files: map[string][]byte{}}
	display := filepath.Join(f.dir, f.skillFile)
	cached := 0
	var content, codex []byte
	// Every file is read through one descriptor of the folder: links are
	// resolved by the kernel beneath it, so a file the walk listed cannot
	// be swapped for a link out of the folder, or a FIFO, before the read.
	dir, dirErr := safefs.OpenDir(f.realDir)
	if dirErr == nil {
		defer dir.Close()
	}
	for i := range s.Files {
		fi := &s.Files[i]
		if metaOnly && fi.Path != f.skillFile && fi.Path != skillmd.CodexMetadataPath {
			continue
		}
		if fi.Size > MaxFileSize {
			if fi.Path == f.skillFile {
				s.Diagnostics = append(s.Diagnostics, skillmd.Diagnostic{Severity: skillmd.SeverityError, Code: "file-too-large", File: display,
					Message: fmt.Sprintf("SKILL.md is %d bytes; the limit is %d (1 MiB)", fi.Size, MaxFileSize), Fix: "move detail into reference files and link them from SKILL.md"})
			}
			continue
		}
		var data []byte
		err := dirErr
		if err == nil {
			data, err = dir.ReadFile(fi.Path, MaxFileSize)
			err = fsError(fi.Path, err)
		}
		if err != nil {
			if fi.Path == f.skillFile {
				s.Diagnostics = append(s.Diagnostics, skillmd.Diagnostic{Severity: skillmd.SeverityError, Code: "unreadable", File: display,
					Message: fmt.Sprintf("cannot read SKILL.md: %v", err), Fix: "check the file's permissions"})
			}
			continue
		}
		sum := sha256.Sum256(data)
		fi.Hash = hex.EncodeToString(sum[:])
		if fi.Path == skillmd.CodexMetadataPath {
			codex = data
		}
		if fi.Path == f.skillFile {
			content = data
			s.Hash = fi.Hash
			p.files[fi.Path] = data
			continue
		}
		if isText(data) && cached+len(data) <= maxCachedPerSkill {
			p.files[fi.Path] = data
			cached += len(data)
		}
	}
	if content == nil {
		return p // Valid stays false; the diagnostic says why
	}
	names := make([]string, len(s.Files))
	for i, fi := range s.Files {
		names[i] = fi.Path
	}
	parse := content
	if metaOnly {
		parse = frontmatterOnly(content)
	}
	ms, diags, err := skillmd.Parse(display, parse, names)
	s.Diagnostics = append(s.Diagnostics, diags...)
	if err != nil {
		s.Diagnostics = append(s.Diagnostics, parseErrorDiag(display, err))
		return p
	}
	s.Name, s.Description, s.Tags = ms.Name, ms.Description, ms.Tags
	s.Version, s.Author, s.License, s.Compatibility = ms.Version, ms.Author, ms.License, ms.Compatibility
	s.AllowedTools, s.Metadata, s.References = ms.AllowedTools, ms.Metadata, ms.References
	if codex != nil {
		cm, cdiags := skillmd.ParseCodexMetadata(filepath.Join(f.dir, filepath.FromSlash(skillmd.CodexMetadataPath)), codex)
		ms.Codex, s.Diagnostics = cm, append(s.Diagnostics, cdiags...)
	}
	s.DisableModelInvocation, s.UserInvocable = ms.HiddenFromModel(), ms.UserInvocable
	for _, d := range skillmd.Validate(ms, filepath.Base(f.dir), r.mode) {
		if d.File == "" {
			d.File = display
		}
		s.Diagnostics = append(s.Diagnostics, d)
	}
	s.Valid = true
	for _, d := range s.Diagnostics {
		if d.Severity == skillmd.SeverityError {
			s.Valid = false
		}
	}
	p.body = ms.Body
	return p
}

// frontmatterOnly returns the part of a SKILL.md up to the end of its
// frontmatter, or all of it when it is not plain text or the frontmatter
// cannot be cut off exactly (the full parse then decides).
func frontmatterOnly(content []byte) []byte {
	if len(content) > skillmd.MaxFileBytes || !isText(content) {
		return content
	}
	_, body, _, ok := skillmd.SplitFrontmatter(content)
	if !ok || !bytes.HasSuffix(content, body) {
		return content
	}
	return content[:len(content)-len(body)]
}

// parseErrorDiag turns a parse failure into the skill's error diagnostic,
// with the parser's code and fix when it gives them.
func parseErrorDiag(file string, err error) skillmd.Diagnostic {
	var pe *skillmd.ParseError
	if errors.As(err, &pe) {
		d := pe.Diagnostic()
		if d.File == "" {
			d.File = file
		}
		return d
	}
	return skillmd.Diagnostic{Severity: skillmd.SeverityError, Code: "parse-error", File: file, Message: err.Error(), Fix: "fix the frontmatter of SKILL.md"}
}

// isText reports whether data looks like text: valid UTF-8 without NUL
// bytes.
func isText(data []byte) bool {
	for _, b := range data {
		if b == 0 {
			return false
		}
	}
	return utf8.Valid(data)
}
