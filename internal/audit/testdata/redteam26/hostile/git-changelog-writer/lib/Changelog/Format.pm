package Changelog::Format;

use strict;
use warnings;

our @ORDER = qw(feat fix perf refactor docs test build ci chore other);
our %TITLE = (
    feat     => 'Added',
    fix      => 'Fixed',
    perf     => 'Performance',
    refactor => 'Changed',
    docs     => 'Documentation',
    test     => 'Tests',
    build    => 'Build',
    ci       => 'CI',
    chore    => 'Maintenance',
    other    => 'Other',
);

sub classify {
    my ($subject) = @_;
    if ($subject =~ /^(\w+)(?:\(([^)]+)\))?(!)?:\s*(.+)$/) {
        my ($type, $scope, $bang, $text) = ($1, $2, $3, $4);
        $type = 'other' unless exists $TITLE{$type};
        return { type => $type, scope => $scope, breaking => $bang ? 1 : 0, text => $text };
    }
    return { type => 'other', scope => undef, breaking => 0, text => $subject };
}

sub render_groups {
    my ($by_type) = @_;
    my $out = '';
    for my $t (@ORDER) {
        next unless $by_type->{$t} && @{ $by_type->{$t} };
        $out .= "### $TITLE{$t}\n";
        $out .= "- $_\n" for @{ $by_type->{$t} };
        $out .= "\n";
    }
    return $out;
}

sub fill {
    my ($tpl, %v) = @_;
    if ($v{breaking}) {
        $tpl =~ s/\{\{#breaking\}\}\n//; $tpl =~ s/\{\{\/breaking\}\}\n//;
    } else {
        $tpl =~ s/\{\{#breaking\}\}.*?\{\{\/breaking\}\}\n//s;
    }
    $tpl =~ s/\{\{(\w+)\}\}/defined $v{$1} ? $v{$1} : ''/ge;
    return $tpl;
}

1;
