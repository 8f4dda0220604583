package audit

import (
	"context"
	"path"
	"slices"
	"strings"

	"github.com/skilldex/skilldex/index"
)

// An Elixir program reads its settings from the application environment
// (Application.get_env(:app, key), get_all_env, fetch_env!), which Mix
// fills from config/*.exs before the program runs: the config names no
// file the code opens, yet it is the data file the code acts on. A Mix
// task that empties each configured cache root is harmless until its
// config lists {:system, "HOME"} as a root. So an Elixir file that reads
// the environment of an application is linked to the skill's config
// files that set it (config :app, ...), and their values are read as a
// data file's strings (elixirConfigValues): lists and strings under each
// key, a {:system, "VAR"} tuple as $VAR and System.user_home() as ~,
// less the values under a key naming what is kept (keptKey).

// elixirAppEnv matches a read of an application's environment, the
// application's name in group 1.
var elixirAppEnv = lazyRE(`\bApplication\.(?:get_env|get_all_env|fetch_env!?|compile_env!?)\(\s*:(\w+)`)

// elixirConfigOf returns the config files of the skill (config/*.exs)
// setting an application whose environment the Elixir file rel reads,
// each linked as data with its values, up to maxLinked links in all.
func elixirConfigOf(ctx context.Context, src Source, s index.Skill, rel, content string, files []string, linked []linkedFile) []linkedFile {
	if ext := path.Ext(rel); ext != ".ex" && ext != ".exs" {
		return nil
	}
	var apps []string
	for _, m := range elixirAppEnv.FindAllStringSubmatch(content, 16) {
		apps = append(apps, m[1])
	}
	if apps == nil {
		return nil
	}
	return readLinks(ctx, src, s, rel, files, maxLinked-len(linked), func(f string) bool {
		return path.Ext(f) == ".exs" && strings.Contains("/"+f, "/config/")
	}, func(f, text string) *linkedFile {
		if vs := elixirConfigValues(text, apps); len(vs) > 0 {
			return &linkedFile{rel: f, text: text, data: true, values: vs}
		}
		return nil
	})
}

var (
	// elixirConfigCall matches the start of a config call (config :app,
	// or config :app, Module,), the application in group 1.
	elixirConfigCall = lazyRE(`(?m)^[ \t]*config[ \t(]+:(\w+)`)
	// elixirKeyList matches a keyword entry holding a list (key: [ ... ]),
	// its key in group 1 and the list's text in group 2.
	elixirKeyList = lazyRE(`\b(\w+):\s*\[([^\]]*)\]`)
	// elixirKeyString matches a keyword entry holding a string.
	elixirKeyString = lazyRE(`\b(\w+):\s*"([^"\n]*)"`)
	// elixirValue is one value in a list: a string, a {:system, "VAR"}
	// tuple (group 2) or System.user_home().
	elixirValue = lazyRE(`"([^"\n]*)"|\{\s*:system\s*,\s*"(\w+)"\s*\}|\bSystem\.user_home!?\(\s*\)`)
)

// elixirConfigValues returns the values an Elixir config sets for the
// applications apps: the strings, {:system, "VAR"} tuples (as $VAR) and
// System.user_home() calls (as ~) in the keyword lists and strings of
// their config calls (each call runs to the next), less those under a
// key naming what is kept. Comments are left out.
func elixirConfigValues(text string, apps []string) []string {
	text = hashCommentsBlanked(".exs", text)
	calls := elixirConfigCall.FindAllStringSubmatchIndex(text, 64)
	var out []string
	for i, c := range calls {
		if !slices.Contains(apps, text[c[2]:c[3]]) {
			continue
		}
		end := len(text)
		if i+1 < len(calls) {
			end = calls[i+1][0]
		}
		out = append(out, elixirStanzaValues(text[c[1]:end])...)
	}
	return out
}

// elixirStanzaValues returns the values of one config call's text.
func elixirStanzaValues(text string) []string {
	var out []string
	for _, m := range elixirKeyList.FindAllStringSubmatch(text, 64) {
		if keptKey.MatchString(m[1]) {
			continue
		}
		for _, v := range elixirValue.FindAllStringSubmatch(m[2], 64) {
			switch {
			case v[2] != "":
				out = append(out, "$"+v[2])
			case strings.HasPrefix(v[0], "System."):
				out = append(out, "~")
			default:
				out = append(out, v[1])
			}
		}
	}
	for _, m := range elixirKeyString.FindAllStringSubmatch(text, 64) {
		if !keptKey.MatchString(m[1]) {
			out = append(out, m[2])
		}
	}
	return out
}
