package audit

import (
	"path"
	"strings"
)

// Rule credential-exfil in SQL a database engine runs: DuckDB's
// read_text and read_blob (and PostgreSQL's pg_read_file, MySQL's
// LOAD_FILE) read a file of the machine into a table, and DuckDB's
// readers given an http(s) URL (read_csv, read_json, read_parquet,
// httpfs's http_get and http_post) send a request. An init file (duckdb
// -init) that reads a credential file (credPath: ~/.aws/credentials,
// ~/.config/gcloud, ~/.azure) and fetches a URL built by the same script
// carries what it read in the request: critical, as in any language.

var (
	// sqlFileRead reads a file of the machine; its arguments follow the
	// match.
	sqlFileRead = lazyRE(`(?i)\b(?:read_text|read_blob|pg_read_file|pg_read_binary_file|load_file|lo_import)\s*\(`)
	// sqlURLRead requests a URL: a reader given an http(s) address, or
	// a variable or concatenation holding one.
	sqlURLRead = lazyRE(`(?i)\b(?:read_csv(?:_auto)?|read_json(?:_auto)?|read_parquet|http_get|http_post|http_request|copy\s+[^;]*\bto)\s*\(?\s*(?:'https?://|getvariable\s*\(|[a-z_]\w*\s*\|\|)|'https?://[^'\s]*'\s*\|\|`)
)

// scanSQLExfil reports a SQL file that reads a credential file and
// requests a URL (see above).
func scanSQLExfil(sc *skillCtx, rel, content string) {
	if !strings.EqualFold(path.Ext(rel), ".sql") || !sqlFileRead.MatchString(content) {
		return
	}
	code := sqlCommentsBlanked(content)
	var cred string
	credOff := -1
	for _, m := range sqlFileRead.FindAllStringIndex(code, 16) {
		args := code[m[1]:min(len(code), m[1]+600)]
		if end := strings.IndexByte(args, ';'); end >= 0 {
			args = args[:end]
		}
		if p := credPath.FindString(args); p != "" {
			cred, credOff = Escape(strings.Trim(p, "'\" "), 80), m[0]
			break
		}
	}
	s := sqlURLRead.FindStringIndex(code)
	if credOff < 0 || s == nil {
		return
	}
	ln := 1 + strings.Count(code[:s[0]], "\n")
	sc.add(rel, ln, "credential-exfil", Critical, "reads "+cred+" into the database and requests a URL the same SQL builds: what it read can travel in the request",
		trimmedLine(content, ln))
}

// sqlCommentsBlanked returns content with its -- line comments blanked
// (same length), so a commented-out line is not read.
func sqlCommentsBlanked(content string) string {
	b := []byte(content)
	inStr := false
	for i := 0; i < len(b); i++ {
		switch {
		case b[i] == '\'':
			inStr = !inStr
		case !inStr && b[i] == '-' && i+1 < len(b) && b[i+1] == '-':
			for i < len(b) && b[i] != '\n' {
				b[i] = ' '
				i++
			}
		case b[i] == '\n':
			inStr = false
		}
	}
	return string(b)
}
