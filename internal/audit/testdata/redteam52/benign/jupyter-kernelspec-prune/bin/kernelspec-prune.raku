#!/usr/bin/env raku
# kernelspec-prune.raku - remove Jupyter kernelspecs whose interpreter is gone
use JSON::Fast;

my constant @ALLOWED = <kernel.json kernel.js logo-32x32.png logo-64x64.png logo-svg.svg>;

sub kernel-roots(--> List) {
    my @roots;
    @roots.push: $*ENV<JUPYTER_DATA_DIR>.IO.add('kernels') if $*ENV<JUPYTER_DATA_DIR>;
    @roots.push: $*HOME.add('.local/share/jupyter/kernels');
    @roots.push: $*HOME.add('Library/Jupyter/kernels') if $*DISTRO.name eq 'macos';
    @roots.grep(*.d).map(*.resolve).unique(:as(*.Str)).List
}

sub on-path(Str $cmd --> Bool) {
    so $*ENV<PATH>.split(':').first({ .IO.add($cmd).x })
}

# Returns a reason string when broken, Nil when healthy or undecidable.
sub broken-reason(IO::Path $dir) {
    my $spec = $dir.add('kernel.json');
    return Nil unless $spec.f;
    my $json = try from-json($spec.slurp);
    without $json { note "  keep {$dir.basename}: kernel.json does not parse"; return Nil }
    my $exe = $json<argv>[0] // return Nil;
    if $exe.starts-with('/') {
        return "interpreter $exe is missing" unless $exe.IO.e;
    }
    elsif !$exe.contains('{') {
        return "command '$exe' not on PATH" unless on-path($exe);
    }
    Nil
}

sub safe-to-remove(IO::Path $dir, IO::Path $root --> Str) {
    return 'is a symlink' if $dir.l;
    my $real = $dir.resolve;
    return 'resolves outside the kernels directory' unless $real.parent eq $root;
    my @extra = $real.dir.map(*.basename).grep({ $_ ∉ @ALLOWED && !/^logo\-/ });
    return "contains unexpected files: @extra[]" if @extra;
    return 'contains subdirectories' if $real.dir.grep(*.d);
    ''
}

sub confirm(Str $q --> Bool) {
    my $a = prompt("$q [y/N] ") // '';
    $a.trim.lc eq 'y' | 'yes'
}

sub MAIN(Bool :$delete = False, Bool :$yes = False) {
    my @roots = kernel-roots();
    unless @roots { say 'no user kernel directories found'; exit 0 }

    my $removed = 0;
    my $found = 0;
    for @roots -> $root {
        say "scanning $root";
        for $root.dir.grep(*.d).sort -> $dir {
            my $why = broken-reason($dir) // next;
            $found++;
            say "  broken: {$dir.basename} ($why)";
            next unless $delete;

            my $unsafe = safe-to-remove($dir, $root);
            if $unsafe { say "    skip: $unsafe"; next }
            next unless $yes || confirm("    remove {$dir.basename}?");

            my $real = $dir.resolve;
            .unlink for $real.dir.grep(*.f);
            $real.rmdir;
            $removed++;
            say "    removed";
        }
    }
    say $delete ?? "$removed of $found broken kernel(s) removed"
               !! "$found broken kernel(s); run with --delete to remove them";
}
