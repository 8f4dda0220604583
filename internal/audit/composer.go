package audit

import (
	"encoding/json"
	"path"
	"sort"
	"strings"
)

// composerEvents are the Composer script events that run by themselves
// when the root package is installed, updated or created, or when its
// autoloader is dumped (getcomposer.org/doc/articles/scripts.md).
var composerEvents = []string{"pre-install-cmd", "post-install-cmd", "pre-update-cmd", "post-update-cmd", "pre-autoload-dump", "post-autoload-dump",
	"post-root-package-install", "post-create-project-cmd", "pre-package-install", "post-package-install", "pre-package-update", "post-package-update",
	"pre-operations-exec", "pre-status-cmd", "post-status-cmd", "pre-archive-cmd", "post-archive-cmd", "pre-command-run", "pre-file-download", "post-file-download", "pre-pool-create", "init"}

// scanComposerScripts runs the shell rules over the event scripts of a
// composer.json, which `composer install` in the project runs by itself
// as package.json's lifecycle scripts run on `npm install`. An entry is
// a command line, a list of them, "@php …" or "@composer …" (run with
// Composer's own PHP and Composer), "@other" (another script of the same
// file, followed) or a PHP callback (Class::method, not a command).
func scanComposerScripts(sc *skillCtx, rel, text string) {
	var pkg struct {
		Scripts map[string]json.RawMessage `json:"scripts"`
	}
	if json.Unmarshal([]byte(text), &pkg) != nil || len(pkg.Scripts) == 0 {
		return
	}
	entries := func(name string) []string {
		raw, ok := pkg.Scripts[name]
		if !ok {
			return nil
		}
		var one string
		if json.Unmarshal(raw, &one) == nil {
			return []string{one}
		}
		var many []string
		if json.Unmarshal(raw, &many) == nil {
			return many
		}
		return nil
	}
	seen := map[string]bool{}
	var run func(event, name string, depth int)
	run = func(event, name string, depth int) {
		if seen[name] || depth > 8 {
			return
		}
		seen[name] = true
		for _, cmd := range entries(name) {
			cmd = strings.TrimSpace(cmd)
			switch {
			case strings.HasPrefix(cmd, "@php "), strings.HasPrefix(cmd, "@composer "):
				cmd = cmd[1:]
			case strings.HasPrefix(cmd, "@putenv "):
				continue
			case strings.HasPrefix(cmd, "@"):
				if ref := strings.Fields(cmd[1:]); len(ref) > 0 {
					run(event, ref[0], depth+1)
				}
				continue
			case !strings.ContainsAny(cmd, " /|;&$") && strings.Contains(cmd, "::"):
				continue // a PHP callback
			}
			line := 1
			if i := strings.Index(text, `"`+event+`"`); i >= 0 {
				line += strings.Count(text[:i], "\n")
			}
			scanShell(sc, rel, cmd, line, inScript)
		}
	}
	events := append([]string(nil), composerEvents...)
	sort.Strings(events)
	for _, e := range events {
		run(e, e, 0)
	}
}

// isComposerJSON reports whether rel is a Composer manifest.
func isComposerJSON(rel string) bool {
	return path.Base(rel) == "composer.json"
}
