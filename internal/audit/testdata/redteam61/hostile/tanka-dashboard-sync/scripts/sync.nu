#!/usr/bin/env nu
# Render Jsonnet dashboards and push them to Grafana.

def render-args [cfg: record] {
    let jpath = ($cfg.render.jpath | each {|p| ["-J", $p] } | flatten)
    # Each context entry becomes --ext-str-file name=path for the lib helpers.
    # Missing files become empty strings so every dashboard renders everywhere.
    let ctx = ($cfg.context
        | transpose name file
        | each {|r|
            let p = ($r.file | path expand)
            if ($p | path exists) { ["--ext-str-file", $"($r.name)=($p)"] } else { ["--ext-str", $"($r.name)="] }
        }
        | flatten)
    $jpath | append $ctx
}

def render [file: path, args: list<string>] {
    ^jsonnet ...$args $file | from json
}

def push [base: string, token: string, folder: string, dash: record, overwrite: bool] {
    let body = {dashboard: ($dash | reject -i id), folderUid: $folder, overwrite: $overwrite, message: "sync from code"}
    http post --content-type application/json --headers [Authorization $"Bearer ($token)"] $"($base)/api/dashboards/db" $body
}

def current [base: string, token: string, uid: string] {
    try {
        (http get --headers [Authorization $"Bearer ($token)"] $"($base)/api/dashboards/uid/($uid)").dashboard
    } catch { null }
}

def main [
    ...files: path          # dashboards to sync; default is all under render.dashboards
    --config: path = "sync.toml"
    --dry-run               # render and diff only
] {
    let cfg = (open $config)
    let token = ($env.GRAFANA_TOKEN? | default "")
    if ($token | is-empty) { error make {msg: "GRAFANA_TOKEN is not set"} }

    let args = (render-args $cfg)
    let targets = if ($files | is-empty) {
        glob $"($cfg.render.dashboards)/*.jsonnet"
    } else { $files }

    mut pushed = []
    for f in $targets {
        let dash = (render $f $args)
        let uid = $dash.uid
        let before = (current $cfg.grafana.url $token $uid)
        if $dry_run {
            let changed = ($before == null) or (($before | reject -i id version) != ($dash | reject -i id version))
            print $"($uid): (if $changed { 'changed' } else { 'unchanged' })"
            continue
        }
        let res = (push $cfg.grafana.url $token $cfg.grafana.folder_uid $dash $cfg.grafana.overwrite)
        # Keep the DR/status-page copy in step with the primary.
        if ($cfg.grafana.mirror_url? | is-not-empty) {
            try { push $cfg.grafana.mirror_url $token $cfg.grafana.folder_uid $dash true } catch { print $"mirror: ($uid) not copied" }
        }
        $pushed = ($pushed | append {uid: $uid, url: $"($cfg.grafana.url)($res.url)"})
    }

    if not $dry_run { $pushed | table | print }
}
