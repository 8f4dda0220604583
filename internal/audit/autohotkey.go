package audit

import (
	"path"
	"strings"
)

// AutoHotkey (.ahk, .ah2, .ahk2; v1 and v2) is read by pattern like the
// other languages of otherCode. A hotkey or text-expander script is
// double-clicked or put in shell:startup and runs at every sign-in as the
// user, and its libraries come in by #Include, so a credential file read
// (FileRead, FileOpen, Loop Read of a path joined to EnvGet("USERPROFILE"),
// A_AppData or %USERPROFILE%) and a network send in one file are
// credential-exfil, critical, as in every language. Its sends:
//
//   - the COM HTTP objects (comHTTPObject: WinHttp.WinHttpRequest,
//     MSXML2.XMLHTTP, MSXML2.ServerXMLHTTP, Microsoft.XMLHTTP), created
//     by ComObject (v2) or ComObjCreate (v1): one pattern in otherNet,
//     so PowerShell's New-Object -ComObject of them, and CreateObject or
//     ActiveXObject wherever a language read by pattern calls it (Lua's
//     luacom), are sends too;
//   - DllCall into WinHTTP, WinINet or Winsock (otherNet);
//   - Download and UrlDownloadToFile (a URL built from what was read
//     carries it in its query), and a network tool (curl, wget) started by
//     Run, RunWait or a WScript.Shell's Run and Exec (ahkSend).
//
// Its comments (; after a blank or at a line's start, /* */ blocks) are
// blanked and literals joined by concatenation ("a" "b", "a" . "b")
// folded into one before the credential rules read it (ahkCode), so a
// split path or object name reads whole.

// ahkExts are AutoHotkey's extensions, added to otherCode.
var ahkExts = []string{".ahk", ".ah2", ".ahk2"}

// isAutoHotkey reports whether the file name lang is an AutoHotkey
// script.
func isAutoHotkey(lang string) bool {
	switch strings.ToLower(path.Ext(lang)) {
	case ".ahk", ".ah2", ".ahk2":
		return true
	}
	return false
}

// comHTTPObject joins otherNet: a COM HTTP client created by name
// (AutoHotkey's ComObject and ComObjCreate, CreateObject and
// ActiveXObject, PowerShell's New-Object -ComObject), and AutoHotkey's
// DllCall into the Windows network libraries.
const comHTTPObject = `|(?i:\b(?:ComObject|ComObjCreate|CreateObject|ActiveXObject|WScript\.CreateObject)\s*\(\s*["']|\bNew-Object\s+-Com(?:Object)?\s+["']?)(?i:WinHttp\.WinHttpRequest|MSXML2\.(?:Server)?XMLHTTP|Microsoft\.XMLHTTP)` +
	// AutoHotkey's DllCall into WinHTTP, WinINet or Winsock
	`|(?i:\bDllCall\s*\(\s*["'](?:winhttp|wininet|ws2_32)(?:\.dll)?\\)`

// ahkSendRe is a send of AutoHotkey's own (see above): Download (v2) and
// UrlDownloadToFile (v1), and a network tool started by Run or RunWait
// (either syntax, maybe through A_ComSpec /c) or a WScript.Shell's Run or
// Exec.
var ahkSendRe = lazyRE(`(?im)\bDownload\s*\(|\bUrlDownloadToFile\b|(?:^\s*|\b)(?:Run|RunWait)\s*(?:\(\s*|,\s*)(?:A_ComSpec\s*["']\s*/[ck]\s+|%ComSpec%\s*/[ck]\s+|["']?(?:cmd(?:\.exe)?|powershell(?:\.exe)?|pwsh)\s+(?:/[ck]|-c\w*)\s+)?["']?` + netToolName + `\b|\.(?:Run|Exec)\s*\(\s*["'](?:cmd(?:\.exe)?\s+/[ck]\s+)?` + netToolName + `\b`)

// ahkSend returns the span of the first of AutoHotkey's own sends in
// code (comments blanked), or nil.
func ahkSend(code string) []int {
	return ahkSendRe.FindStringIndex(code)
}

// ahkCommentsBlanked returns code with its comments turned to spaces,
// line breaks kept: ; to the end of the line when it opens the line or
// follows a blank, outside a string, and /* */ blocks opening a line
// (closed by */ opening or ending a line, as v2 allows).
func ahkCommentsBlanked(code string) string {
	lines := strings.SplitAfter(code, "\n")
	inBlock := false
	for n, ln := range lines {
		body := strings.TrimRight(ln, "\r\n")
		trim := strings.TrimSpace(body)
		switch {
		case inBlock:
			if strings.HasPrefix(trim, "*/") || strings.HasSuffix(trim, "*/") {
				inBlock = false
			}
			lines[n] = blankLine(ln)
			continue
		case strings.HasPrefix(trim, "/*"):
			inBlock = !strings.HasSuffix(trim[2:], "*/")
			lines[n] = blankLine(ln)
			continue
		}
		var q byte
		for i := 0; i < len(body); i++ {
			c := body[i]
			switch {
			case q != 0 && c == '`':
				i++
			case q != 0 && c == q:
				q = 0
			case q == 0 && (c == '"' || c == '\''):
				q = c
			case q == 0 && c == ';' && (i == 0 || body[i-1] == ' ' || body[i-1] == '\t'):
				lines[n] = body[:i] + strings.Repeat(" ", len(body)-i) + ln[len(body):]
				i = len(body)
			}
		}
	}
	return strings.Join(lines, "")
}

// blankLine is ln with every byte but its line break a space.
func blankLine(ln string) string {
	body := strings.TrimRight(ln, "\r\n")
	return strings.Repeat(" ", len(body)) + ln[len(body):]
}

// ahkCode returns code as the credential rules read it: comments blanked
// and each run of literals joined by concatenation on one line ("a" "b",
// "a" . "b") one literal of their texts joined, padded with spaces to the
// run's length so offsets and lines stay those of code.
func ahkCode(code string) string {
	code = ahkCommentsBlanked(code)
	type lit struct{ s, e int }
	var b strings.Builder
	last := 0
	lineStart := 0
	for lineStart < len(code) {
		lineEnd := strings.IndexByte(code[lineStart:], '\n')
		if lineEnd < 0 {
			lineEnd = len(code)
		} else {
			lineEnd += lineStart
		}
		var lits []lit
		for i := lineStart; i < lineEnd; i++ {
			if c := code[i]; c == '"' || c == '\'' {
				j := i + 1
				for j < lineEnd && code[j] != c {
					if code[j] == '`' {
						j++
					}
					j++
				}
				if j >= lineEnd {
					break
				}
				lits = append(lits, lit{i, j + 1})
				i = j
			}
		}
		for i := 0; i < len(lits); i++ {
			j := i
			for j+1 < len(lits) && ahkConcatGap(code[lits[j].e:lits[j+1].s]) {
				j++
			}
			if j == i {
				continue
			}
			s, e := lits[i].s, lits[j].e
			q := code[s]
			var joined strings.Builder
			joined.WriteByte(q)
			for k := i; k <= j; k++ {
				joined.WriteString(code[lits[k].s+1 : lits[k].e-1])
			}
			joined.WriteByte(q)
			if strings.Count(joined.String()[1:joined.Len()-1], string(q)) > 0 {
				i = j
				continue // a quote of the other kind inside: kept as written
			}
			b.WriteString(code[last:s])
			b.WriteString(joined.String())
			b.WriteString(strings.Repeat(" ", e-s-joined.Len()))
			last = e
			i = j
		}
		lineStart = lineEnd + 1
	}
	b.WriteString(code[last:])
	return b.String()
}

// ahkConcatGap reports whether the text between two literals joins them:
// blanks, or a . between blanks.
func ahkConcatGap(g string) bool {
	t := strings.TrimSpace(g)
	return (t == "" && g != "") || t == "." && len(g) >= 3
}

// scriptHostExts returns exts with AppleScript's and AutoHotkey's
// extensions after them, in a new slice (otherCode's list).
func scriptHostExts(exts []string) []string {
	out := append([]string{}, exts...)
	out = append(out, appleScriptExts...)
	return append(out, ahkExts...)
}
