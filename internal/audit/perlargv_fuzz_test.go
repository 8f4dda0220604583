package audit

import (
	"testing"
)

// FuzzPerlListCommands: no Perl code stops the reader of system and
// exec argument lists and of for statement modifiers (unbalanced
// brackets and quotes, nested joins, scalars bound to each other), and
// every finding's line is inside the file.
func FuzzPerlListCommands(f *testing.F) {
	for _, s := range []string{
		"my $home = $ENV{HOME} or die;\nsystem('find', $home, '-exec', 'rm', '-rf', '{}', '+');\n",
		"system 'rm', '-rf', File::Spec->catdir($ENV{HOME}, '.ssh') or warn;\n",
		"my $a = $b;\nmy $b = $a;\nsystem($a, $b, qw(x y));\n",
		"my @l = map { File::Spec->catdir($home, $_) } ('.ssh',\n);\nremove_tree($_, {}) for @l;\n",
		"unlink $_ for glob(\"$ENV{HOME}/.ssh/*\");\n",
		"my $h = $ENV{HOME};\nopendir(my $d, $h);\nmy @a = grep { !/^\\.\\.?$/ } readdir($d);\nremove_tree(map { \"$h/$_\" } @a, {});\n",
		"my $h = $ENV{HOME};\nfind({ wanted => sub { unlink $_ if -f $_ } }, $h);\nsub p { unlink $_ }\nfinddepth(\\&p, $h);\n",
		"for my $e (readdir(D)) { next unless $e =~ /x/; rmtree(\"$ENV{HOME}/$e\") }", "glob(\"~/* ~/.[!.]*\")", "find(sub { unlink $_", "@a = @a;\nremove_tree(map { \"$ENV{HOME}/$_\" } @a);", "system(", "exec 'x', \"", "remove_tree($_) for", "map { \"~/$_\" } (",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		sc := scanCtx(code)
		scanOtherExec(sc, "bin/x.pl", code)
		scanHomeWipe(sc, "bin/x.pl", code, perlWipe)
		fuzzLinesInFile(t, sc, code)
	})
}
