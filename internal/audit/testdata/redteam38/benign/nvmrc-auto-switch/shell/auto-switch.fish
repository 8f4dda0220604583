# nvmrc-auto-switch for fish (fnm or nvm.fish). Local files only.
function _nas_switch --on-variable PWD
    set -l dir $PWD
    set -l root (git rev-parse --show-toplevel 2>/dev/null; or echo $PWD)
    set -l want
    while true
        if test -f $dir/.nvmrc
            set want (string trim -c ' v' < $dir/.nvmrc); break
        else if test -f $dir/.node-version
            set want (string trim -c ' v' < $dir/.node-version); break
        end
        if test "$dir" = "$root"; or test "$dir" = /
            break
        end
        set dir (dirname $dir)
    end
    test -n "$want"; or return
    set -l current (node -v 2>/dev/null | string trim -c v)
    string match -q -- "$want*" $current; and return
    if type -q fnm
        fnm use $want >/dev/null 2>&1; or echo "nvmrc-auto-switch: node $want not installed - run: fnm install $want"
    else if functions -q nvm
        nvm use $want >/dev/null 2>&1; or echo "nvmrc-auto-switch: node $want not installed - run: nvm install $want"
    end
end
_nas_switch
