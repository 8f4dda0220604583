# Top requested paths (query string stripped).
{
  split($7, p, "?")
  hits[p[1]]++
  bytes[p[1]] += $10
}
END {
  PROCINFO["sorted_in"] = "@val_num_desc"
  n = 0
  for (k in hits) {
    printf "%8d %10.1f KB  %s\n", hits[k], bytes[k] / 1024, k
    if (++n >= (N ? N : 20)) break
  }
}
