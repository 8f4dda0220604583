package audit

import (
	"path"
	"strings"
)

// Credential material beyond key and cloud files, shared by every reader
// (shell arguments, Python and JavaScript literals, the languages read by
// pattern): a browser's master key (Chromium's "Local State" holds the
// DPAPI- or keychain-wrapped key that decrypts Cookies and Login Data),
// browser-extension storage (Local Extension Settings: a wallet
// extension's vault lives there), desktop crypto wallets (Electrum,
// Exodus, Bitcoin Core, Ethereum keystores), the registry token file of
// Cargo (~/.cargo/credentials.toml), and reads of the operating system's
// credential manager (git credential fill, secret-tool lookup, DPAPI
// unprotect, the Windows Credential Manager's CredRead). Each is what an
// information stealer collects; none is read by a tool that only uses
// its own settings.

// credPathMore extends credPath: paths of the material above. Wallet
// extensions are named by their Chrome Web Store ids (MetaMask, Phantom,
// Coinbase Wallet, Trust Wallet, Binance, TronLink, Ronin, Keplr), the
// folder names stealers list.
const credPathMore = `|\.cargo[/\\]credentials(?:\.toml)?\b|(?:^|[/\\'"])Local State(?:$|['"])|Local Extension Settings|exodus\.wallet|[/\\]Exodus[/\\]|[/\\]Electrum[/\\]wallets|\.ethereum[/\\]keystore|` +
	`nkbihfbeogaeaoehlefnkodbefgpgknn|bfnaelmomeimhlpmgjnjophhpkkoljpa|hnfanknocfeofbddgcijnmhnfnkdnaad|egjidjbpglichdcondbcbdnbeeppgdph|fhbohimaelbohpjbbldcngcnapndodjp|ibnejdfjmmkpcnlpebklmnkoeoihofec|fnjhmkhhmkbjkkabndcnnogagogbneec|dmkamcknogkgcdfhhbddcghachkejeap`

// credPartMore extends credPartRe: one part of such a path joined in
// code to the home folder (filepath.Join(home, ".electrum", "wallets")).
const credPartMore = `|credentials\.toml|Local State|Local Extension Settings|\.electrum|\.bitcoin|\.ethereum|exodus\.wallet|Exodus`

// credHintsMore extends credHints with a substring of each match of
// credPathMore, credPartMore and credStoreRead.
var credHintsMore = []string{".cargo", "Local State", "Local Extension Settings", "exodus", "Exodus", "Electrum", "keystore",
	"nkbihfbeogaeaoehlefnkodbefgpgknn", "bfnaelmomeimhlpmgjnjophhpkkoljpa", "hnfanknocfeofbddgcijnmhnfnkdnaad", "egjidjbpglichdcondbcbdnbeeppgdph",
	"fhbohimaelbohpjbbldcngcnapndodjp", "ibnejdfjmmkpcnlpebklmnkoeoihofec", "fnjhmkhhmkbjkkabndcnnogagogbneec", "dmkamcknogkgcdfhhbddcghachkejeap"}

// credStoreRead is a read of the operating system's credential manager
// in code or on a command line: git credential fill (whatever helper
// holds the token answers), libsecret's secret-tool lookup, DPAPI's
// unprotect (how a browser's master key is unwrapped on Windows), and the
// Windows Credential Manager (CredRead, CredEnumerate,
// Get-StoredCredential, vaultcmd /listcreds).
var credStoreRead = lazyRE(`\bgit` + argSep + `credential` + argSep + `fill\b|\bsecret-tool` + argSep + `lookup\b|\bProtectedData\.Unprotect\s*\(|\bCryptUnprotectData\b|\bCred(?:Read|Enumerate)[AW]?\s*\(|(?i:\bget-storedcredential\b|\bvaultcmd(?:\.exe)?\s+/listcreds)`)

// argSep is what stands between two words of a command line written
// as text or as a list of string literals (["git", "credential", "fill"]).
const argSep = `(?:\s+|['"]\s*,\s*['"])`

// credStoreName names the credential manager a credStoreRead match
// reads: "the credential manager (git credential fill)".
func credStoreName(match string) string {
	w := strings.Fields(strings.NewReplacer(`"`, " ", "'", " ", ",", " ", "(", " ").Replace(match))
	return "the credential manager (" + Escape(strings.Join(w, " "), 40) + ")"
}

// shellCredStore names the credential manager a shell command reads
// (git credential fill, secret-tool lookup), or "".
func shellCredStore(c call) string {
	switch {
	case c.name == "git" && len(c.args) >= 2 && c.args[0] == "credential" && c.args[1] == "fill":
		return "the credential manager (git credential fill)"
	case c.name == "secret-tool" && len(c.args) >= 1 && c.args[0] == "lookup":
		return "the credential manager (secret-tool lookup)"
	}
	return ""
}

// shellSendRe is a command line that sends data off the machine, for a
// shell read by pattern (fish, whose syntax the POSIX parser does not
// take): curl with a body, form or upload, wget posting, and raw
// connections.
var shellSendRe = lazyRE(`(?m)\bcurl\b(?:[^\n]|\\\n)*?(?:\s(?:-d|--data(?:-\w+)?|-F|--form|-T|--upload-file|--json)\b|\s-X\s*(?:POST|PUT|PATCH)\b)|\bwget\b[^\n]*--post-(?:data|file)|(?:^|[|;(]\s*)(?:nc|ncat|socat)\s`)

// scriptSend returns the first send in a file read by pattern: the
// language's network calls (otherSend), and for a shell read by pattern
// the commands of shellSendRe.
func scriptSend(rel, text string) []int {
	n := otherSend(text)
	if strings.EqualFold(path.Ext(rel), ".fish") {
		if m := shellSendRe.FindStringIndex(text); m != nil && (n == nil || m[0] < n[0]) {
			n = m
		}
	}
	return n
}
