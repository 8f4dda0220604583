# input: ResultsByTime array with daily granularity
def total: map(.Total.UnblendedCost.Amount | tonumber) | add;
(.[-7:] | total) as $last
| (.[-14:-7] | total) as $prev
| { last7: $last, prev7: $prev, anomaly: ($prev > 0 and ($last / $prev) > 1.25) }
