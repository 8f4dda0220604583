package audit

// Emacs Lisp (.el files, and the init files Emacs loads at every start:
// init.el, early-init.el, .emacs, _emacs, .dir-locals.el) is read by
// pattern like the other languages of otherCode: an Emacs package runs with
// the user's full rights each time Emacs loads it, and its network calls
// and file reads are named calls, so a credential file read and a send in
// the same file are credential-exfil as in Ruby or Lua.
//
// Network calls (otherNetElisp): url.el's url-retrieve and
// url-retrieve-synchronously (a POST is url-request-method and
// url-request-data bound round them), url-copy-file, request.el's
// request, plz, the network process functions open-network-stream,
// make-network-process and open-gnutls-stream, and a network tool
// (curl, wget, nc, ncat, socat) started by call-process, process-file,
// start-process, make-process or shell-command. File reads
// (fileReadElisp): insert-file-contents (and -literally), find-file-noselect
// and with-temp-buffer reads through them, f.el's f-read. The home folder
// is "~/" in a literal, as in the other languages.

// otherNetElisp extends otherNet with Emacs Lisp's network calls.
const otherNetElisp = `|\(\s*url-retrieve(?:-synchronously)?\b|\(\s*url-copy-file\b|\(\s*request\s+["'(]|\(\s*plz\s+'|\(\s*(?:open-network-stream|make-network-process|open-gnutls-stream)\b` +
	`|\(\s*(?:call-process|process-file|start-process|start-file-process|call-process-shell-command|shell-command(?:-to-string)?)\s+(?:\S+\s+){0,3}?"(?:curl|wget|nc|ncat|socat)\b` +
	`|:command\s+\(\s*list\s+"(?:curl|wget|nc|ncat|socat)"`

// fileReadElisp extends fileReadRe with Emacs Lisp's file reads.
const fileReadElisp = `|\(\s*insert-file-contents(?:-literally)?\b|\(\s*find-file-noselect\b|\(\s*f-read(?:-text|-bytes)?\b`
