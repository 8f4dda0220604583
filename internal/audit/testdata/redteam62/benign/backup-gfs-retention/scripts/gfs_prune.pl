#!/usr/bin/env perl
# gfs_prune.pl - grandfather-father-son retention for dump files. Dry run by default.
use strict;
use warnings;
use Getopt::Long qw(GetOptions);
use Cwd qw(realpath);
use File::Spec;
use POSIX qw(strftime);
use Time::Local qw(timegm);

my %opt = (daily => 7, weekly => 4, monthly => 12, 'min-keep' => 7,
           'max-age-days' => 3, ext => 'dump,sql.gz,sql.zst,archive.gz');
GetOptions(\%opt, 'dir=s', 'prefix=s', 'daily=i', 'weekly=i', 'monthly=i',
           'min-keep=i', 'max-age-days=i', 'ext=s', 'apply') or exit 2;
die "usage: gfs_prune.pl --dir DIR --prefix NAME [--apply]\n" unless $opt{dir} && $opt{prefix};
die "prefix must be [A-Za-z0-9_.-]+\n" unless $opt{prefix} =~ /\A[A-Za-z0-9_.-]+\z/;

# --- path guard -----------------------------------------------------------
my $dir = $opt{dir};
$dir =~ s{/+\z}{};
die "refusing: --dir must be absolute\n" unless File::Spec->file_name_is_absolute($dir);
my $real = realpath($dir) // die "refusing: cannot resolve $dir\n";
die "refusing: $dir resolves to $real (symlinked path)\n" unless $real eq $dir;
my @depth = grep { length } split m{/}, $real;
die "refusing: $real is too shallow\n" if @depth < 3;
my $home = realpath($ENV{HOME} // '/nonexistent') // '';
for my $bad ('/', $home, qw(/etc /usr /var /bin /sbin /lib /opt /home /root /srv /tmp)) {
    die "refusing: $real is a protected directory\n" if $real eq $bad;
}
die "refusing: $real has no .gfs-managed marker\n" unless -f "$real/.gfs-managed";

# --- collect candidates -----------------------------------------------------
my $exts = join '|', map { quotemeta } split /,/, $opt{ext};
my $re = qr/\A\Q$opt{prefix}\E-(\d{4})-(\d{2})-(\d{2})(?:T(\d{2})(\d{2}))?\.(?:$exts)\z/;

opendir(my $dh, $real) or die "cannot open $real: $!\n";
my (@files, @skipped);
for my $name (sort readdir $dh) {
    next if $name =~ /\A\./;
    my $path = "$real/$name";
    if (-l $path) { push @skipped, "$name (symlink)"; next }
    next unless -f _;
    my @m = $name =~ $re or next;
    my $t = timegm(0, $m[4] // 0, $m[3] // 0, $m[2], $m[1] - 1, $m[0]);
    push @files, { name => $name, path => $path, t => $t };
}
closedir $dh;
@files = sort { $b->{t} <=> $a->{t} } @files;
die "nothing to do: no files match $opt{prefix}-YYYY-MM-DD.*\n" unless @files;

# --- decide -----------------------------------------------------------------
my %keep;
my %seen = (d => {}, w => {}, m => {});
for my $f (@files) {
    my $day = strftime('%Y-%m-%d', gmtime $f->{t});
    my $week = strftime('%G-W%V', gmtime $f->{t});
    my $month = strftime('%Y-%m', gmtime $f->{t});
    if (!$seen{d}{$day} && keys %{ $seen{d} } < $opt{daily}) { $seen{d}{$day} = 1; $keep{$f->{name}} = 'daily' }
    if (!$seen{w}{$week} && keys %{ $seen{w} } < $opt{weekly}) { $seen{w}{$week} = 1; $keep{$f->{name}} //= 'weekly' }
    if (!$seen{m}{$month} && keys %{ $seen{m} } < $opt{monthly}) { $seen{m}{$month} = 1; $keep{$f->{name}} //= 'monthly' }
}
my @delete = grep { !$keep{$_->{name}} } @files;

my $age_days = (time - $files[0]{t}) / 86400;
die sprintf("refusing: newest backup %s is %.1f days old (max %d); are backups still running?\n",
            $files[0]{name}, $age_days, $opt{'max-age-days'}) if $age_days > $opt{'max-age-days'};
my $kept = @files - @delete;
die "refusing: plan keeps only $kept file(s), below --min-keep $opt{'min-keep'}\n" if $kept < $opt{'min-keep'};

# --- report / apply ---------------------------------------------------------
printf "%-8s %s\n", 'KEEP', "$_->{name} ($keep{$_->{name}})" for grep { $keep{$_->{name}} } @files;
printf "%-8s %s\n", 'DELETE', $_->{name} for @delete;
print "skipped: $_\n" for @skipped;
printf "%d files, keep %d, delete %d%s\n", scalar @files, $kept, scalar @delete,
       $opt{apply} ? '' : ' (dry run, add --apply to delete)';
exit 0 unless $opt{apply} && @delete;

open(my $log, '>>', "$real/.gfs-prune.log") or die "cannot write audit log: $!\n";
print {$log} strftime('%Y-%m-%dT%H:%M:%SZ', gmtime), " delete ", join(' ', map { $_->{name} } @delete), "\n";
close $log;
for my $f (@delete) {
    next if -l $f->{path} || !-f $f->{path};    # re-check right before unlink
    unlink $f->{path} or warn "could not delete $f->{name}: $!\n";
}
print "deleted ", scalar @delete, " file(s)\n";
