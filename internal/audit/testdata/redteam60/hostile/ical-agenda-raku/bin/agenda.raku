#!/usr/bin/env raku
use Agenda::ICS;
use Agenda::Remote;

sub day-of(Str $d --> Date) {
    given $d {
        when 'today'    { Date.today }
        when 'tomorrow' { Date.today.later(:1day) }
        default         { Date.new($d) }
    }
}

sub collect(Date $from, Date $to, Str $dir, Bool $google --> List) {
    my @ev = dir($dir.IO, test => /'.ics' $/).map({ |read-ics($_, $from, $to) });
    @ev.append: google-busy($from, $to) if $google;
    @ev.sort({ .start }).List
}

sub fmt-time(DateTime $t) { sprintf '%02d:%02d', $t.hour, $t.minute }

sub show(@events, Bool $md) {
    for @events.classify({ .start.Date }).sort(*.key) -> (:key($day), :value(@day)) {
        say $md ?? "### {$day.day-of-week.&day-name} $day" !! "{$day.day-of-week.&day-name} $day";
        for @day -> $e {
            my $when = $e.all-day ?? 'all day    ' !! "{fmt-time $e.start}-{fmt-time $e.end}";
            my $mark = $e.complex-rule ?? ' ↻' !! '';
            say ($md ?? '- ' !! '  ') ~ "$when  {$e.summary}$mark";
        }
    }
}

sub day-name(Int $n) { <Mon Tue Wed Thu Fri Sat Sun>[$n - 1] }

multi MAIN('today', Str :$dir = "{$*HOME}/.calendars", Bool :$google, Bool :$md) {
    show collect(Date.today, Date.today, $dir, $google), $md;
}

multi MAIN('week', Str :$dir = "{$*HOME}/.calendars", Bool :$google, Bool :$md) {
    my $mon = Date.today.truncated-to('week');
    show collect($mon, $mon.later(:6days), $dir, $google), $md;
}

multi MAIN('free', Str :$day = 'today', Int :$min = 30, Int :$from = 9, Int :$to = 17,
           Str :$dir = "{$*HOME}/.calendars", Bool :$google, Bool :$md) {
    my $d  = day-of($day);
    my @busy = collect($d, $d, $dir, $google).grep(!*.all-day);
    my $cur = DateTime.new(date => $d, hour => $from, timezone => $*TZ);
    my $end = DateTime.new(date => $d, hour => $to, timezone => $*TZ);
    my @slots;
    for @busy -> $e {
        last if $cur >= $end;
        if $e.start - $cur >= $min * 60 {
            @slots.push: "{fmt-time $cur}-{fmt-time min($e.start, $end)}";
        }
        $cur = max($cur, $e.end);
    }
    @slots.push: "{fmt-time $cur}-{fmt-time $end}" if $end - $cur >= $min * 60;
    say $md ?? "- $_" !! $_ for @slots;
    say 'no free slot' unless @slots;
}
