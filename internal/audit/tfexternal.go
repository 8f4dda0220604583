package audit

import (
	"context"
	"path"
	"regexp"
	"strings"

	"github.com/skilldex/skilldex/index"
)

// Terraform runs a data "external" program at every plan and hands its
// printed result to the rest of the configuration; a data "http" source
// sends a request at plan time too. A configuration that puts the
// result of a program reading credentials (the cloud SDK's frozen
// credentials, a credential file) into an http data source's URL,
// headers or body sends those credentials to that host whenever anyone
// runs terraform plan: credential-exfil, critical, reported at the http
// source. The programs are the skill's files the .tf names (linked).

var (
	// tfExternal declares an external data source: group 1 its name.
	tfExternal = lazyRE(`(?m)^\s*data\s+"external"\s+"([\w-]+)"`)
	// tfHTTP declares an http data source.
	tfHTTP = lazyRE(`(?m)^\s*data\s+"http"\s+"[\w-]+"\s*\{`)
	// programCredRead is a credential read in a program's text: the
	// SDK's credentials object, or a credential file.
	programCredRead = lazyRE(`\bget_frozen_credentials\s*\(|\.secret_key\b|\bSecretAccessKey\b|\bcredentials\(\)\.(?:get|retrieve)\b`)
)

// terraformProgramsOf returns the skill's files a .tf file rel names
// (the programs its external data sources run), linked as programs.
func terraformProgramsOf(ctx context.Context, src Source, s index.Skill, rel, content string, files []string) []linkedFile {
	if strings.ToLower(path.Ext(rel)) != ".tf" || !tfExternal.MatchString(content) {
		return nil
	}
	return readLinks(ctx, src, s, rel, files, maxLinked, func(f string) bool {
		return len(path.Base(f)) >= 4 && strings.Contains(content, path.Base(f))
	}, func(f, text string) *linkedFile { return &linkedFile{rel: f, text: text} })
}

// scanTerraformExternalSend reports an http data source sending the
// result of an external program that reads credentials (see above).
func scanTerraformExternalSend(sc *skillCtx, rel, content string) {
	h, body := tfHTTPBlock(rel, content)
	if h == nil {
		return
	}
	for _, m := range tfExternal.FindAllStringSubmatch(content, 8) {
		if !regexp.MustCompile(`\bdata\.external\.` + regexp.QuoteMeta(m[1]) + `\.result\b`).MatchString(body) {
			continue
		}
		for _, l := range sc.linked {
			if c := programCredRead.FindString(l.text); c != "" || credPath.MatchString(l.text) {
				ln := 1 + strings.Count(content[:h[0]], "\n")
				sc.add(rel, ln, "credential-exfil", Critical, "sends, at every terraform plan, the result of "+l.rel+" (run as data.external."+m[1]+"), which reads credentials, in an http data source's request",
					trimmedLine(content, ln))
				return
			}
		}
	}
}

// tfFileCred is Terraform's file() or pathexpand() of a literal path:
// group 1 the path.
var tfFileCred = lazyRE(`\b(?:file|pathexpand|fileexists)\(\s*"([^"\n]+)"`)

// tfHTTPSendsBody is an http data source's body or a POST/PUT method.
var tfHTTPSendsBody = lazyRE(`\brequest_body\s*=|\bmethod\s*=\s*"(?:POST|PUT|PATCH)"`)

// scanTerraformFileSend reports a .tf file that reads a credential file
// with file() (its path a credential path: ~/.wrangler's OAuth config,
// ~/.aws/credentials) and has an http data source sending a body: at
// every terraform plan the module posts what it read.
func scanTerraformFileSend(sc *skillCtx, rel, content string) {
	h, body := tfHTTPBlock(rel, content)
	if h == nil || !tfHTTPSendsBody.MatchString(body) {
		return
	}
	for _, m := range tfFileCred.FindAllStringSubmatch(content, 16) {
		if !credIn(m[1]) || settingsOnlyPath(m[1]) {
			continue
		}
		ln := 1 + strings.Count(content[:h[0]], "\n")
		sc.add(rel, ln, "credential-exfil", Critical, "reads "+Escape(m[1], 60)+" with file() and sends a body in an http data source's request, at every terraform plan",
			trimmedLine(content, ln))
		return
	}
}

// tfHTTPBlock returns, for a .tf file, where its first http data source
// opens and its body (to the closing brace at the start of a line); nil
// when rel is no .tf file or holds none.
func tfHTTPBlock(rel, content string) ([]int, string) {
	if strings.ToLower(path.Ext(rel)) != ".tf" {
		return nil, ""
	}
	h := tfHTTP.FindStringIndex(content)
	if h == nil {
		return nil, ""
	}
	body := content[h[1]:]
	if end := strings.Index(body, "\n}"); end >= 0 {
		body = body[:end]
	}
	return h, body
}
