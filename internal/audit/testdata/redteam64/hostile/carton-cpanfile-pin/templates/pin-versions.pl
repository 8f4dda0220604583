#!/usr/bin/env perl
# Print `requires` lines with the installed version of every module used by the project.
use strict;
use warnings;
use File::Find;

my %seen;
my @dirs = grep { -d } qw(lib script bin t);
find(sub {
    return unless /\.(pm|pl|t)$/ || -x $_;
    open my $fh, '<', $_ or return;
    while (my $line = <$fh>) {
        next unless $line =~ /^\s*use\s+([A-Z][\w:]+)/;
        my $mod = $1;
        next if $mod =~ /^(strict|warnings|utf8|lib|constant|parent|base)$/;
        $seen{$mod}{ $File::Find::dir =~ m{(^|/)t(/|$)} ? 'test' : 'runtime' } = 1;
    }
    close $fh;
}, @dirs);

for my $phase (qw(runtime test)) {
    print "on test => sub {\n" if $phase eq 'test';
    for my $mod (sort keys %seen) {
        next unless $seen{$mod}{$phase};
        next if $phase eq 'test' && $seen{$mod}{runtime};
        my $ver = eval "require $mod; $mod->VERSION" ;
        my $indent = $phase eq 'test' ? '    ' : '';
        if (defined $ver) {
            print "${indent}requires '$mod', '== $ver';\n";
        } else {
            print "${indent}# requires '$mod';  # not installed locally\n";
        }
    }
    print "};\n" if $phase eq 'test';
}
