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
// Cargo (~/.cargo/credentials.toml), sbt's and Ivy's publishing
// credentials (~/.ivy2/.credentials, ~/.sbt/1.0/credentials.sbt,
// sonatype_credentials), data-science API tokens (Kaggle's
// ~/.kaggle/kaggle.json, ~/.databrickscfg, Hugging Face's stored token),
// App Store Connect's API private keys (AuthKey_<id>.p8 in
// ~/.appstoreconnect/private_keys, where altool looks for them),
// and reads of the operating system's
// credential manager (git credential fill, secret-tool lookup, DPAPI
// unprotect, the Windows Credential Manager's CredRead). Each is what an
// information stealer collects; none is read by a tool that only uses
// its own settings. Composer's auth.json (~/.composer/auth.json,
// ~/.config/composer/auth.json, %APPDATA%/Composer/auth.json, or under
// $COMPOSER_HOME) holds the user's http-basic passwords and GitHub,
// GitLab and Bitbucket tokens for every private package host, as
// ~/.npmrc holds npm's.

// credPathMore extends credPath: paths of the material above. Wallet
// extensions are named by their Chrome Web Store ids (MetaMask, Phantom,
// Coinbase Wallet, Trust Wallet, Binance, TronLink, Ronin, Keplr), the
// folder names stealers list.
const credPathMore = `|\.cabal[/\\]config\b|\.config[/\\]cabal[/\\]config\b|\.stack[/\\]upload[/\\]credentials\.json\b|\bpub-(?:credentials|tokens)\.json\b|\.pub-cache[/\\]credentials\.json\b|(?:\.composer|\.config[/\\]composer|[/\\]Composer)[/\\]auth\.json\b|\bCOMPOSER_HOME\b[}'")\]]*\s*(?:[.+]\s*)?['"]?[/\\]auth\.json\b|\.aws[/\\](?:sso|cli)[/\\]cache\b|\.cargo[/\\]credentials(?:\.toml)?\b|(?:^|[/\\'"])Local State(?:$|['"])|Local Extension Settings|exodus\.wallet|(?:\.config|Application Support|Roaming)[/\\]Exodus\b|[/\\]Electrum[/\\]wallets|\.ethereum[/\\]keystore|` +
	`\.appstoreconnect[/\\]private_keys\b|\.gradle[/\\]gradle\.properties|\.m2[/\\]settings(?:-security)?\.xml|\.kaggle[/\\]kaggle\.json|\.databrickscfg\b|huggingface[/\\]token\b|(?:\.hex|\.mix|\.config[/\\]rebar3)[/\\]hex\.config\b|\.erlang\.cookie\b|~?[/\\]?\.Renviron\b|\.nuget[/\\]NuGet[/\\]NuGet\.Config\b|\.vault[_-]pass(?:word)?(?:\.txt)?\b|[/\\]Paket[/\\]paket\.config\b|` +
	// sbt's and Ivy's publishing credentials (realm, host, user,
	// password: Sonatype's among them)
	`\.ivy2[/\\]\.credentials\b|\.sbt[/\\](?:[\d.]+[/\\])?(?:\.credentials|sonatype_credentials|credentials\.sbt|sonatype\.sbt)\b|` +
	// cloud CLIs' login files: Hetzner's hcloud, DigitalOcean's doctl,
	// Scaleway's scw, Linode's linode-cli
	`\.config[/\\](?:hcloud[/\\]cli\.toml|doctl[/\\]config\.yaml|scw[/\\]config\.yaml|linode-cli)\b|` +
	// Cloudflare wrangler's OAuth login; flyctl's login (access_token
	// in ~/.fly/config.yml)
	`\.wrangler[/\\]config[/\\]default\.toml\b|\.fly[/\\]config\.yml\b|` +
	// mail clients' account files, which hold the mailbox passwords (or
	// the commands that fetch them) in the clear: aerc's accounts.conf
	// (source and outgoing URLs with user:password), msmtp's and
	// fetchmail's rc files; each tool refuses one others can read
	`\.config[/\\]aerc[/\\]accounts\.conf\b|\.msmtprc\b|\.config[/\\]msmtp[/\\]config\b|\.fetchmailrc\b|` +
	`nkbihfbeogaeaoehlefnkodbefgpgknn|bfnaelmomeimhlpmgjnjophhpkkoljpa|hnfanknocfeofbddgcijnmhnfnkdnaad|egjidjbpglichdcondbcbdnbeeppgdph|fhbohimaelbohpjbbldcngcnapndodjp|ibnejdfjmmkpcnlpebklmnkoeoihofec|fnjhmkhhmkbjkkabndcnnogagogbneec|dmkamcknogkgcdfhhbddcghachkejeap`

// credPartMore extends credPartRe: one part of such a path joined in
// code to the home folder (filepath.Join(home, ".electrum", "wallets")).
const credPartMore = `|\.cabal[/\\]config|\.m2[/\\]settings(?:-security)?\.xml|\.gradle[/\\]gradle\.properties|credentials\.toml|Local State|Local Extension Settings|\.electrum|\.bitcoin|\.ethereum|exodus\.wallet|Exodus|\.erlang\.cookie|(?:\.hex|\.mix|\.config[/\\]rebar3)[/\\]hex\.config`

// credHintsMore extends credHints with a substring of each match of
// credPathMore, credPartMore and credStoreRead.
var credHintsMore = []string{"appstoreconnect", ".stack", "cabal", "hex.config", ".erlang.cookie", ".Renviron", "NuGet.Config", "paket.config", ".vault_pass", ".vault-pass", "sonatype.sbt", "pub-credentials", "pub-tokens", "hcloud", "doctl", "scw", "linode-cli", ".wrangler", ".pub-cache", "kaggle.json", ".databrickscfg", "huggingface", "gradle.properties", "settings.xml", "settings-security.xml", ".cargo", "Local State", "Local Extension Settings", "exodus", "Exodus", "Electrum", "keystore", "aerc", "msmtp", ".fetchmailrc", ".fly",
	"nkbihfbeogaeaoehlefnkodbefgpgknn", "bfnaelmomeimhlpmgjnjophhpkkoljpa", "hnfanknocfeofbddgcijnmhnfnkdnaad", "egjidjbpglichdcondbcbdnbeeppgdph",
	"fhbohimaelbohpjbbldcngcnapndodjp", "ibnejdfjmmkpcnlpebklmnkoeoihofec", "fnjhmkhhmkbjkkabndcnnogagogbneec", "dmkamcknogkgcdfhhbddcghachkejeap"}

// credStoreRead is a read of the operating system's credential manager
// in code or on a command line: git credential fill (whatever helper
// holds the token answers), libsecret's secret-tool lookup, DPAPI's
// unprotect (how a browser's master key is unwrapped on Windows), and the
// Windows Credential Manager (CredRead, CredEnumerate,
// Get-StoredCredential, vaultcmd /listcreds), and Emacs's auth-source
// searched for many entries at once ((auth-source-search :max 500 ...):
// every saved login, where a package asks for its own host's one), and
// Jenkins's credential store enumerated from pipeline code
// (CredentialsProvider.lookupCredentials).
var credStoreRead = lazyRE(`\bgit` + argSep + `credential` + argSep + `fill\b|\bsecret-tool` + argSep + `lookup\b|\bProtectedData\.Unprotect\s*\(|\bCryptUnprotectData\b|\bCred(?:Read|Enumerate)[AW]?\s*\(|(?i:\bget-storedcredential\b|\bvaultcmd(?:\.exe)?\s+/listcreds)|\b(?:gitcreds::)?gitcreds_get\s*\(|\bkeyring::key_get\s*\(|\(auth-source-search\s+:max\s+(?:[2-9]\d*|1\d+)\b|\bCredentialsProvider\.lookupCredentials\s*\(`)

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
// language's network calls (otherSend), for Lua a network tool one of
// its commands runs (luaCommandSend), for Lean a process helper called
// with a network tool (leanHelperSend), for Pkl an https read carrying
// values (pklRemoteRead), and for a shell read by pattern
// the commands of shellSendRe. A network word inside a regular
// expression's source is no send (regexsource.go).
func scriptSend(rel, text string) []int {
	text, _ = regexSourcesBlanked(text)
	n := otherSend(text)
	if n == nil && isLuaFile(rel, text) {
		n = luaCommandSend(text) // a network tool run as a command (luasend.go)
	}
	if n == nil && strings.EqualFold(path.Ext(rel), ".lean") {
		n = leanHelperSend(text) // a helper run with "curl" (leanproc.go)
	}
	if n == nil && isAppleScript(rel) {
		n = appleScriptSend(appleScriptCommentsBlanked(text)) // applescript.go
	}
	if n == nil && isAutoHotkey(rel) {
		n = ahkSend(ahkCommentsBlanked(text)) // autohotkey.go
	}
	if n == nil && strings.EqualFold(path.Ext(rel), ".pkl") {
		n = pklRemoteRead(text) // an https read carrying values (pklread.go)
	}
	if strings.EqualFold(path.Ext(rel), ".fish") {
		if m := shellSendRe.FindStringIndex(text); m != nil && (n == nil || m[0] < n[0]) {
			n = m
		}
	}
	return n
}

// otherEnvEnum enumerates every environment variable in Go, Rust, C#,
// Java or Kotlin, or Swift. Alone it is how a program hands its
// environment to a child, so it counts only with a secret-name filter
// (secretEnvEnum). Elixir's System.get_env(), Crystal's ENV.each, Nim's
// envPairs(), Haskell's getEnvironment, Raku's %*ENV and Dart's
// Platform.environment walked are such enumerations too.
var otherEnvEnum = lazyRE(`\bos\.Environ\(\)|\benv::vars(?:_os)?\(\)|\bEnvironment\.GetEnvironmentVariables\(\)|\bSystem\.getenv\(\)|\bProcessInfo\.processInfo\.environment\b` + otherEnvEnumMore + envEnumLangs)

// envSecretTest tests a variable's name against a word naming secrets
// (contains("TOKEN"), starts_with("AWS_"), strings.Contains(k, "SECRET"),
// k.StartsWith("CARGO_REGISTRY"), Elixir's String.contains?(k, "KEY"),
// a regex match k =~ /TOKEN|SECRET/ or Elixir's k =~ ~r/(SECRET|PASS)/,
// Common Lisp's (search "TOKEN" name) and str's and uiop's tests).
var envSecretTest = lazyRE(`(?i)\b(?:contains|starts_with|ends_with|startswith|endswith|hasprefix|hassuffix|indexof|occursin|grepl|str_detect)\??\s*\(\s*(?:\w+\s*,\s*){0,2}&?["'][^"'\n]*(?:token|secret|key|pass|auth|cred|session|aws_|cargo_registry)[^"'\n]*["']|=~\s*(?:~r)?/[^/\n]*(?:token|secret|key|pass|auth|cred)[^/\n]*/` +
	`|\(\s*(?:search|str:containsp?|str:starts-with-p|uiop:string-prefix-p)\s+"[^"\n]*(?:token|secret|key|pass|auth|cred)[^"\n]*"`)

// secretEnvEnum returns the first enumeration of the environment in
// text whose names are tested against a secret word within the next
// lines to keep them (a loop keeping TOKEN, SECRET and KEY variables: a
// collection of secrets, not a child's environment), or nil. A test that
// drops the variable (negated, or followed by continue: redaction before
// a report) keeps nothing secret.
func secretEnvEnum(text string) []int {
	for _, m := range otherEnvEnum.FindAllStringIndex(text, 8) {
		end := min(len(text), m[1]+600)
		for _, t := range envSecretTest.FindAllStringIndex(text[m[1]:end], 8) {
			if !redacts(text[m[1]:end], t) {
				return m
			}
		}
	}
	return nil
}

// redacts reports whether the name test at t in s drops what matches:
// negated (!strings.Contains(k, "TOKEN"), if (!(… or …)), Zig's
// indexOf(…) == null) or with continue before the block it opens closes,
// but not both: a negated test that continues skips every variable but
// the secret ones (if (!(startsWith(u8, k, "AWS_") or …)) continue;).
func redacts(s string, t []int) bool {
	i := t[0]
	for i > 0 && (s[i-1] == '.' || isIdentByte(s[i-1])) {
		i-- // back over the receiver or package (k.contains, strings.Contains)
	}
	pre := s[strings.LastIndexByte(s[:i], '\n')+1 : i]
	negated := strings.HasSuffix(strings.TrimRight(pre, " \t"), "!") || strings.Contains(pre, "!(")
	if testAbsent.MatchString(s[t[1]:min(len(s), t[1]+40)]) {
		negated = !negated
	}
	rest := s[t[1]:]
	if j := strings.IndexByte(rest, '}'); j >= 0 {
		rest = rest[:j]
	}
	return negated != strings.Contains(rest, "continue")
}

// testAbsent follows a name test that finds nothing: a search result
// compared to none (Zig's indexOf(…) == null, Julia's findfirst(…) ===
// nothing, an index == -1).
var testAbsent = lazyRE(`^\s*\)\s*===?\s*(?:null|nothing|nil|None|-1)\b`)
