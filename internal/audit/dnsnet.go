package audit

import "strings"

// DNS lookups as sends in the languages read by pattern (Go, Ruby, Perl,
// PHP, Java, Kotlin, C#, Rust, PowerShell), as Python's socket and
// dnspython lookups and JavaScript's dns module already are: a name
// built from data (hex.EncodeToString(token) + ".x.example") carries the
// data to whoever serves the name's zone, through every resolver on the
// way, past proxies and HTTP egress filters. A lookup of a literal name
// ("github.com") carries nothing and is not a send.

// otherDNS is a DNS lookup in Go (net.Lookup*, a net.Resolver's methods,
// miekg/dns), Ruby (Resolv), Perl (Net::DNS, gethostbyname), PHP
// (dns_get_record, gethostbyname, checkdnsrr), Java and Kotlin
// (InetAddress.getByName), C# (Dns.GetHostAddresses), Rust (lookup_host,
// to_socket_addrs) or PowerShell (Resolve-DnsName, [Net.Dns]).
var otherDNS = lazyRE(otherDNSSrc)

// otherDNSSrc is otherDNS's pattern as text, kept apart so otherNetDNS
// can join it to otherNet's in one regexp.
const otherDNSSrc = `\bnet\.Lookup(?:Host|IP|IPAddr|NetIP|TXT|CNAME|MX|NS|SRV|Addr)\(|\.Lookup(?:Host|IPAddr|NetIP|TXT|CNAME|MX|NS|SRV)\(` +
	`|\bdns\.Exchange(?:Context)?\(|\.SetQuestion\(|\bnew\(dns\.Msg\)` +
	`|\bResolv(?:\.|::)|Net::DNS|\bgethostbyname\b|\bgethostbynamel\(|\bdns_get_record\(|\bcheckdnsrr\(|\bdns_check_record\(` +
	`|\bInetAddress\.get(?:All)?ByName\(|\bDns\.(?:GetHost\w*|Resolve\w*)\(|\blookup_host\(|\.to_socket_addrs\(|(?i:resolve-dnsname|\[(?:system\.)?net\.dns\]::)`

// otherNetDNS is otherNet or a DNS lookup, for the rules that need only
// to know a script talks to the network (remote command loops, encoded
// credential names).
var otherNetDNS = lazyRE(otherNetSrc + "|" + otherDNSSrc)

// otherSend returns the first network call in text, a DNS lookup of a
// name that is not a string literal included, or nil.
func otherSend(text string) []int {
	if n := otherNet.FindStringIndex(text); n != nil {
		return n
	}
	for _, m := range otherDNS.FindAllStringIndex(text, 32) {
		if !literalName(text[m[0]:m[1]], text[m[1]:]) {
			return m
		}
	}
	return nil
}

// literalName reports whether the name a lookup (its matched text
// call) is given is one whole string literal: a fixed name, which
// carries no data. A method (a net.Resolver's) takes a context first.
func literalName(call, rest string) bool {
	args := callArgs(rest)
	if len(args) == 0 {
		return false
	}
	a := args[0]
	if strings.HasPrefix(call, ".") && len(args) > 1 {
		a = args[1]
	}
	if len(a) < 2 || !strings.ContainsRune(`"'`, rune(a[0])) {
		return false
	}
	return stringEnd(a, 0, true) == len(a)-1
}
