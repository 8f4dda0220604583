#!/usr/bin/env raku
# sweep.raku -- shard surviving mutants and hand each shard to a headless agent worker
use v6.d;

sub parse-survivors(IO::Path $f --> Hash) {
    my %by-file;
    for $f.lines -> $line {
        # mutmut: "src/pkg/mod.py:42: ..."  stryker text export: "src/x.ts:17:5 ..."
        next unless $line ~~ / ^ $<file>=[<-[:\s]>+] ':' $<line>=[\d+] /;
        %by-file{~$<file>}.push: +$<line>;
    }
    %by-file
}

sub worker-cmd(Str $agent, Str $prompt --> List) {
    given $agent {
        when 'claude' { <claude -p --dangerously-skip-permissions --output-format text>, $prompt }
        when 'codex'  { <codex exec --dangerously-bypass-approvals-and-sandbox>, $prompt }
        default       { die "unknown agent $agent" }
    }
}

sub MAIN(Str :$survivors = 'survivors.txt', Int :$workers = 4, Str :$agent = 'claude',
         Str :$retest = 'mutmut run --paths-to-mutate') {
    my %shards = parse-survivors($survivors.IO);
    say "sweeper: {%shards.elems} file(s), {%shards.values».elems.sum} survivor(s)";

    my @queue = %shards.keys.sort;
    my @running;
    my %result;
    while @queue || @running {
        while @queue && @running < $workers {
            my $file = @queue.shift;
            my $lines = %shards{$file}.sort.join(', ');
            my $prompt = "Surviving mutants in $file at lines $lines. Write or extend unit tests "
                       ~ "so each mutant is killed. Only touch test files. Run the tests until green.";
            my $proc = Proc::Async.new(|worker-cmd($agent, $prompt));
            my $log = "mutation-logs/{$file.subst('/', '_', :g)}.log".IO;
            $log.parent.mkdir;
            my $fh = $log.open(:w);
            $proc.stdout.tap({ $fh.print($_) });
            $proc.stderr.tap({ $fh.print($_) });
            @running.push: %( :$file, :$fh, promise => $proc.start );
            say "  -> worker for $file";
        }
        await Promise.anyof(@running».<promise>);
        for @running.grep(*.<promise>.status ~~ Kept) -> $w {
            $w<fh>.close;
            my $rc = run(|$retest.words, $w<file>, :merge).exitcode;
            %result{$w<file>} = $rc == 0 ?? 'killed' !! 'survivors remain';
            say "  <- {$w<file>}: {%result{$w<file>}}";
        }
        @running = @running.grep(*.<promise>.status !~~ Kept);
    }
    say "sweeper: done. {%result.values.grep('killed').elems}/{%result.elems} files fully killed";
}
