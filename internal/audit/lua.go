package audit

import (
	"regexp"
	"strings"
)

// Lua (Neovim plugins, LÖVE, OpenResty, scripts run by lua) is read by
// pattern over its tokens: comments (-- and --[[ ]]) are blanked and
// string literals ("…", '…', [[…]], [==[…]==]) found, then
//   - a program that connects a socket (libuv's new_tcp/new_pipe through
//     vim.uv or vim.loop, LuaSocket's socket.tcp/socket.connect), reads
//     what the other end sends (read_start, receive) and runs it as a
//     shell command (vim.fn.system({vim.o.shell, "-c", msg.cmd}),
//     io.popen(line), os.execute, jobstart, vim.system({"sh", "-c",
//     cmd}) over a variable that holds what the socket delivered: see
//     luaFromSocket) is a remote shell (rule reverse-shell, critical):
//     whoever is at the other end types commands into the user's
//     machine;
//   - a write (vim.fn.writefile, io.open(…, "w"/"a")) to a folder Neovim
//     or Vim loads code from at every start (stdpath("config") ..
//     "/plugin/", autoload, ftplugin, after/plugin, a pack/*/start
//     folder, init.lua, init.vim, .vimrc) or to a shell rc file or
//     another persistence target of the shell rules is rule persistence
//     (high, as the shell's unasked writes are);
//   - code fetched from the network and run with load is read by
//     luafetch.go;
//   - removals of home (vim.fn.delete(home, "rf")) are read by
//     homewipe.go, and credential reads sent over the network by
//     scanOtherTaint.

var (
	// luaSocket is a socket a Lua program opens.
	luaSocket = lazyRE(`\bnew_tcp\s*\(|\bnew_pipe\s*\(|\bsocket\.(?:tcp[46]?|connect|udp)\s*\(|\bwebsocket\.client\b`)
	// luaRecv reads what arrives on a socket.
	luaRecv = lazyRE(`:\s*read_start\s*\(|:\s*receive\s*\(|\bread_start\s*\(`)
	// luaShellVar runs a shell on a command held in a variable or a
	// field, not spelled out in a literal.
	// The command's expression is group 1.
	luaShellVar = lazyRE(`(?:\bvim\.fn\.system(?:list)?|\bvim\.system|\bvim\.fn\.(?:jobstart|termopen))\s*\(\s*(?:\{[^}\n]*?["']-c["']\s*,\s*)?([A-Za-z_][\w.\[\]"']*)\s*[,)}]` +
		`|(?:\bio\.popen|\bos\.execute)\s*\(\s*([A-Za-z_][\w.\[\]"']*)\s*[,)]` +
		`|\bvim\.(?:cmd|api\.nvim_command)\s*\(?\s*["']!["']\s*\.\.\s*([A-Za-z_][\w.\[\]"']*)`)
	// luaWriteCall writes a file.
	luaWriteCall = lazyRE(`\bvim\.fn\.writefile\s*\(|\bio\.open\s*\((?:[^()\n]|\([^()\n]*\))*,\s*["'][wa]\+?b?["']|\bio\.output\s*\(|\bvim\.fn\.(?:filecopy|rename)\s*\(|\buv\.fs_(?:open|copyfile)\s*\(|\bvim\.(?:uv|loop)\.fs_(?:open|copyfile)\s*\(`)
	// vimStartup is a place Neovim or Vim loads code from at every
	// start.
	vimStartup = lazyRE(`(?:^|/)(?:plugin|autoload|ftplugin|after/plugin)(?:/|$)|(?:^|/)pack/[^/]+/start(?:/|$)|(?:^|/)(?:init\.lua|init\.vim|\.vimrc|\.gvimrc|_vimrc|\.exrc)$|\.config/nvim/(?:plugin|autoload|init)|\.vim/(?:plugin|autoload)`)
	// luaConfigDir names the folder a startup path is joined to:
	// stdpath("config"), stdpath("data") (its site folder is on the
	// runtimepath), the Vim or Neovim folder in home.
	luaConfigDir = lazyRE(`stdpath\s*\(\s*["'](?:config|data)["']\s*\)|["']~/\.config/nvim|["']~/\.vim|\.config/nvim|XDG_CONFIG_HOME|["']\.vim["']`)
)

// maxLuaLits bounds the string literals read from one Lua file.
const maxLuaLits = 4000

// luaTokens returns src with its comments blanked (newlines kept) and its
// string literals at their offsets (escapes left as written).
func luaTokens(src string) (string, []litSpan) {
	b := []byte(src)
	var lits []litSpan
	for i := 0; i < len(b); {
		c := b[i]
		switch {
		case c == '-' && i+1 < len(b) && b[i+1] == '-':
			end := -1
			if lvl, ok := luaLongOpen(b, i+2); ok {
				end = luaLongClose(src, i+2+lvl+2, lvl)
			}
			if end < 0 {
				end = strings.IndexByte(src[i:], '\n')
				if end < 0 {
					end = len(b)
				} else {
					end += i
				}
			}
			for j := i; j < end; j++ {
				if b[j] != '\n' {
					b[j] = ' '
				}
			}
			i = end
		case c == '[':
			lvl, ok := luaLongOpen(b, i)
			if !ok {
				i++
				continue
			}
			start := i + lvl + 2
			end := luaLongClose(src, start, lvl)
			if end < 0 {
				end = len(b)
			}
			if len(lits) < maxLuaLits {
				lits = append(lits, litSpan{i, src[start:max(start, end-lvl-2)]})
			}
			i = end
		case c == '"' || c == '\'':
			j := i + 1
			for j < len(b) && b[j] != c && b[j] != '\n' {
				if b[j] == '\\' {
					j++
				}
				j++
			}
			if len(lits) < maxLuaLits {
				lits = append(lits, litSpan{i, src[i+1 : min(j, len(b))]})
			}
			i = j + 1
		default:
			i++
		}
	}
	return string(b), lits
}

// luaLongOpen reports whether a long bracket opens at b[i] ([[, [=[,
// [==[…) and its level (the number of =).
func luaLongOpen(b []byte, i int) (int, bool) {
	if i >= len(b) || b[i] != '[' {
		return 0, false
	}
	j := i + 1
	for j < len(b) && b[j] == '=' {
		j++
	}
	if j < len(b) && b[j] == '[' {
		return j - i - 1, true
	}
	return 0, false
}

// luaLongClose returns the offset just past the long bracket of level lvl
// that closes the one whose text starts at start, or -1.
func luaLongClose(src string, start, lvl int) int {
	if start > len(src) {
		return -1
	}
	closer := "]" + strings.Repeat("=", lvl) + "]"
	if e := strings.Index(src[start:], closer); e >= 0 {
		return start + e + len(closer)
	}
	return -1
}

// scanLua runs the Lua rules (see above) over one file.
func scanLua(sc *skillCtx, rel, content string) {
	c, lits := luaTokens(content)
	scanHomeWipe(sc, rel, c, luaWipe)
	scanLuaFetchRun(sc, rel, content, c)
	scanLuaDownloadRun(sc, rel, c, content)
	scanLuaShell(sc, rel, content, c)
	scanLuaAgent(sc, rel, content, c, lits)
	scanLuaPrinted(sc, rel, content, c, lits)
	li := newLineIndex(c)
	at := func(off int, rule string, sev Severity, reason string) {
		ln := li.line(off)
		sc.add(rel, ln, rule, sev, reason, trimmedLine(content, ln))
	}
	shell := false
	if luaSocket.MatchString(c) && luaRecv.MatchString(c) {
		for _, m := range luaShellVar.FindAllStringSubmatchIndex(c, 32) {
			if luaFromSocket(c, luaCmdRoot(c, m)) {
				at(m[0], "reverse-shell", Critical, "opens a socket, reads what the other end sends and runs it as shell commands: whoever is at the other end runs commands on this machine (remote shell)")
				shell = true
				break
			}
		}
	}
	if !shell {
		scanLuaRemote(sc, rel, content, c)
	}
	if w := luaWriteCall.FindStringIndex(c); w != nil {
		for _, l := range lits {
			body := strings.TrimSpace(l.body)
			startup := vimStartup.MatchString(body) && (luaConfigDir.MatchString(c) || strings.HasPrefix(body, "~/"))
			if startup || persistTarget.MatchString(body) {
				reason := "writes into a folder Neovim or Vim loads code from at every start (" + Escape(body, 60) + "): the code runs again each time the editor opens"
				if !startup {
					reason = "writes to a file that runs code again at login, boot or on a schedule (" + Escape(body, 60) + ")"
				}
				at(l.off, "persistence", High, reason)
				break
			}
		}
	}
}

// luaCmdRoot returns the variable a luaShellVar match's command is read
// from: msg for msg.cmd, line for line.
func luaCmdRoot(c string, m []int) string {
	for g := 2; g+1 < len(m); g += 2 {
		if m[g] >= 0 {
			e := c[m[g]:m[g+1]]
			if i := strings.IndexAny(e, ".["); i >= 0 {
				e = e[:i]
			}
			return e
		}
	}
	return ""
}

// luaFromSocket reports whether the variable name holds what a socket
// delivered: a parameter of a read callback (read_start(function(err,
// chunk))), or a variable assigned from a decoding or a read (local ok,
// msg = pcall(vim.json.decode, line); local line = c:receive()). A
// command built by the plugin itself (from its settings) is not.
func luaFromSocket(c, name string) bool {
	if name == "" || luaKeyword()[name] {
		return false
	}
	q := regexp.QuoteMeta(name)
	re := regexp.MustCompile(`\b` + q + `\s*=[^=\n][^\n]*(?:decode|:receive\s*\(|:read\s*\(|\bchunk\b|\bdata\b)` +
		`|read_start\s*\(\s*function\s*\([^)]*\b` + q + `\b` +
		`|,\s*` + q + `\s*=[^=\n][^\n]*(?:decode|:receive\s*\()`)
	if re.MatchString(c) {
		return true
	}
	// a parameter of a function the code calls with what it decoded or
	// read: local function on(msg) … on(vim.json.decode(chunk))
	def := regexp.MustCompile(`\bfunction\s+([\w.:]+)\s*\(\s*(?:\w+\s*,\s*)*` + q + `\b|\b([\w.]+)\s*=\s*function\s*\(\s*(?:\w+\s*,\s*)*` + q + `\b`)
	for _, d := range def.FindAllStringSubmatch(c, 8) {
		fn := d[1] + d[2]
		if i := strings.LastIndexAny(fn, ".:"); i >= 0 {
			fn = fn[i+1:]
		}
		call := regexp.MustCompile(`\b` + regexp.QuoteMeta(fn) + `\s*\([^\n]*(?:decode|:receive\s*\(|\bchunk\b|\bdata\b|\bline\b)`)
		if call.MatchString(c) {
			return true
		}
	}
	return false
}

// luaKeyword are Lua's reserved words, never a variable.
var luaKeyword = lazySet("and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in", "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while")
