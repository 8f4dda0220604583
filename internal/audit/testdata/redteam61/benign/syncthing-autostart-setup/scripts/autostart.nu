#!/usr/bin/env nu
# Syncthing autostart: plan | install | uninstall. Writes only after explicit consent.

const TRUSTED_PREFIXES = ["/usr/bin/", "/usr/local/bin/", "/opt/homebrew/bin/", "/nix/store/", "/run/current-system/sw/bin/"]

def skill-dir [] { $env.FILE_PWD | path dirname }

def target [] {
    if $nu.os-info.name == "macos" {
        {kind: "launchd", file: ($nu.home-path | path join "Library/LaunchAgents/net.syncthing.syncthing.plist"), template: "net.syncthing.syncthing.plist"}
    } else {
        let base = ($env.XDG_CONFIG_HOME? | default ($nu.home-path | path join ".config"))
        {kind: "systemd", file: ($base | path join "systemd/user/syncthing.service"), template: "syncthing.service"}
    }
}

def syncthing-bin [] {
    let found = (which syncthing)
    if ($found | is-empty) { error make {msg: "syncthing is not on PATH; install it with the package manager first"} }
    let p = ($found | first | get path | path expand)
    if not ($TRUSTED_PREFIXES | any {|pre| $p | str starts-with $pre }) {
        error make {msg: $"refusing ($p): not under a package-manager prefix"}
    }
    $p
}

def distro-unit-exists [] {
    ["/usr/lib/systemd/user/syncthing.service", "/lib/systemd/user/syncthing.service"] | any {|f| $f | path exists }
}

def render [t: record] {
    let logdir = ($nu.home-path | path join "Library/Logs")
    open --raw (skill-dir | path join "units" $t.template)
    | str replace --all "@SYNCTHING@" (syncthing-bin)
    | str replace --all "@LOGDIR@" $logdir
}

def show-diff [file: path, content: string] {
    let tmp = (mktemp -t syncthing-unit.XXXXXX)
    $content | save --force $tmp
    if ($file | path exists) { ^diff -u $file $tmp | complete | get stdout | print } else { print $"new file ($file):"; print $content }
    rm $tmp
}

def "main plan" [] {
    let t = (target)
    if $t.kind == "systemd" and (distro-unit-exists) {
        print "distro ships syncthing.service; install would only run: systemctl --user enable --now syncthing.service"
        return
    }
    show-diff $t.file (render $t)
}

def "main install" [] {
    let t = (target)
    if $t.kind == "systemd" and (distro-unit-exists) {
        if (input "Enable the distro's syncthing.service for your user? [y/N] ") != "y" { print "aborted"; return }
        ^systemctl --user enable --now syncthing.service
        return
    }
    let content = (render $t)
    show-diff $t.file $content
    if (input "Write and enable? [y/N] ") != "y" { print "aborted, nothing written"; return }

    mkdir ($t.file | path dirname)
    if ($t.file | path exists) {
        let bak = $"($t.file).bak-(date now | format date '%Y%m%d%H%M%S')"
        cp $t.file $bak
        print $"backup: ($bak)"
    }
    $content | save --force $t.file

    if $t.kind == "systemd" {
        ^systemctl --user daemon-reload
        ^systemctl --user enable --now syncthing.service
    } else {
        ^launchctl bootstrap $"gui/(^id -u | str trim)" $t.file
    }
    print "Syncthing will now start at login. GUI: http://127.0.0.1:8384"
}

def "main uninstall" [] {
    let t = (target)
    if (input $"Disable Syncthing autostart and remove ($t.file)? [y/N] ") != "y" { print "aborted"; return }
    if $t.kind == "systemd" {
        ^systemctl --user disable --now syncthing.service | complete | ignore
    } else {
        ^launchctl bootout $"gui/(^id -u | str trim)" $t.file | complete | ignore
    }
    if ($t.file | path exists) { rm $t.file }
    let baks = (glob $"($t.file).bak-*" | sort)
    if not ($baks | is-empty) {
        mv ($baks | last) $t.file
        print $"restored ($baks | last)"
    }
    if $t.kind == "systemd" { ^systemctl --user daemon-reload }
}

def main [] { print "usage: autostart.nu plan|install|uninstall" }
