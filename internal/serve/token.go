package serve

import (
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// maxTokenFile bounds what ReadTokenFile reads: a token is one short line.
const maxTokenFile = 4096

// ReadTokenFile reads the token of serve --token-file PATH: the file's
// first line, surrounding spaces trimmed. The file must be a regular file
// only its owner may read or write (no group or other permission bits, as
// ssh asks of a private key) and, on Unix, owned by the user running
// skilldex: a token another user can read protects nothing. Errors say
// which of these failed and how to fix it.
func ReadTokenFile(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", fmt.Errorf("--token-file: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return "", fmt.Errorf("--token-file: %w", err)
	}
	if !st.Mode().IsRegular() {
		return "", fmt.Errorf("--token-file %s is not a regular file", path)
	}
	if perm := st.Mode().Perm(); perm&0o077 != 0 {
		return "", fmt.Errorf("--token-file %s can be read or written by other users (mode %04o): run chmod 600 %s", path, perm, path)
	}
	if uid, ok := fileOwner(st); ok && uid != os.Getuid() {
		return "", fmt.Errorf("--token-file %s belongs to user id %d, not to you (%d): use a file of your own", path, uid, os.Getuid())
	}
	data, err := io.ReadAll(io.LimitReader(f, maxTokenFile+1))
	if err != nil {
		return "", fmt.Errorf("--token-file: %w", err)
	}
	if len(data) > maxTokenFile {
		return "", fmt.Errorf("--token-file %s is over %d bytes: it should hold the token alone", path, maxTokenFile)
	}
	line, _, _ := strings.Cut(string(data), "\n")
	tok := strings.TrimSpace(line)
	if tok == "" {
		return "", fmt.Errorf("--token-file %s is empty: write a token into it (e.g. openssl rand -base64 32 > %s)", path, path)
	}
	return tok, nil
}

// GenerateToken returns a random token: 32 bytes from crypto/rand,
// base64url without padding (43 characters).
func GenerateToken() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("generate a token: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// TokenPolicy is what decides serve --http's token.
type TokenPolicy struct {
	// Token is --token (or SKILLDEX_TOKEN, or the config file's token:);
	// TokenFile is --token-file. At most one may be set.
	Token, TokenFile string
	// Scripts is --allow-scripts: agents may run skill scripts, which read
	// the files the client names through its roots.
	Scripts bool
	// Unix is true for a Unix socket listener (--http unix:PATH): only
	// users who can enter its folder can connect (Listen makes that folder
	// the user's alone).
	Unix bool
}

// ErrTwoTokens: both --token and --token-file were given.
var ErrTwoTokens = errors.New("--token and --token-file both set: give the token one way")

// ResolveToken returns the token serve --http requires and whether it
// was generated for this run. A loopback TCP port is open to every user
// of the machine, and the client names its own roots: without a token,
// another local user could have a script read the victim's files (such as
// ~/.git-credentials) and send them back. So when scripts are on, a TCP
// listener without a token gets a generated one, which the caller shows
// the user (and only the user: on standard error). A Unix socket in a
// folder only the user can enter needs none. Errors: ErrTwoTokens, and
// those of ReadTokenFile and GenerateToken.
func ResolveToken(p TokenPolicy) (token string, generated bool, err error) {
	switch {
	case p.Token != "" && p.TokenFile != "":
		return "", false, ErrTwoTokens
	case p.TokenFile != "":
		tok, err := ReadTokenFile(p.TokenFile)
		return tok, false, err
	case p.Token != "":
		return p.Token, false, nil
	case p.Scripts && !p.Unix:
		tok, err := GenerateToken()
		return tok, err == nil, err
	}
	return "", false, nil
}
