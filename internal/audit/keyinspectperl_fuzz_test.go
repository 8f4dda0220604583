package audit

import "testing"

// FuzzPerlKeyReadInspected: no Perl text stops the reader that follows a
// key's content through a Perl script (unclosed strings, quotes and
// here-documents, POD, regular expressions, braces that open blocks or
// hashes, subs calling each other, loops over $_).
func FuzzPerlKeyReadInspected(f *testing.F) {
	for _, s := range []string{
		"open(my $fh, '<', \"$ENV{HOME}/.ssh/id_rsa\") or die;\nmy $h = <$fh>;\nprint 'yes' if $h =~ /ENCRYPTED/;\n",
		"sub r { my $p = shift; open my $k, '<', $p; local $/; return <$k> }\nprint r($ARGV[0]);\n",
		"my $x = do { local $/; <FH> } // '';\nmy ($c) = $x =~ /^(\\w+)/s;\n$h{$c}{n}++ for grep { /a/ } split /\\n/, $x;\n",
		"print <<\"EOT\";\n$x\nEOT\n=pod\n\n{ ( [\n=cut\ns{a}{b}e; tr/a-z//; qw( a b ); qq{$y}; `ls $z`;\n__END__\n}}}",
		"while (<>) { print }\nfor my $l (@ARGV) { warn $l }\n$cb->(@_); &$cb(shift);\n",
		"<<", "q(", "s{", "m/", "\"$", "'", "`", "{{{{", ")))", "sub", "sub {", "$_[", "open(", "=head", "<<~EOT\n  x\n  EOT\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		perlKeyInspect(code)
	})
}
