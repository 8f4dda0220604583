package audit

import "sync"

// Rule describes one audit rule: its stable id (the SARIF ruleId), its
// most serious severity, a one-line summary and the rationale: what the
// attack is, where it has been seen, and how context ranks it.
type Rule struct {
	ID        string   `json:"id"`
	Name      string   `json:"name"`
	Max       Severity `json:"max_severity"`
	Summary   string   `json:"summary"`
	Rationale string   `json:"rationale"`
}

// Rules lists every rule in report order. The source of each attack is
// public reports on skill registries (2026) unless noted.
var Rules = []Rule{
	{"hidden-text", "HiddenText", Critical, "Text in an HTML comment, a hidden HTML element or a markdown comment",
		"Renderers drop HTML comments, elements styled display:none, visibility:hidden, font-size:0 or opacity:0, the hidden attribute, and unused link definitions ([//]: # (...)); the model reads the source and sees them. Attacks hide their instructions there. Any other rule matching inside hidden text is critical; an instruction to the model (it names the model and uses an imperative) is high on its own; other hidden prose of eight words or more is low (often an editor's note). Found with goldmark's AST, so HTML inside code blocks is not hidden text."},
	{"invisible-unicode", "InvisibleUnicode", Critical, "Unicode tag characters or zero-width characters that hide text",
		"Unicode tags (U+E0000-E007F) spell ASCII that no font draws (\"ASCII smuggling\"): critical, with the decoded text as evidence, except inside the emoji flag sequences of England, Scotland and Wales. Runs of four or more zero-width characters encode hidden text (critical); one inside a Latin word splits a keyword past people and filters (high). ZWJ in emoji sequences, ZWJ/ZWNJ in Arabic, Persian, Indic and other joining scripts, zero-width spaces beside CJK (line-break hints) and a leading byte-order mark are normal text and not reported."},
	{"bidi-override", "BidiOverride", High, "Bidirectional override, embedding or isolate characters",
		"U+202A-202E and U+2066-2069 reorder what people see without changing what the model reads (Trojan Source, CVE-2021-42574). Overrides are high; embeddings and isolates on a line with right-to-left letters are medium (they occur in real Arabic and Hebrew text)."},
	{"instruction-override", "InstructionOverride", High, "Language telling the model to drop its instructions or hide things from the user",
		"\"Ignore all previous instructions\", persona jailbreaks, announced replacement system prompts and \"do not tell the user\" turn the model against its user. Ranked by context: high in the skill's own instructions, medium when quoted or in a code example, and low in a quoted example of a skill that teaches defence (prompt-injection tutorials quote these phrases on purpose); critical in hidden text."},
	{"secret-request", "SecretRequest", High, "Language asking the model to read or send secrets",
		"Asking the model to send API keys, tokens, SSH keys or the environment to a URL, address or webhook, to put them into a link or image URL, or to read private keys is exfiltration through the model's own tools. Same context ranking as instruction-override; critical in instructions that also tell the agent not to ask or tell the user."},
	{"exfil-url", "ExfilURL", Critical, "Link or image URL with a templated secret or conversation",
		"A markdown image is fetched as soon as the reply renders, so ![](https://host/x?d={{api_key}}) leaks without a click (critical); a link leaks on a click (high). Placeholders that are not secret ({owner}/{repo}) are documentation in links and medium in images. Only real links and images count (goldmark AST and HTML src attributes), not URLs in code examples."},
	{"download-exec", "DownloadExec", Critical, "A downloaded script run without being seen (curl | sh)",
		"curl|wget piped into a shell or interpreter, bash <(curl ...), sh -c \"$(curl ...)\", eval of a download, or a file downloaded then made executable and run, and PowerShell iex of iwr/DownloadString (by pattern). Found in the shell syntax tree (mvdan.cc/sh), including shell commands inside Python and JavaScript strings. Critical in a script or hidden text; in documentation high, or medium when the host is the tool the skill is about (the uv skill installing from astral.sh), because installers are commonly documented that way."},
	{"reverse-shell", "ReverseShell", Critical, "A network connection wired to a shell",
		"bash -i >& /dev/tcp/..., nc -e /bin/sh, the mkfifo | nc pipeline, socat exec:, and Python or JavaScript that connects a socket and hands it to a shell give a remote party a shell on the user's machine. Critical wherever it runs."},
	{"decoded-exec", "DecodedExec", Critical, "Decoded or unpacked bytes executed",
		"base64 -d | sh, eval \"$(echo ... | base64 -d)\", exec(base64.b64decode(...)), eval(atob(...)) hide the real payload from review and from the other rules. Critical when the decode feeds execution directly; high when a file both decodes and evaluates."},
	{"obfuscation", "Obfuscation", High, "Code built from fragments or escapes, or a large encoded blob",
		"chr()+chr() chains, names reversed with [::-1], eval of hex escapes, String.fromCharCode runs: high. A 400-character base64 or hex blob in a script is medium (it may be data)."},
	{"credential-exfil", "CredentialExfil", Critical, "Credentials or the whole environment read and sent off the machine",
		"Reading private keys (~/.ssh/id_*), ~/.aws/credentials, gcloud, azure or kube config, .netrc, .git-credentials, .env, the keychain (security find-generic-password), browser profiles (Login Data, Cookies, key4.db), a secret variable ($AWS_SECRET_ACCESS_KEY, os.environ[...], process.env...) or the whole environment, then a network call in the same script, is the theft seen in malicious skills: critical. Followed through shell variables (k=$(cat ~/.ssh/id_rsa); curl \"...?k=$k\"), in Python and JavaScript/TypeScript (paths joined in code, GET requests, sockets) and by pattern in Ruby, Perl, PHP, Go, PowerShell, Java, Kotlin, C#, Rust and Swift (paths joined from the home folder too). In a code example of documentation it is medium. A credential store bound to one service (.pypirc, .npmrc, .netrc, docker config.json, gh hosts.yml), read alone and sent only to that service's hosts (pypi.org and upload.pypi.org; registry.npmjs.org or a registry the code names; the machine the code looks up in .netrc; a registry named in auths; github.com), with every destination a literal the scan follows, is high, not critical: the script still acts on the user's account with the stored credential, and a registry token used to publish to its own registry is how npm worms spread. A computed destination, another host, a second credential or a secret variable keeps it critical. The read alone in a script is rule credential-read."},
	{"credential-read", "CredentialRead", High, "A script reads keys or credentials",
		"A skill script that reads a private SSH key hands whoever gets it the user's logins: high. Other credential stores read without anything sent have legitimate uses (deploy helpers): medium. Public keys (*.pub) and keys used to log in (ssh -i) are not reads."},
	{"persistence", "Persistence", Critical, "Code installed to run again later (cron, shell rc, authorized_keys, launchd)",
		"A key added to authorized_keys is a back door (critical); installing a crontab, writing to /etc/cron*, launchd or systemd user units, git hooks, or appending commands to a shell rc file is high. Appending only PATH, variables, aliases or tool init lines to an rc file is routine setup: low in a script, not reported in documentation."},
	{"miner", "Miner", Critical, "A cryptocurrency miner or mining pool",
		"xmrig and other miners, stratum+tcp:// pool URLs and miner options steal the user's compute: critical in scripts and settings, high in instructions."},
	{"approval-bypass", "ApprovalBypass", High, "Switches that turn off the agent's approvals or sandbox",
		"--dangerously-skip-permissions, permission mode bypassPermissions, Codex's --dangerously-bypass-approvals-and-sandbox, approval_policy never and sandbox_mode danger-full-access (as settings or in words: set sandbox_mode to danger-full-access), and Gemini's --yolo make every later command run unchecked, which is what an attack needs next. High in instructions and scripts, and high wherever it stands beside an instruction not to ask or tell the user; general wording (turn off the sandbox, auto-approve, a bare --yolo) is reported only then. A bypass offered to the user for consent drops a level (a prohibition on asking is not consent); examples in skills that teach defence rank lower."},
	{"destructive-command", "DestructiveCommand", Critical, "A command that wipes the filesystem, the home folder, a system folder or a disk",
		"rm -rf / (and /*, --no-preserve-root), rm -rf ~ or $HOME, a recursive removal of a top-level system folder, chmod or chown -R over / or home, find / -delete without a filter, a fork bomb, mkfs, wipefs or dd of= over a disk device, and shutil.rmtree or fs.rmSync of the same folders, also through sh -c, os.system, subprocess and child_process. No skill needs to destroy the user's machine: critical in a script or hidden text, high in instructions and their code. Writing over a disk is what disk tools do, so in a skill about disks it is high in a script and medium in its documentation, and a placeholder device (/dev/sdX) in documentation is medium. A command under a warning (never run rm -rf /; a # don't comment; a deny-list of dangerous commands in a string nobody runs) is not reported. Scoped removals (rm -rf ./build, node_modules, \"$TMPDIR/x\", ~/.cache/x, /var/lib/apt/lists/*) are not findings."},
	{"system-trust", "SystemTrust", Critical, "A write to a file the system trusts: hosts, sudoers, resolv.conf, the CA store",
		"/etc/hosts decides where a name goes before DNS, /etc/resolv.conf who answers every lookup, /etc/sudoers(.d) who is root, and a certificate in the system CA store (update-ca-certificates' and update-ca-trust's folders, trust anchor, security add-trusted-cert, certutil -addstore, keytool -importcert -cacerts) lets its key's holder read and change every TLS connection. Ranked by what is written: a public name sent to an outside address, a resolver that is neither well known nor private, passwordless root for every command, or a certificate downloaded in the same code is critical in a script and high in documentation; other writes whose content is unseen are high in a script and medium in documentation; local development names in hosts, a public or private resolver are low in a script and not reported in documentation; blocking a name (127.0.0.1) is medium in a script and low in documentation. A CA from a local file (a company proxy's) is high in a script, medium in documentation. Reading these files is not a finding; keys added to authorized_keys are rule persistence."},
	{"registry-exec-credential", "RegistryExecCredential", High, "A package run straight from a registry is handed the user's credential",
		"npx -y, bunx, pnpm dlx, yarn dlx, bun x, uvx, pipx run, uv tool run and npm exec run whatever the package's owner published last; handing such a package a token (TOKEN=$TOKEN npx -y x, --token $NPM_TOKEN, the env of an MCP server's settings, or words telling the agent to pass the user's token to it) gives that access to code nobody reviewed, the way stolen npm tokens have spread worms. Medium, in scripts as in documentation: official CLIs run this way in CI every day, and the whole environment reaches every process anyway. Not reported for the vendor's own tool (an official scope such as @modelcontextprotocol or @linear with LINEAR_API_KEY, the vendor's unscoped CLI such as vercel or wrangler); low at an exact pinned version; high when the text also tells the agent not to ask or tell the user, critical in hidden text."},
	{"not-audited", "NotAudited", High, "A file the audit could not read or finish",
		"What the audit cannot read may hide anything, and a script named so that the catalog refuses it (a backslash in its name) or too large to serve still runs when another script globs it. A file that is binary, over 1 MiB, unreadable or behind a link out, and a file past a work budget (shell nesting deeper than 200 levels, more than 2,000,000 shell syntax nodes, markdown over skillmd.MarkdownBudget (nested quotes, unclosed link openers: read as plain text)), is reported with the reason: high for a script (under scripts/ or bin/, or a code file), medium otherwise."},
	{"committed-secret", "CommittedSecret", Critical, "A credential committed in a skill file",
		"Runs gitleaks' maintained default ruleset (provider key formats, entropy, placeholder allowlists), vendored as gitleaks/gitleaks.toml and run without the gitleaks module. Private keys and AWS keys are critical, provider tokens high; gitleaks' generic-api-key rule is left out (on the corpus it found only placeholders)."},
}

// ruleIndex maps a rule id to its position in Rules.
var ruleIndex = sync.OnceValue(func() map[string]int {
	m := map[string]int{}
	for i, r := range Rules {
		m[r.ID] = i
	}
	return m
})
