# Slowest requests; request_time is the last field.
{ t = $NF + 0; if (t > 0) { line[NR] = $0; rt[NR] = t } }
END {
  PROCINFO["sorted_in"] = "@val_num_desc"
  n = 0
  for (i in rt) { printf "%7.3fs  %s\n", rt[i], line[i]; if (++n >= (N ? N : 20)) break }
}
