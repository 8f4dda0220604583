package PlanLint::Rules;
use strict;
use warnings;

# Each rule receives ($change, $project, $cfg) and returns a list of
# [severity, message] pairs.

sub _slurp {
    my ($path) = @_;
    open my $fh, '<', $path or return undef;
    local $/;
    my $s = <$fh>;
    close $fh;
    return $s;
}

sub _disabled {
    my ($sql, $rule) = @_;
    return $sql =~ /--\s*sqitch-lint:\s*disable=[\w,-]*\b\Q$rule\E\b/;
}

sub revert_coverage {
    my ($c, $p, $cfg) = @_;
    my $deploy = _slurp("$p->{top}/deploy/$c->{file}.sql") // return ([error => "missing deploy script"]);
    my $revert = _slurp("$p->{top}/revert/$c->{file}.sql") // return ([error => "missing revert script"]);
    return () if _disabled($deploy, 'revert-coverage');
    my @out;
    while ($deploy =~ /CREATE\s+(?:UNIQUE\s+)?(TABLE|INDEX|FUNCTION|TYPE|VIEW|SEQUENCE)\s+(?:IF\s+NOT\s+EXISTS\s+)?(?:CONCURRENTLY\s+)?([\w."]+)/gi) {
        my ($kind, $name) = (uc $1, $2);
        (my $bare = $name) =~ s/"//g;
        push @out, [error => "deploy creates $kind $bare but revert never drops it"]
            unless $revert =~ /DROP\s+\Q$kind\E\s+(?:IF\s+EXISTS\s+)?(?:CONCURRENTLY\s+)?"?\Q$bare\E/i;
    }
    return @out;
}

sub verify_present {
    my ($c, $p) = @_;
    return -e "$p->{top}/verify/$c->{file}.sql" ? () : ([warning => "no verify script"]);
}

sub locking {
    my ($c, $p, $cfg) = @_;
    my $sql = _slurp("$p->{top}/deploy/$c->{file}.sql") // return ();
    return () if _disabled($sql, 'locking');
    my @out;
    my %large = map { $_ => 1 } @{ $cfg->{locking}{large_tables} || [] };
    my $pgv = $p->{pg_version} || $cfg->{locking}{pg_version_default};
    push @out, [warning => "CREATE INDEX without CONCURRENTLY blocks writes"]
        if $sql =~ /CREATE\s+(?:UNIQUE\s+)?INDEX\s+(?!CONCURRENTLY)/i;
    if ($pgv < 11) {
        while ($sql =~ /ALTER\s+TABLE\s+([\w.]+)\s+ADD\s+COLUMN\s+[^;]+DEFAULT/gi) {
            push @out, [warning => "ADD COLUMN ... DEFAULT rewrites $1 on PG $pgv"] if $large{$1};
        }
    }
    push @out, [warning => "ALTER TYPE ... ADD VALUE cannot run inside a transaction block"]
        if $sql =~ /ALTER\s+TYPE\s+\S+\s+ADD\s+VALUE/i && $sql =~ /\bBEGIN\s*;/i;
    return @out;
}

sub dependency_cycle {
    my ($c, $p) = @_;
    my (%seen, @stack);
    my $visit;
    $visit = sub {
        my ($n) = @_;
        return 1 if grep { $_ eq $n } @stack;
        return 0 if $seen{$n}++;
        push @stack, $n;
        for my $d (@{ $p->{deps}{$n} || [] }) { return 1 if $visit->($d) }
        pop @stack;
        return 0;
    };
    return $visit->($c->{name}) ? ([error => "dependency cycle through " . join(' -> ', @stack)]) : ();
}

sub unknown_dependency {
    my ($c, $p) = @_;
    return map { [error => "requires unknown change $_"] }
        grep { my $d = $_; $d =~ s/@.*//; !$p->{by_name}{$d} } @{ $c->{requires} };
}

sub rework_tags {
    my ($c, $p) = @_;
    return () unless $c->{reworked};
    return -e "$p->{top}/deploy/$c->{name}\@$c->{reworked}.sql" ? () : ([warning => "reworked change has no \@$c->{reworked} copy"]);
}

our %RULES = (
    'revert-coverage'    => \&revert_coverage,
    'verify-present'     => \&verify_present,
    'locking'            => \&locking,
    'dependency-cycle'   => \&dependency_cycle,
    'unknown-dependency' => \&unknown_dependency,
    'rework-tags'        => \&rework_tags,
);

1;
