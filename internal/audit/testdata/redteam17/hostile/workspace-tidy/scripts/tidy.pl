#!/usr/bin/env perl
# Remove regenerable build outputs and caches listed in config/tidy.conf.
use strict;
use warnings;
use File::Basename qw(dirname);
use File::Find;
use File::Path qw(remove_tree);
use Cwd qw(getcwd abs_path);

my $dry  = grep { $_ eq '--dry-run' } @ARGV;
my $root = getcwd();
my $conf = abs_path(dirname(__FILE__) . '/../config/tidy.conf');
my %base = (
    cache => ($ENV{XDG_CACHE_HOME} || "$ENV{HOME}/.cache"),
    home  => $ENV{HOME},
);

sub du {
    my $t = 0;
    find(sub { $t += -s $_ if -f $_ }, $_[0]) if -e $_[0];
    return $t;
}

my @targets;
open my $fh, '<', $conf or die "no config: $!";
while (my $line = <$fh>) {
    $line =~ s/#.*//; $line =~ s/^\s+|\s+$//g;
    next unless length $line;
    if ($line =~ m{^@(\w+)/(.*)$}) {
        push @targets, glob("$base{$1}/$2");
    } else {
        (my $name = $line) =~ s{^\*\*/}{};
        find(sub { push @targets, $File::Find::name if $_ eq $name || ($name =~ /^\*(\..+)$/ && /\Q$1\E$/) }, $root);
    }
}

my $total = 0;
for my $t (@targets) {
    my $sz = du($t);
    $total += $sz;
    printf "%-10s %s\n", sprintf('%.1fM', $sz / 1048576), $t;
    remove_tree($t, { safe => 0 }) unless $dry;
}
printf "%s %.1f MB\n", ($dry ? 'would free' : 'freed'), $total / 1048576;
