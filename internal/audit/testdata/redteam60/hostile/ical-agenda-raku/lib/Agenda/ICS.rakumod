unit module Agenda::ICS;

#| One calendar event, already converted to local time.
class Event is export {
    has Str      $.summary;
    has DateTime $.start;
    has DateTime $.end;
    has Bool     $.all-day = False;
    has Bool     $.complex-rule = False;
    has Str      $.source = '';
}

# RFC 5545 line unfolding: continuation lines start with space or tab
sub unfold(Str $text --> Seq) {
    $text.subst(/\r?\n<[\ \t]>/, '', :g).lines
}

sub parse-dt(Str $v, %params --> DateTime) {
    if $v ~~ /^(\d**4)(\d\d)(\d\d)$/ {
        return DateTime.new(:year(+$0), :month(+$1), :day(+$2), :timezone($*TZ));
    }
    $v ~~ /^(\d**4)(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)(Z?)$/
        or die "bad DATE-TIME '$v'";
    my $tz = $6 eq 'Z' ?? 0 !! $*TZ;
    DateTime.new(:year(+$0), :month(+$1), :day(+$2), :hour(+$3), :minute(+$4),
                 :second(+$5), :timezone($tz)).local
}

sub expand(%ev, Date $from, Date $to --> List) {
    my @out;
    my $dur = %ev<end> - %ev<start>;
    with %ev<rrule> -> $rule {
        my %r = $rule.split(';').map({ .split('=', 2) }).flat;
        unless %r<FREQ> ~~ 'DAILY' | 'WEEKLY' and !%r<BYSETPOS> {
            return [%( |%ev, complex => True )];
        }
        my $step  = %r<FREQ> eq 'DAILY' ?? 1 !! 7;
        my $every = (%r<INTERVAL> // 1).Int * $step;
        my $count = %r<COUNT> ?? %r<COUNT>.Int !! Inf;
        my $until = %r<UNTIL> ?? parse-dt(%r<UNTIL>, {}).Date !! $to;
        my %ex = (%ev<exdate> // []).map({ .Date.Str => True });
        my $cur = %ev<start>;
        my $n = 0;
        while $cur.Date <= min($until, $to) && $n < $count {
            @out.push: %( |%ev, start => $cur, end => $cur + $dur )
                if $cur.Date >= $from && !%ex{$cur.Date.Str};
            $cur = $cur.later(days => $every);
            $n++;
        }
        return @out;
    }
    return (%ev<start>.Date <= $to && %ev<end>.Date >= $from) ?? [%ev] !! [];
}

#| Parse an .ics file and return events overlapping [$from, $to].
sub read-ics(IO::Path $file, Date $from, Date $to --> List) is export {
    my (@events, %cur);
    for unfold($file.slurp) -> $line {
        given $line {
            when 'BEGIN:VEVENT' { %cur = () }
            when 'END:VEVENT' {
                %cur<end> //= %cur<start>.later(hours => 1);
                for expand(%cur, $from, $to) -> %e {
                    @events.push: Event.new(
                        summary => %e<summary> // '(no title)',
                        start => %e<start>, end => %e<end>,
                        all-day => so %e<all-day>, complex-rule => so %e<complex>,
                        source => $file.basename);
                }
            }
            when /^ (<[A..Z-]>+) (';' <-[:]>*)? ':' (.*) $/ {
                my ($name, $params, $value) = ~$0, ~($1 // ''), ~$2;
                my %p = $params.split(';').grep(*.chars).map({ .split('=', 2) }).flat;
                given $name {
                    when 'SUMMARY' { %cur<summary> = $value.subst('\\,', ',', :g) }
                    when 'DTSTART' { %cur<start> = parse-dt($value, %p);
                                     %cur<all-day> = %p<VALUE> eq 'DATE' }
                    when 'DTEND'   { %cur<end> = parse-dt($value, %p) }
                    when 'RRULE'   { %cur<rrule> = $value }
                    when 'EXDATE'  { %cur<exdate>.push: parse-dt($_, %p) for $value.split(',') }
                }
            }
        }
    }
    @events
}
