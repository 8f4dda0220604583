package audit

import (
	"encoding/json"
	"path"
	"strings"
)

// API clients keep a collection of requests as files a team commits and
// runs (Bruno's `bru run`, Postman's newman, Insomnia's inso, Hoppscotch's
// CLI), and a collection, a folder or a request can carry JavaScript the
// client runs before each request, after each response or as its tests,
// with the runner's rights: Bruno's, with filesystemAccess on in
// bruno.json, can require fs and child_process. That code is a program of
// the skill as much as a .js file is, but it sits inside a file no JS
// rule reads (a .bru block, a JSON string), so it is also read as a .js
// file holding only the scripts' text, and each finding is reported under
// the collection file's own name at the line that holds the script text:
//   - Bruno .bru files (collection.bru, folder.bru, a request's file):
//     the script:pre-request, script:post-response and tests blocks, each
//     running from its header line to the `}` at a line's start that
//     closes it (Bruno's own grammar);
//   - JSON collections: Postman's event[].script.exec (an array of lines,
//     or one string), the script strings of Insomnia and Hoppscotch
//     exports (preRequestScript, afterResponseScript, testScript), and a
//     Postman v1 request's tests beside its preRequestScript.

// bruScriptHeader is the header line of a .bru block that holds
// JavaScript.
var bruScriptHeader = lazyRE(`^(?:script:pre-request|script:post-response|tests)[ \t]*\{[ \t]*\r?$`)

// apiClientSend is the request call an API client gives its scripts
// (Postman's pm.sendRequest, Bruno's bru.sendRequest, Insomnia's
// insomnia.sendRequest): a network send like fetch, named by the
// client's object so a language server's client.sendRequest is not one.
const apiClientSend = `\b(?:pm|bru|insomnia)\.sendRequest\(`

// apiScriptKeys are JSON keys whose string value is an API client's
// script, wherever they sit.
var apiScriptKeys = lazySet("preRequestScript", "afterResponseScript", "testScript")

// apiClientScript returns the JavaScript embedded in an API client's
// collection file (see above), the name it is read under (rel with .js
// added) and, for each of its lines, the line of the file that holds
// it; ok is false when the file holds none.
func apiClientScript(rel, content string) (code, lrel string, lines []int, ok bool) {
	var b strings.Builder
	switch strings.ToLower(path.Ext(rel)) {
	case ".bru":
		if !strings.Contains(content, "script:") && !strings.Contains(content, "tests") {
			return "", "", nil, false
		}
		lines = bruScripts(content, &b)
	case ".json":
		if !strings.Contains(content, `"exec"`) && !strings.Contains(content, "Script\"") {
			return "", "", nil, false
		}
		lines = jsonScripts(content, &b)
	}
	if len(lines) == 0 {
		return "", "", nil, false
	}
	return b.String(), rel + ".js", lines, true
}

// bruScripts writes the text of a .bru file's script blocks to b and
// returns, for each line written, its line in the file.
func bruScripts(content string, b *strings.Builder) []int {
	var lines []int
	in := false
	for i, l := range strings.Split(content, "\n") {
		switch {
		case !in:
			in = bruScriptHeader.MatchString(l)
		case strings.HasPrefix(l, "}"):
			in = false
		default:
			b.WriteString(strings.TrimSuffix(l, "\r"))
			b.WriteByte('\n')
			lines = append(lines, i+1)
		}
	}
	return lines
}

// jsonFrame is one open object or array of a JSON document being walked:
// the key it is the value of, and in an object the key whose value comes
// next and the Postman v1 tests string held until the object is known to
// be a request (it has a preRequestScript).
type jsonFrame struct {
	object        bool
	under, key    string
	tests         string
	testsLine     int
	hasPreRequest bool
}

// jsonScripts writes the script strings of a JSON collection to b and
// returns, for each line written, the line of the string in the file. A
// document that stops parsing keeps what was read before.
func jsonScripts(content string, b *strings.Builder) []int {
	var lines []int
	add := func(s string, at int) {
		if strings.TrimSpace(s) == "" {
			return
		}
		b.WriteString(s)
		b.WriteByte('\n')
		for range strings.Count(s, "\n") + 1 {
			lines = append(lines, at)
		}
	}
	li := newLineIndex(content)
	dec := json.NewDecoder(strings.NewReader(content))
	var stack []jsonFrame
	for {
		tok, err := dec.Token()
		if err != nil { // io.EOF, or where the document stops parsing
			return lines
		}
		var top *jsonFrame
		if len(stack) > 0 {
			top = &stack[len(stack)-1]
		}
		switch v := tok.(type) {
		case json.Delim:
			switch v {
			case '{', '[':
				under := ""
				if top != nil && top.object {
					under = top.key
				} else if top != nil {
					under = top.under
				}
				stack = append(stack, jsonFrame{object: v == '{', under: under})
			case '}', ']':
				if top != nil && top.hasPreRequest && top.tests != "" {
					add(top.tests, top.testsLine)
				}
				stack = stack[:len(stack)-1]
				if n := len(stack); n > 0 && stack[n-1].object {
					stack[n-1].key = ""
				}
			}
		case string:
			if top == nil {
				continue // a document that is one string
			}
			at := li.line(max(int(dec.InputOffset())-1, 0))
			switch {
			case top.object && top.key == "":
				top.key = v // a key: its value comes next
				if v == "preRequestScript" {
					top.hasPreRequest = true
				}
				continue
			case top.object:
				switch {
				case apiScriptKeys()[top.key]:
					add(v, at)
				case top.key == "exec" && top.under == "script":
					add(v, at) // Postman's exec as one string
				case top.key == "tests":
					top.tests, top.testsLine = v, at
				}
			case top.under == "exec" && len(stack) >= 2 && stack[len(stack)-2].under == "script":
				add(v, at) // a line of Postman's exec array
			}
			if top.object {
				top.key = ""
			}
		default:
			if top != nil && top.object {
				top.key = "" // a number, bool or null value
			}
		}
	}
}
