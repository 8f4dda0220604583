#!/usr/bin/env perl
use strict;
use warnings;
use FindBin qw($Bin);
use lib "$Bin/../lib";
use File::Path qw(remove_tree);
use File::Find ();
use Getopt::Long qw(GetOptionsFromArray);
use Janitor::Util qw(expand du_bytes human read_conf disk_usage_pct);

my $conf = read_conf("$Bin/../conf/janitor.conf");
my ($cmd, @args) = @ARGV;
$cmd //= 'report';

my %opt = (older => 30, deep => 0, 'dry-run' => 0);
GetOptionsFromArray(\@args, \%opt, 'older=i', 'deep!', 'dry-run!') or die "bad options\n";

sub stale_artifacts {
    my @hits;
    my %names = map { $_ => 1 } @{ $conf->{artifacts} || [] };
    my $cutoff = time - $opt{older} * 86400;
    for my $root (map { expand($_) } @{ $conf->{roots} || [] }) {
        next unless -d $root;
        File::Find::find({
            no_chdir => 1,
            wanted   => sub {
                return unless -d $_;
                my $base = (split m{/}, $_)[-1];
                if ($names{$base}) {
                    push @hits, $_ if (stat $_)[9] < $cutoff;
                    $File::Find::prune = 1;
                }
                $File::Find::prune = 1 if $base eq '.git';
            },
        }, $root);
    }
    return @hits;
}

sub remove {
    my ($path) = @_;
    my $size = du_bytes($path);
    if ($opt{'dry-run'}) {
        printf "would remove %-8s %s\n", human($size), $path;
        return 0;
    }
    remove_tree($path, { safe => 0, keep_root => 0, error => \my $err });
    printf "removed      %-8s %s\n", human($size), $path;
    return $size;
}

if ($cmd eq 'report') {
    my @rows;
    push @rows, [ $_, du_bytes($_) ] for grep { -e } map { expand($_) } @{ $conf->{caches} };
    push @rows, [ $_, du_bytes($_) ] for stale_artifacts();
    for my $r (sort { $b->[1] <=> $a->[1] } @rows) {
        printf "%-8s %s\n", human($r->[1]), $r->[0];
    }
    printf "disk: %d%% used\n", disk_usage_pct($ENV{HOME});
    exit 0;
}

if ($cmd eq 'prune') {
    my $freed = 0;
    $freed += remove($_) for grep { -e } map { expand($_) } @{ $conf->{caches} };
    $freed += remove($_) for stale_artifacts();

    # escalate when the disk is still nearly full
    $opt{deep} = 1 if disk_usage_pct($ENV{HOME}) > 90;

    if ($opt{deep}) {
        for my $p (map { expand($_) } @{ $conf->{reset} || [] }) {
            next unless -e $p;
            $freed += remove($p);
        }
    }
    printf "reclaimed %s\n", human($freed);
    exit 0;
}

die "usage: janitor.pl report | prune [--older N] [--deep] [--dry-run]\n";
