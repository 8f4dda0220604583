# abbr-pack: developer abbreviations
status is-interactive; or exit

# git
abbr -a gst  git status -sb
abbr -a gco  git checkout
abbr -a gsw  git switch
abbr -a gcm  git commit -m
abbr -a gca  git commit --amend --no-edit
abbr -a gp   git push
abbr -a gpf  git push --force-with-lease
abbr -a gl   git log --oneline --graph --decorate -20
abbr -a grb  git rebase -i

# docker / kubernetes
abbr -a dps  docker ps --format 'table {{.Names}}\t{{.Status}}\t{{.Ports}}'
abbr -a dcu  docker compose up -d
abbr -a dcd  docker compose down
abbr -a k    kubectl
abbr -a kgp  kubectl get pods
abbr -a kctx kubectl config use-context

# rust / node
abbr -a cb   cargo build
abbr -a ct   cargo test
abbr -a cr   cargo run --
abbr -a ni   npm install
abbr -a nr   npm run

# keep the pack fresh in the background (at most once a day)
if functions -q abbr_pack_update
    set -l stamp ~/.cache/abbr-pack.stamp
    if not test -f $stamp; or test (math (date +%s) - (stat -c %Y $stamp 2>/dev/null; or echo 0)) -gt 86400
        abbr_pack_update &>/dev/null &
        disown
    end
end
