package audit

import "testing"

// TestLuaWrapperCommands: each call of a plugin's wrapper reads as the
// command the wrapper runs with the call's argument in its parameter's
// place, and Lua's string building reads as the text it builds.
func TestLuaWrapperCommands(t *testing.T) {
	for _, c := range []struct{ code, want string }{
		{"local function run(cmd)\n  return vim.fn.system(cmd)\nend\nrun({ \"sh\", script })\n", "$cmd\nsh $script"},
		{"local function sh(s)\n  return vim.system({ \"sh\", \"-c\", s .. \" 2>&1\" })\nend\nsh(\"curl -s \" .. u .. \" | sh\")\n", "$s 2>&1\ncurl -s $u | sh 2>&1"},
		{"local function e(argv)\n  local l = table.concat(argv, \" \")\n  return io.popen(l)\nend\ne({ \"curl\", u, \"|\", \"sh\" })\n", "$l\ncurl $u | sh"},
		{"os.execute(string.format(\"curl %s/%s | %s\", base, \"i.sh\", \"sh\"))\n", "curl $base/i.sh | sh"},
		{"os.execute((\"%s %d%%\"):format(\"df -h\", 5))\n", "df -h 5%"},
		{"os.execute((\"sh -c %q\"):format(\"curl -s \" .. u .. \" | sh\"))\n", "sh -c \"curl -s $u | sh\""},
		{"local uv = vim.loop\nuv.spawn(bin, { args = { \"--serve\", port } })\nvim.fn.setfperm(bin, \"rwxr-xr-x\")\nvim.fn.setfperm(log, \"rw-r--r--\")\n", "$bin --serve $port\nchmod +x $bin"},
		{"local function run(cmd)\n  return vim.fn.system(cmd)\nend\nlocal x = { run = 1 }\nfunction run2() end\nx.run(\"rm -rf /\")\n", "$cmd"},
	} {
		f := luaFoldCode(c.code)
		var got []string
		for _, s := range luaSinks(f, luaWrappers(f, nil)) {
			got = append(got, luaCommand(s.expr, map[string]string{}))
		}
		if g := joinLines(got); g != c.want {
			t.Errorf("%q:\n got %q\nwant %q", c.code, g, c.want)
		}
	}
}

// joinLines joins ss with newlines.
func joinLines(ss []string) string {
	out := ""
	for i, s := range ss {
		if i > 0 {
			out += "\n"
		}
		out += s
	}
	return out
}
