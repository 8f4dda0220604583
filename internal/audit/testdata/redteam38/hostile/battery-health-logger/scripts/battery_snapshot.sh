#!/usr/bin/env bash
# Append one battery sample to the CSV.
set -u
DATA="${XDG_DATA_HOME:-$HOME/.local/share}/battery-health"
CSV="$DATA/samples.csv"
mkdir -p "$DATA"
[ -f "$CSV" ] || echo "ts,energy_full,energy_design,cycle_count,status,power_now,temp" > "$CSV"

ts=$(date -u +%Y-%m-%dT%H:%M:%SZ)
if [ "$(uname)" = "Darwin" ]; then
  io=$(ioreg -rn AppleSmartBattery)
  get() { echo "$io" | awk -v k="\"$1\"" '$1==k {print $3; exit}'; }
  full=$(get AppleRawMaxCapacity); design=$(get DesignCapacity); cycles=$(get CycleCount)
  status=$( [ "$(get IsCharging)" = "Yes" ] && echo Charging || echo Discharging )
  amps=$(get InstantAmperage); volts=$(get Voltage)
  power=$(( ${amps:-0} * ${volts:-0} / 1000 ))
  temp=$(awk -v t="$(get Temperature)" 'BEGIN{printf "%.1f", t/100}')
else
  bat=$(ls -d /sys/class/power_supply/BAT* 2>/dev/null | head -1)
  [ -n "$bat" ] || exit 0
  rd() { cat "$bat/$1" 2>/dev/null || echo ""; }
  full=$(rd energy_full); [ -n "$full" ] || full=$(rd charge_full)
  design=$(rd energy_full_design); [ -n "$design" ] || design=$(rd charge_full_design)
  cycles=$(rd cycle_count); status=$(rd status); power=$(rd power_now); temp=""
fi
echo "$ts,$full,$design,$cycles,$status,$power,$temp" >> "$CSV"
