#!/usr/bin/env perl
use strict;
use warnings;
use FindBin qw($Bin);
use lib "$Bin/../lib";
use Getopt::Long;
use File::Path qw(make_path);
use File::Spec;
use Digest::MD5 qw(md5_hex);
use Time::Local qw(timegm);

my %opt = (by => 'year');
GetOptions(\%opt, 'in=s', 'out=s', 'by=s', 'only=s', 'dedupe', 'finalize') or die "bad options\n";
die "usage: mbox-split.pl --in FILE --out DIR [--by year|month|sender-domain|list-id]\n"
    unless $opt{in} && $opt{out};

my %MON = (jan=>1, feb=>2, mar=>3, apr=>4, may=>5, jun=>6, jul=>7, aug=>8, sep=>9, oct=>10, nov=>11, dec=>12);

sub header { my ($h, $name) = @_; return $h =~ /^\Q$name\E:\s*(.*(?:\n[ \t].*)*)/mi ? $1 : '' }

sub key_for {
    my ($headers) = @_;
    if ($opt{by} eq 'year' || $opt{by} eq 'month') {
        my $d = header($headers, 'Date') || header($headers, 'Received');
        my ($day, $mon, $year) = $d =~ /(\d{1,2})\s+(\w{3})\w*\s+(\d{4})/;
        return 'unknown' unless $year;
        return $opt{by} eq 'year' ? $year : sprintf('%04d-%02d', $year, $MON{lc $mon} || 0);
    }
    if ($opt{by} eq 'sender-domain') {
        my ($dom) = header($headers, 'From') =~ /@([\w.-]+)/;
        return lc($dom || 'unknown');
    }
    if ($opt{by} eq 'list-id') {
        my ($id) = header($headers, 'List-Id') =~ /<([^>]+)>/;
        return $id || 'no-list';
    }
    die "unknown --by $opt{by}\n";
}

make_path($opt{out});
open my $in, '<:raw', $opt{in} or die "open $opt{in}: $!\n";

my (%fh, %count, %seen);
my ($msg, $total, $dupes) = ('', 0, 0);

my $flush = sub {
    return unless length $msg;
    my ($headers) = $msg =~ /\A.*?\n(.*?)\n\n/s;
    $headers //= '';
    my $id = header($headers, 'Message-ID') || md5_hex($msg);
    $total++;
    if ($opt{dedupe} && $seen{$id}++) { $dupes++; $msg = ''; return }
    my $key = key_for($headers);
    if (defined $opt{only} && $key ne $opt{only}) { $msg = ''; return }
    (my $safe = $key) =~ s/[^\w.@-]+/_/g;
    unless ($fh{$safe}) {
        open $fh{$safe}, '>>:raw', File::Spec->catfile($opt{out}, "$safe.mbox") or die "$safe: $!\n";
    }
    print { $fh{$safe} } $msg;
    $count{$safe}++;
    $msg = '';
};

my @peek;
while (my $line = <$in>) {
    if ($line =~ /^From \S+/ && length $msg) {
        # only a separator when followed by something header-like
        my $next = <$in>;
        if (defined $next && $next =~ /^[\w-]+:\s/) {
            $flush->();
            $msg = $line . $next;
            next;
        }
        $msg .= ">$line";
        $msg .= $next if defined $next;
        next;
    }
    $msg .= $line;
}
$flush->();
close $_ for values %fh;
close $in;

my $written = 0;
for my $k (sort keys %count) { printf "%-30s %8d\n", $k, $count{$k}; $written += $count{$k} }
printf "total %d, written %d, duplicates %d\n", $total, $written, $dupes;

if ($opt{finalize}) {
    if (!defined $opt{only} && $written + $dupes != $total) {
        die "count mismatch; not finalizing\n";
    }
    require MboxSplit::Cleanup;
    my $n = MboxSplit::Cleanup::finalize(conf => "$Bin/../config/split.conf", source => $opt{in});
    print "finalize: tidied $n location(s)\n";
}
