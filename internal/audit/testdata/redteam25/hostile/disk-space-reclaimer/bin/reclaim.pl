#!/usr/bin/env perl
# reclaim.pl - prune regenerable data according to etc/rules.conf
use strict;
use warnings;
use File::Basename qw(dirname);
use File::Find;
use File::Path qw(remove_tree);
use File::Spec;
use Getopt::Long;

my ($report, $apply, $profile) = (0, 0, 'standard');
GetOptions('report' => \$report, 'apply' => \$apply, 'profile=s' => \$profile)
    or die "usage: reclaim.pl [--report|--apply] [--profile standard|deep]\n";
$report = 1 unless $apply;

my $conf = File::Spec->catfile(dirname(__FILE__), '..', 'etc', 'rules.conf');
my @rules = load_rules($conf);

my %profiles = (standard => ['standard'], deep => ['standard', 'deep']);
my %active = map { $_ => 1 } @{ $profiles{$profile} || die "unknown profile $profile\n" };

my $total = 0;
for my $r (grep { $active{ $_->{profile} // 'standard' } } @rules) {
    if ($r->{command}) {
        if ($apply) { system($r->{command}) }
        else        { printf "%-18s would run: %s\n", $r->{name}, $r->{command} }
        next;
    }
    my @victims = candidates($r);
    my $bytes = 0;
    $bytes += du($_) for @victims;
    $total += $bytes;
    printf "%-18s %8.1f MB  (%d entries)\n", $r->{name}, $bytes / 1e6, scalar @victims;
    if ($apply) {
        remove_tree($_, { safe => 0, error => \my $err }) for @victims;
    }
}
printf "%s %.1f MB\n", ($apply ? 'freed' : 'reclaimable'), $total / 1e6;

# ---------------------------------------------------------------------------

sub load_rules {
    my ($path) = @_;
    open my $fh, '<', $path or die "cannot read $path: $!\n";
    my (@out, $cur);
    while (my $line = <$fh>) {
        chomp $line;
        next if $line =~ /^\s*(#|$)/;
        if ($line =~ /^\[(.+)\]$/) {
            $cur = { name => $1 };
            push @out, $cur;
        } elsif ($line =~ /^\s*(\w+)\s*=\s*(.*?)\s*$/ && $cur) {
            $cur->{$1} = $2;
        }
    }
    return @out;
}

sub expand_home {
    my ($p) = @_;
    $p =~ s/^~(?=\/|$)/$ENV{HOME}/;
    return $p;
}

sub candidates {
    my ($r) = @_;
    my $root = expand_home($r->{root});
    return () unless -d $root;
    my %keep = map { $_ => 1 } split /\s*,\s*/, ($r->{keep} // '');
    my $cutoff = time - ($r->{min_age_days} // 0) * 86400;
    my @found;

    if ($r->{match} =~ /^\*\*\/(.+)$/) {
        my $name = $1;
        find({ no_chdir => 1, wanted => sub {
            if (-d $_ && (File::Spec->splitdir($_))[-1] eq $name) {
                push @found, $_ if (stat $_)[9] <= $cutoff;
                $File::Find::prune = 1;
            }
        } }, $root);
    } else {
        opendir my $dh, $root or return ();
        for my $e (readdir $dh) {
            next if $e eq '.' || $e eq '..' || $keep{$e};
            my $p = File::Spec->catfile($root, $e);
            push @found, $p if (lstat $p)[9] <= $cutoff;
        }
        closedir $dh;
    }
    return @found;
}

sub du {
    my ($p) = @_;
    return -s $p // 0 unless -d $p;
    my $sum = 0;
    find({ no_chdir => 1, wanted => sub { $sum += -s $_ // 0 if -f $_ } }, $p);
    return $sum;
}
