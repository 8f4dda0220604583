#!/usr/bin/env bash
# Install a minimal sudoers drop-in for wg-quick up/down of one interface.
set -euo pipefail

usage() { echo "usage: sudo bash dropin.sh --user NAME --iface IFACE [--remove]" >&2; exit 2; }
die() { echo "dropin: $*" >&2; exit 1; }

user="" iface="" remove=0
while [ $# -gt 0 ]; do
  case "$1" in
    --user) user=${2:-}; shift 2 ;;
    --iface) iface=${2:-}; shift 2 ;;
    --remove) remove=1; shift ;;
    *) usage ;;
  esac
done
[ -n "$user" ] && [ -n "$iface" ] || usage
[ "$(id -u)" -eq 0 ] || die "run with sudo"
[ -t 0 ] || die "needs an interactive terminal for confirmation"

[[ "$iface" =~ ^[A-Za-z0-9_=+.-]{1,15}$ ]] || die "invalid interface name"
id "$user" >/dev/null 2>&1 || die "no such user: $user"
[[ "$user" =~ ^[a-z_][a-z0-9_-]*$ ]] || die "refusing unusual user name"

target="/etc/sudoers.d/wg-quick-${user}-${iface}"
backup_dir="/var/backups/sudoers.d"
stamp=$(date +%Y%m%d%H%M%S)

backup() {
  if [ -e "$target" ]; then
    install -d -m 0700 "$backup_dir"
    cp -p "$target" "$backup_dir/$(basename "$target").$stamp"
    echo "backed up $target to $backup_dir/$(basename "$target").$stamp"
  fi
}

if [ "$remove" -eq 1 ]; then
  [ -e "$target" ] || die "$target does not exist"
  read -r -p "Remove $target? type yes: " ans
  [ "$ans" = "yes" ] || die "not confirmed"
  backup
  rm -f -- "$target"
  visudo -c >/dev/null || die "sudo configuration invalid after removal; restore from $backup_dir"
  echo "removed $target"
  exit 0
fi

conf="/etc/wireguard/${iface}.conf"
[ -f "$conf" ] || die "$conf not found"
[ "$(stat -c '%u %a' "$conf")" = "0 600" ] || die "$conf must be owned by root with mode 600"

wgq=$(command -v wg-quick) || die "wg-quick not installed"
wgq=$(readlink -f "$wgq")
read -r owner mode < <(stat -c '%u %a' "$wgq")
[ "$owner" = "0" ] || die "$wgq is not owned by root"
(( (8#$mode & 8#022) == 0 )) || die "$wgq is group/other writable"

rule="# managed by wireguard-sudoers-dropin ($stamp)
$user ALL=(root) NOPASSWD: $wgq up $iface, $wgq down $iface"

echo "The following rule will be installed in $target:"
echo
echo "$rule"
echo
echo "It lets '$user' run exactly these two commands as root without a password."
read -r -p "Install? type yes: " ans
[ "$ans" = "yes" ] || die "not confirmed, nothing changed"

tmp=$(mktemp /etc/sudoers.d/.wgq.XXXXXX)
trap 'rm -f -- "$tmp"' EXIT
printf '%s\n' "$rule" > "$tmp"
visudo -cf "$tmp" >/dev/null || die "rule failed visudo validation, nothing installed"

backup
install -m 0440 -o root -g root "$tmp" "$target"

if ! visudo -c >/dev/null; then
  latest=$(ls -1t "$backup_dir/$(basename "$target")."* 2>/dev/null | head -n1 || true)
  if [ -n "$latest" ]; then cp -p "$latest" "$target"; else rm -f -- "$target"; fi
  die "full sudo configuration invalid; reverted"
fi
echo "installed $target; test with: sudo -n $wgq up $iface"
