package skillmd

import (
	"errors"
	"fmt"
)

// Limits that bound the work Parse does on one file. A SKILL.md is loaded
// into an agent's context, so real ones are small (the largest in our corpus
// is about 145 KB with a 27-line frontmatter); anything far beyond these is
// either a mistake or an attack, and is refused with a clear error rather
// than parsed at any cost.
const (
	// MaxFileBytes is the largest SKILL.md Parse accepts, in bytes.
	MaxFileBytes = 2 << 20
	// MaxFrontmatterBytes is the largest frontmatter block Parse hands to
	// the YAML decoder, in bytes.
	MaxFrontmatterBytes = 64 << 10
	// MaxYAMLNodes caps the number of YAML values Parse builds from the
	// frontmatter, counting every expansion of an alias, so that a
	// "billion laughs" document is refused instead of exhausting memory.
	MaxYAMLNodes = 20000
	// MaxYAMLDepth caps how deeply collections may nest in the frontmatter.
	MaxYAMLDepth = 64
	// MaxTopLevelKeys caps the number of top-level frontmatter fields.
	MaxTopLevelKeys = 1000
)

// Sentinel errors wrapped by ParseError; test with errors.Is.
var (
	// ErrNoFrontmatter means the file does not start with a --- line or
	// the block is never closed by a --- (or ...) line.
	ErrNoFrontmatter = errors.New("no YAML frontmatter")
	// ErrYAML means the frontmatter is not valid YAML even after repair,
	// is not a mapping, or is too big or too deep to decode safely.
	ErrYAML = errors.New("invalid YAML frontmatter")
	// ErrNotUTF8 means the file is not valid UTF-8 (UTF-16 included).
	ErrNotUTF8 = errors.New("not valid UTF-8")
	// ErrBinary means the file contains a NUL byte: a binary file named
	// SKILL.md.
	ErrBinary = errors.New("binary file")
	// ErrTooLarge means the file exceeds MaxFileBytes.
	ErrTooLarge = errors.New("file too large")
)

// ParseError is the error Parse returns for a file it cannot read as a
// skill. Path is the display path given to Parse, Line the 1-based line of
// the file where the problem is (0 when unknown). Err wraps one of the
// sentinel errors above.
type ParseError struct {
	Path string
	Line int
	Err  error
}

// Error formats the error as "path:line: msg", leaving out the parts that
// are unknown.
func (e *ParseError) Error() string {
	switch {
	case e.Path != "" && e.Line > 0:
		return fmt.Sprintf("%s:%d: %v", e.Path, e.Line, e.Err)
	case e.Path != "":
		return fmt.Sprintf("%s: %v", e.Path, e.Err)
	case e.Line > 0:
		return fmt.Sprintf("line %d: %v", e.Line, e.Err)
	}
	return e.Err.Error()
}

// Unwrap returns the wrapped error so errors.Is(err, ErrYAML) works.
func (e *ParseError) Unwrap() error { return e.Err }

// Diagnostic turns the error into an error-severity Diagnostic, so a caller
// can report unparseable files alongside the diagnostics of parsed ones.
func (e *ParseError) Diagnostic() Diagnostic {
	d := Diagnostic{
		Severity: SeverityError,
		File:     e.Path,
		Line:     e.Line,
		Message:  e.Err.Error(),
	}
	switch {
	case errors.Is(e.Err, ErrNoFrontmatter):
		d.Code = CodeNoFrontmatter
		d.Fix = "start the file with a frontmatter block: a line ---, then name: and description: lines, then a closing line ---"
	case errors.Is(e.Err, ErrYAML):
		d.Code = CodeYAMLSyntax
		d.Fix = "fix the YAML on that line; quote values that contain ': ', ' #' or start with a special character (\", ', `, @, [, {, *, &, !, |, >, %)"
	case errors.Is(e.Err, ErrNotUTF8):
		d.Code = CodeNotUTF8
		d.Fix = "save SKILL.md as UTF-8"
	case errors.Is(e.Err, ErrBinary):
		d.Code = CodeBinary
		d.Fix = "SKILL.md must be a markdown text file"
	case errors.Is(e.Err, ErrTooLarge):
		d.Code = CodeTooLarge
		d.Fix = "move detail into reference files under references/ and link them from SKILL.md"
	default:
		d.Code = CodeYAMLSyntax
	}
	return d
}
