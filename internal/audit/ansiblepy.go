package audit

import "strings"

// Ansible's Python plugins (callback, filter, lookup, inventory and
// connection plugins, and modules) run inside ansible-playbook with the
// play's variables decrypted: a callback's variable manager and a
// filter's arguments hand it hostvars whose vaulted values (an
// AnsibleVaultEncryptedUnicode) turn to plaintext when read as text,
// VaultLib decrypts any vaulted text with the project's secrets, and the
// vault password file (named by ANSIBLE_VAULT_PASSWORD_FILE or
// ansible.cfg's vault_password_file) unlocks every vault of the project.
// So vault material in a plugin that also makes a network call (Ansible's
// own open_url and fetch_url, from ansible.module_utils.urls, as much as
// urllib or a DNS lookup of a built name) is credential-exfil, as a
// secret environment variable read and sent is: critical.

// pyVaultRead is vault material in Python: a vaulted value's type (its
// text is the plaintext), VaultLib (the decryptor), the environment
// variable and ansible.cfg key naming the vault password file. Only
// read where the code says "vault" (pyVaultReadIndex).
var pyVaultRead = lazyRE(`\bAnsibleVaultEncryptedUnicode\b|\bVaultLib\s*\(|\bANSIBLE_VAULT_PASSWORD_FILE\b|['"]vault_password_file['"]`)

// pyAnsibleURLs is a request through ansible.module_utils.urls: its
// open_url (urllib's urlopen with Ansible's options), fetch_url (a
// module's request) or a Request object's open. Read only in a file
// importing that module, since open_url is a common name for a helper
// that opens a browser.
var pyAnsibleURLs = lazyRE(`(?:^|[^\w.])(?:open_url|fetch_url)\s*\(|\bRequest\s*\([^)\n]*\)\s*\.open\s*\(`)

// pyVaultReadIndex returns the first vault read in Python code c
// (comments blanked) and what it reads, or nil.
func pyVaultReadIndex(c string) ([]int, string) {
	if !strings.Contains(c, "ault") {
		return nil, ""
	}
	m := pyVaultRead.FindStringIndex(c)
	if m == nil {
		return nil, ""
	}
	switch w := strings.Trim(c[m[0]:m[1]], `'"( `); {
	case strings.HasPrefix(w, "AnsibleVault"):
		return m, "vault-encrypted variables (AnsibleVaultEncryptedUnicode, plaintext once read as text)"
	case strings.HasPrefix(w, "VaultLib"):
		return m, "vault-encrypted data decrypted with VaultLib"
	default:
		return m, "the Ansible vault password file (located by " + w + ")"
	}
}

// pyAnsibleURLIndex returns the first request through Ansible's URL
// helpers in Python code c, or nil when c does not import them.
func pyAnsibleURLIndex(c string) []int {
	if !strings.Contains(c, "ansible.module_utils.urls") {
		return nil
	}
	for _, m := range pyAnsibleURLs.FindAllStringIndex(c, 16) {
		if !pyDefBefore(c, m[0]) {
			return m
		}
	}
	return nil
}

// pyDefBefore reports whether the call at off is the name of a def
// (def open_url(...)), which declares, not calls.
func pyDefBefore(c string, off int) bool {
	ls := strings.LastIndexByte(c[:off], '\n') + 1
	w := strings.TrimSpace(c[ls : off+1])
	return w == "def" || w == "async def"
}

// pyDNSCall is a Python DNS lookup (socket's resolver calls,
// dnspython's resolve and query), as pyNet reads them.
var pyDNSCall = lazyRE(`\bsocket\.(?:gethostbyname(?:_ex)?|getaddrinfo)\(|\b(?:dns\.)?resolver\.(?:resolve|query)\(`)

// pyVaultSend returns the first network call in Python code c that
// carries data out: a body send (pySend), a request through Ansible's
// URL helpers given a body or a method (data=, method="POST"), or a DNS
// lookup of a name that is not one string literal (the name's zone
// owner sees what it is built from); nil if none. Vault material is
// read by plugins that also fetch (a lookup plugin downloading a
// vaulted file to decrypt it): only a call that can carry the plaintext
// makes the read a theft.
func pyVaultSend(c string) []int {
	if s := sendIndex(pySend, c); s != nil {
		return s
	}
	if strings.Contains(c, "ansible.module_utils.urls") {
		for _, m := range pyAnsibleURLs.FindAllStringIndex(c, 16) {
			if pyDefBefore(c, m[0]) {
				continue
			}
			for _, a := range callArgs(c[m[1]:]) {
				if strings.HasPrefix(a, "data") || strings.HasPrefix(a, "method") && !strings.Contains(strings.ToUpper(a), "GET") {
					return m
				}
			}
		}
	}
	for _, m := range pyDNSCall.FindAllStringIndex(c, 32) {
		if !literalName(c[m[0]:m[1]], c[m[1]:]) {
			return m
		}
	}
	return nil
}
