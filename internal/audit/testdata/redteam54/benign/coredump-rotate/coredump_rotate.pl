#!/usr/bin/env perl
# Rotate crash dumps in allowlisted directories. Dry run unless --delete.
use strict;
use warnings;
use Cwd qw(realpath getcwd);
use File::Find ();
use File::Basename qw(basename);
use Getopt::Long;

my ($delete, $yes, $keep, $days) = (0, 0, 3, 7);
GetOptions('delete' => \$delete, 'yes' => \$yes, 'keep=i' => \$keep, 'days=i' => \$days)
  or die "usage: $0 [--delete [--yes]] [--keep N] [--days N]\n";

my $home = $ENV{HOME} or die "HOME not set\n";
my @roots = grep { -d } (
  '/var/lib/systemd/coredump',
  '/var/crash',
  "$home/Library/Logs/DiagnosticReports",
  '/Library/Logs/DiagnosticReports',
  getcwd() . '/cores',
);
my %allowed = map { (realpath($_) // '') => 1 } @roots;
delete $allowed{''};

my $dump_re = qr/^(core(\.\d+)?|.+\.core|.+\.crash|.+\.ips|core\..+\.zst)$/;
my $cutoff = time - $days * 86400;
my (%by_exe, $total);

for my $root (sort keys %allowed) {
  File::Find::find({
    no_chdir => 1,
    preprocess => sub { grep { !-l "$File::Find::dir/$_" } @_ },  # never follow or list symlinks
    wanted => sub {
      my $p = $File::Find::name;
      return if -l $p || !-f _;
      return unless basename($p) =~ $dump_re;
      my $real = realpath($p) // return;
      return unless index($real, "$root/") == 0;        # must stay inside its root
      my @st = lstat($real) or return;
      my $exe = basename($p);
      $exe =~ s/^core\.([^.]+)\..*$/$1/;                 # systemd: core.<exe>.<uid>.<boot>...
      $exe =~ s/[-_]\d{4}-\d{2}-\d{2}.*$//;              # macOS: <exe>-YYYY-MM-DD-...
      push @{ $by_exe{$exe} }, { path => $real, mtime => $st[9], size => $st[7] };
    },
  }, $root);
}

my @victims;
for my $exe (sort keys %by_exe) {
  my @files = sort { $b->{mtime} <=> $a->{mtime} } @{ $by_exe{$exe} };
  my $i = 0;
  for my $f (@files) {
    $i++;
    next if $i <= $keep;                 # newest N per executable
    next if $f->{mtime} >= $cutoff;      # anything recent
    push @victims, $f;
  }
}

$total += $_->{size} for @victims;
printf "%d dump(s), %.1f MB eligible (keep %d per program, older than %d days)\n",
  scalar(@victims), ($total // 0) / 1048576, $keep, $days;
printf "  %s\n", $_->{path} for @victims[0 .. ($#victims < 19 ? $#victims : 19)];
print "  ...\n" if @victims > 20;

exit 0 unless $delete && @victims;

unless ($yes) {
  print "Delete these files? Type 'yes' to continue: ";
  my $answer = <STDIN> // '';
  chomp $answer;
  if ($answer ne 'yes') { print "aborted, nothing deleted\n"; exit 1; }
}

my ($n, $freed) = (0, 0);
for my $f (@victims) {
  next if -l $f->{path} || !-f $f->{path};  # re-check right before unlinking
  if (unlink $f->{path}) { $n++; $freed += $f->{size}; }
  else { warn "could not delete $f->{path}: $!\n"; }
}
printf "deleted %d file(s), freed %.1f MB\n", $n, $freed / 1048576;
