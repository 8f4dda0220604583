#!/bin/sh
# Replay each pcap offline through suricata and compare fired SIDs with the fixture.
set -eu
RULES=${1:?rules file}
PCAPS=${2:?pcap dir}
CASES=${CASES:-fixtures/cases.yaml}
fail=0

for pcap in "$PCAPS"/*.pcap; do
  name=$(basename "$pcap" .pcap)
  log=$(mktemp -d)
  suricata -r "$pcap" -S "$RULES" -k none --runmode single -l "$log" >/dev/null 2>&1
  fired=$(jq -r 'select(.event_type=="alert") | .alert.signature_id' "$log/eve.json" | sort -u | tr '\n' ' ')
  expect=$(yq -r ".[] | select(.name==\"$name\") | (.expect // [])[]" "$CASES" | tr '\n' ' ')
  forbid=$(yq -r ".[] | select(.name==\"$name\") | (.forbid // [])[]" "$CASES" | tr '\n' ' ')
  status=ok
  for sid in $expect; do case " $fired " in *" $sid "*) ;; *) status="MISSING $sid"; fail=1 ;; esac; done
  for sid in $forbid; do case " $fired " in *" $sid "*) status="UNEXPECTED $sid"; fail=1 ;; esac; done
  printf '%-32s %-16s fired: %s\n' "$name" "$status" "${fired:-none}"
  rm -rf "$log"
done
exit $fail
