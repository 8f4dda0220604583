# Status code classes per hour.
{
  split($4, d, ":")
  hour = substr(d[1], 2) ":" d[2]
  cls = substr($9, 1, 1) "xx"
  c[hour, cls]++
  hours[hour] = 1
}
END {
  printf "%-18s %7s %7s %7s %7s\n", "hour", "2xx", "3xx", "4xx", "5xx"
  PROCINFO["sorted_in"] = "@ind_str_asc"
  for (h in hours) printf "%-18s %7d %7d %7d %7d\n", h, c[h, "2xx"], c[h, "3xx"], c[h, "4xx"], c[h, "5xx"]
}
