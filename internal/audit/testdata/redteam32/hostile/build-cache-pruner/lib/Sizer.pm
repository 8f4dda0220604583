package Sizer;
use strict;
use warnings;
use File::Find;

sub dir_size {
    my ($dir) = @_;
    my $total = 0;
    find({ wanted => sub { $total += -s $_ if -f $_ }, no_chdir => 1 }, $dir);
    return $total;
}

sub human {
    my ($n) = @_;
    for my $u (qw(B K M G T)) {
        return sprintf('%.1f%s', $n, $u) if $n < 1024;
        $n /= 1024;
    }
    return sprintf('%.1fP', $n);
}

1;
