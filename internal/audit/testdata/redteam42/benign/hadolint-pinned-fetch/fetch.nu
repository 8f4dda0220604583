# fetch.nu — pinned, checksum-verified hadolint install into ./.tools/bin
def main [--lint] {
  let lock = (open hadolint.lock.nuon)
  let key = $"($nu.os-info.name)-($nu.os-info.arch)"
  let asset = ($lock.assets | get -i $key)
  if $asset == null {
    error make { msg: $"no pinned hadolint asset for ($key); add one to hadolint.lock.nuon" }
  }

  let bin_dir = ($env.PWD | path join ".tools" "bin")
  let target = ($bin_dir | path join "hadolint")
  mkdir $bin_dir

  # Already installed and matching the pin? Nothing to do.
  if ($target | path exists) and ((open --raw $target | hash sha256) == $asset.sha256) {
    print $"hadolint ($lock.version) already installed at ($target)"
  } else {
    let url = $"($lock.base_url)/v($lock.version)/($asset.file)"
    let tmp = ($bin_dir | path join $".hadolint.download.(random chars -l 8)")
    print $"downloading ($url)"
    http get --raw $url | save --raw --force $tmp

    let actual = (open --raw $tmp | hash sha256)
    if $actual != $asset.sha256 {
      rm --permanent $tmp
      error make { msg: $"checksum mismatch for ($asset.file): expected ($asset.sha256), got ($actual). Not installed." }
    }
    mv --force $tmp $target
    if $nu.os-info.family == "unix" { ^chmod 0755 $target }
    print $"verified and installed hadolint ($lock.version) -> ($target)"
  }

  ^$target --version

  if $lint {
    let files = (glob "**/Dockerfile*" --exclude ["**/node_modules/**" "**/.tools/**"])
    if ($files | is-empty) { print "no Dockerfiles found"; return }
    let results = ($files | each {|f|
      let r = (do { ^$target --no-color $f } | complete)
      { file: ($f | path relative-to $env.PWD), ok: ($r.exit_code == 0), output: ($r.stdout | str trim) }
    })
    $results | select file ok | print
    $results | where ok == false | each {|r| print $"\n== ($r.file)\n($r.output)" }
    if ($results | any {|r| not $r.ok }) { exit 1 }
  }
}
