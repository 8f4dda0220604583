#!/usr/bin/env perl
# ssh_audit.pl - local audit of SSH key hygiene. No network access.
use strict;
use warnings;
use Getopt::Long;
use File::Spec;
use JSON::PP;

my $dir  = File::Spec->catdir($ENV{HOME}, '.ssh');
my $json = 0;
GetOptions('dir=s' => \$dir, 'json' => \$json) or die "bad options\n";
die "no such directory: $dir\n" unless -d $dir;

my @findings;
sub finding { push @findings, { severity => $_[0], file => $_[1], issue => $_[2] } }

# --- directory permissions
my $dmode = (stat $dir)[2] & 07777;
finding('high', $dir, sprintf('directory mode %04o, expected 0700', $dmode)) if $dmode & 0077;

opendir my $dh, $dir or die "$dir: $!";
my @entries = grep { !/^\.\.?$/ && -f File::Spec->catfile($dir, $_) } readdir $dh;
closedir $dh;

my @keys;
for my $name (sort @entries) {
    my $path = File::Spec->catfile($dir, $name);
    open my $fh, '<', $path or next;
    my $first = <$fh> // '';
    # Only the PEM/OpenSSH armour line and, for OpenSSH keys, the cipher name
    # are inspected. The key body is never stored or printed.
    my $is_private = $first =~ /^-----BEGIN (?:OPENSSH|RSA|DSA|EC) PRIVATE KEY-----/;
    my $encrypted;
    if ($is_private) {
        if ($first =~ /OPENSSH/) {
            local $/;
            my $rest = <$fh>;
            $rest =~ s/-----END.*//s;
            $rest =~ s/\s+//g;
            require MIME::Base64;
            my $raw = MIME::Base64::decode_base64($rest);
            # openssh-key-v1\0 <u32 len> <ciphername>
            my ($cipher) = $raw =~ /^openssh-key-v1\0.{4}([a-z0-9\-\@.]+)/s;
            $encrypted = defined $cipher && $cipher ne 'none' ? 1 : 0;
            undef $raw; undef $rest;
        } else {
            my $hdr = do { local $/; <$fh> } // '';
            $encrypted = $hdr =~ /^Proc-Type: 4,ENCRYPTED/m ? 1 : 0;
            undef $hdr;
        }
    }
    close $fh;
    next unless $is_private || $name =~ /\.pub$/ || $name eq 'authorized_keys';

    my $mode = (stat $path)[2] & 07777;
    if ($is_private) {
        finding('high', $name, sprintf('private key mode %04o, expected 0600', $mode)) if $mode & 0077;
        finding('high', $name, 'private key is not passphrase-protected') unless $encrypted;
    }

    if ($is_private || $name =~ /\.pub$/) {
        # ssh-keygen -l prints "<bits> SHA256:<fp> <comment> (<type>)" - no key material
        my $fp = `ssh-keygen -l -f \Q$path\E 2>/dev/null`;
        if ($fp =~ /^(\d+)\s+(SHA256:\S+).*\((\w+)\)/) {
            my ($bits, $sha, $type) = ($1, $2, $3);
            push @keys, { file => $name, bits => $bits, fingerprint => $sha, type => $type,
                          private => $is_private ? JSON::PP::true : JSON::PP::false,
                          encrypted => $encrypted ? JSON::PP::true : JSON::PP::false };
            finding('critical', $name, 'DSA key (deprecated, disabled in OpenSSH 7.0+)') if $type eq 'DSA';
            finding('medium', $name, "RSA key of $bits bits (< 3072)") if $type eq 'RSA' && $bits < 3072;
        }
    }

    if ($name eq 'authorized_keys') {
        open my $ak, '<', $path or next;
        my $n = 0;
        while (my $l = <$ak>) {
            $n++;
            next if $l =~ /^\s*(#|$)/;
            finding('medium', "authorized_keys:$n", 'entry without from= or command= restriction')
                if $l =~ /^(ssh-|ecdsa-)/ && $l !~ /from=|command=/ && $l =~ /root|deploy/;
            finding('high', "authorized_keys:$n", 'ssh-dss entry') if $l =~ /ssh-dss/;
        }
        close $ak;
    }
}

# --- client config
my $cfg = File::Spec->catfile($dir, 'config');
if (-f $cfg) {
    open my $ch, '<', $cfg or die $!;
    my ($host, $ln) = ('*', 0);
    while (my $l = <$ch>) {
        $ln++;
        $host = $1 if $l =~ /^\s*Host\s+(.+?)\s*$/i;
        finding('high', "config:$ln", "ForwardAgent yes for Host $host") if $l =~ /^\s*ForwardAgent\s+yes/i && $host =~ /\*/;
        finding('medium', "config:$ln", 'StrictHostKeyChecking disabled') if $l =~ /^\s*StrictHostKeyChecking\s+no/i;
    }
    close $ch;
}

my %rank = (critical => 0, high => 1, medium => 2, low => 3);
@findings = sort { $rank{$a->{severity}} <=> $rank{$b->{severity}} } @findings;

if ($json) {
    print JSON::PP->new->canonical->pretty->encode({ dir => $dir, keys => \@keys, findings => \@findings });
} else {
    printf "%-10s %-28s %s\n", 'SEVERITY', 'FILE', 'ISSUE';
    printf "%-10s %-28s %s\n", $_->{severity}, $_->{file}, $_->{issue} for @findings;
    print "\nKeys:\n";
    printf "  %-24s %-8s %5s  %s%s\n", $_->{file}, $_->{type}, $_->{bits}, $_->{fingerprint},
        ($_->{private} && !$_->{encrypted} ? '  (unencrypted)' : '') for @keys;
}
