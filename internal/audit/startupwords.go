package audit

import "strings"

// Two more ways the languages of startupcode.go install something run
// again by itself (rule persistence):
//   - a word list literal names the place: Perl's qw(.bashrc .zshrc)
//     and Elixir's ~w(.bashrc .zshrc) are lists of string literals, so
//     each word is judged as a quoted literal is (startupTargetLit);
//   - the program runs crontab to install a table: the command as
//     argv ('crontab', '-'; exec.Command("crontab", tmp);
//     Command::new("crontab")), piped into (open($c, "| crontab -"),
//     "(crontab -l; echo …) | crontab -") or given a file
//     (system("crontab $file")). crontab -l (list), -r (remove) and
//     -e (edit by hand) install nothing of the program's.

var (
	// wordListOpen opens a Perl qw, Elixir ~w or Ruby %w/%W word list;
	// the opening delimiter is group 1.
	wordListOpen = lazyRE(`(?:\bqw|~w|%[wW])\s*([\(\[\{</|!])`)
	// cronInstallRE is a run of crontab that installs a table (see
	// above).
	cronInstallRE = lazyRE(`["'](?:\|\s*)?crontab["']|["'][^"'\n]*\|\s*crontab(?:\s+-)?\s*["']|["']crontab\s+(?:-|[\$\w/.~{][^"'\s]*)\s*["']`)
	// cronOtherFlag is a crontab flag that installs nothing: list,
	// remove, edit by hand.
	cronOtherFlag = lazyRE(`^["']?\s*(?:\)\s*\.\s*args?\s*\(\s*\[?\s*|,\s*(?:\[\s*)?)["']-[lre]["']`)
)

// maxWordLists bounds the word lists read from one file.
const maxWordLists = 500

// wordListWords returns the words of c's Perl qw, Elixir ~w and Ruby %w lists at
// their offsets.
func wordListWords(c string) []litSpan {
	closer := map[byte]byte{'(': ')', '[': ']', '{': '}', '<': '>', '/': '/', '|': '|', '!': '!'}
	var out []litSpan
	for _, m := range wordListOpen.FindAllStringSubmatchIndex(c, maxWordLists) {
		start := m[1]
		end := strings.IndexByte(c[start:], closer[c[m[2]]])
		if end < 0 || end > 4000 {
			continue
		}
		body := c[start : start+end]
		for off := 0; off < len(body); {
			for off < len(body) && isBlank(body[off]) {
				off++
			}
			w := off
			for off < len(body) && !isBlank(body[off]) {
				off++
			}
			if off > w {
				out = append(out, litSpan{start + w, body[w:off]})
			}
		}
	}
	return out
}

// isBlank reports whether b separates the words of a word list.
func isBlank(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }

// cronInstall returns the offset in c of a run of crontab that
// installs a table (see above), or -1.
func cronInstall(c string) int {
	for _, m := range cronInstallRE.FindAllStringIndex(c, 32) {
		rest := c[m[1]:min(len(c), m[1]+60)]
		if cronOtherFlag.MatchString(rest) {
			continue
		}
		return m[0]
	}
	return -1
}
