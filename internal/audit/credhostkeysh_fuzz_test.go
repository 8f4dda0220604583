package audit

import "testing"

// FuzzShNetrcHostKeyed: no shell text stops the reading of a netrc entry
// looked up with awk by a URL's host and sent as curl's login (awk
// programs with no rule or unbalanced braces, -v with no value, curl
// option clusters, URLs of one part), and every finding's line is inside
// the file.
func FuzzShNetrcHostKeyed(f *testing.F) {
	for _, s := range []string{
		"url=$1\nhost=$(printf %s \"$url\" | sed -E 's#^[a-z]+://([^/]+).*#\\1#')\nu=$(awk -v h=\"$host\" '$1==\"machine\" && $2==h {print $4}' ~/.netrc)\ncurl -fsSLu \"$u\" \"$url\"\n",
		"curl --netrc-file ~/.netrc \"$url\"\n", "curl --netrc-file=", "u=$(awk -v '{' ~/.netrc)\ncurl -u \"$u\" \"https://$host\"\n",
		"x=$(awk -v h= '$2==h' $HOME/.netrc)\ncurl -H \"Authorization: $x\" x\n", "a=$(printf %s \"$u\" | base64)\n[ -n \"$a\" ]\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		sc := scanCtx(code)
		scanShell(sc, "scripts/x.sh", code, 1, inScript)
		fuzzLinesInFile(t, sc, code)
	})
}
