package audit

import "strings"

// paramDefaultLead is a shell parameter expansion with a default at the
// start of a listed value (${XDG_CONFIG_HOME:-$HOME/.config},
// ${CACHE-$HOME/.cache}): group 1 the default. Config files a cleanup
// reads write their paths this way so the program expands them against
// its environment (a build.zig's own expander, envsubst); where the
// variable is unset, as XDG_* and tool cache variables usually are, the
// default is what is removed.
var paramDefaultLead = lazyRE(`^\$\{[A-Za-z_]\w*:?[-=]([^{}]*)\}`)

// listedParamDefault returns v with a leading parameter expansion with a
// default (paramDefaultLead) replaced by its default, so
// "${ZIG_GLOBAL_CACHE_DIR:-$HOME/.cache/zig}/../.." reads as
// $HOME/.cache/zig/../.., which is home; v itself otherwise.
func listedParamDefault(v string) string {
	if !strings.HasPrefix(v, "${") {
		return v
	}
	m := paramDefaultLead.FindStringSubmatchIndex(v)
	if m == nil {
		return v
	}
	return v[m[2]:m[3]] + v[m[1]:]
}
