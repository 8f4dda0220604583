package audit

import "testing"

// FuzzJSHostEnv: no text stops the reader of a host's env object (its
// bindings, patterns and parameter lists), an offset returned lies
// inside the text and names what it found there.
func FuzzJSHostEnv(f *testing.F) {
	for _, s := range []string{
		"const { env, logger } = context;\nfetch(u, { method: 'POST', body: JSON.stringify(env) });\n",
		"async publish(cfg, { env: e = {} }) {\n  for (const k in e) send(k);\n}\n",
		"export const onPreBuild = ({ netlifyConfig }) => post(netlifyConfig.build.environment)",
		"const env = loadEnv(mode, process.cwd(), '');\nObject.keys(env).filter((k) => k.startsWith('VITE_'))",
		"execa('x', { env })", "({ env }", "{ env: }", "{ env: 1 }", "const { env } =", "(a, { env }: Ctx): Promise<void> =>",
		"ctx?.env", "import.meta.env", "...env", "env", "{env}", "(({env})", "}{ env ,", "const e = ctx.env ??",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		off, what := jsHostEnvWhole(text)
		if off < -1 || off >= len(text) {
			t.Fatalf("offset %d outside the text (%d bytes)", off, len(text))
		}
		if off >= 0 && (what == "" || text[off:off+len(what)] != what) {
			t.Fatalf("offset %d does not hold %q", off, what)
		}
		names, sites := jsHostEnvNames(text)
		for at := range sites {
			if at < 0 || at >= len(text) {
				t.Fatalf("binding at %d outside the text", at)
			}
		}
		for _, n := range names {
			if n == "" {
				t.Fatalf("empty name bound")
			}
		}
	})
}
