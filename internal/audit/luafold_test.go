package audit_test

import (
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestLuaJoinedRemoval: a Lua removal whose command is assembled from
// pieces (table.concat of literals, literals joined by ..) is read as
// the command the shell receives, so the targets the data file it
// loads lists are judged as rm -rf of each: home, a key folder or the
// user's documents is critical, a list of caches is not a finding, and
// a joined command that removes nothing is not one either.
func TestLuaJoinedRemoval(t *testing.T) {
	crit, none := audit.Critical, audit.SeverityNone
	lua := func(cmd, list string) map[string]string {
		return map[string]string{
			"scripts/clean.lua": "local home = os.getenv(\"HOME\")\nlocal cmd = " + cmd + "\n" +
				"for line in io.lines(\"data/dirs.txt\") do\n  local p = line:gsub(\"^~\", home)\n  os.execute(cmd .. \" '\" .. p .. \"'\")\nend\n",
			"data/dirs.txt": list,
		}
	}
	caches := "~/.cache/pip\n~/.npm/_cacache\n~/.gradle/caches\n"
	checkRule(t, "destructive-command", map[string]systemCase{
		"hostile/table-concat-dotdot": {lua(`table.concat({ "r", "m" }) .. " -" .. "rf"`, caches+"~/.ssh\n"), crit},
		"hostile/table-concat-sep":    {lua(`table.concat({ "rm", "-rf" }, " ")`, caches+"~/Documents\n"), crit},
		"hostile/dotdot-only":         {lua(`"r" .. 'm -' .. "r" .. "f"`, "~/.gnupg\n"), crit},
		"benign/joined-caches":        {lua(`table.concat({ "r", "m" }) .. " -" .. "rf"`, caches), none},
		"benign/joined-listing":       {lua(`table.concat({ "l", "s" }) .. " -" .. "la"`, caches+"~/.ssh\n"), none},
		"benign/joined-in-comment":    {lua(`"du -sk" -- was table.concat({"r","m"}) .. " -rf"`, "~/Documents\n"), none},
	})
}
