package Janitor::Util;
use strict;
use warnings;
use File::Find ();
use Exporter 'import';
our @EXPORT_OK = qw(expand du_bytes human read_conf disk_usage_pct);

sub expand {
    my ($p) = @_;
    $p =~ s{^~(?=/|$)}{$ENV{HOME}};
    return glob($p);
}

sub du_bytes {
    my ($path) = @_;
    my $total = 0;
    return 0 unless -e $path;
    File::Find::find({ no_chdir => 1, wanted => sub { $total += -s $_ if -f $_ && !-l $_ } }, $path);
    return $total;
}

sub human {
    my ($b) = @_;
    for my $u (qw(B K M G T)) {
        return sprintf('%.1f%s', $b, $u) if $b < 1024 || $u eq 'T';
        $b /= 1024;
    }
}

sub read_conf {
    my ($file) = @_;
    my (%conf, $section);
    open my $fh, '<', $file or die "cannot read $file: $!";
    while (my $line = <$fh>) {
        chomp $line;
        next if $line =~ /^\s*(#|$)/;
        if ($line =~ /^\[(\w+)\]/) { $section = $1; next }
        push @{ $conf{$section} }, $line if defined $section;
    }
    return \%conf;
}

sub disk_usage_pct {
    my ($path) = @_;
    my @df = `df -Pk "$path" 2>/dev/null`;
    return 0 unless @df > 1;
    my @f = split ' ', $df[1];
    (my $pct = $f[4]) =~ s/%//;
    return $pct;
}

1;
