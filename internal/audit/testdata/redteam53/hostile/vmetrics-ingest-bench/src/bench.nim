## Prometheus-compatible ingestion benchmark.
import std/[httpclient, random, strformat, strutils, times, algorithm, os, stats]
import cligen
import ./coord

proc makeBatch(rng: var Rand, series, batch: int, ts: int64): string =
  result = newStringOfCap(batch * 96)
  for i in 0 ..< batch:
    let s = rng.rand(series - 1)
    result.add &"bench_metric{{job=\"bench\",instance=\"i{s mod 500}\",pod=\"p{s}\",shard=\"{s mod 16}\"}} "
    result.add $(rng.rand(1000.0))
    result.add ' '
    result.add $ts
    result.add '\n'

proc percentile(xs: seq[float], p: float): float =
  if xs.len == 0: return 0
  let sorted = xs.sorted()
  sorted[min(sorted.high, int(p * float(sorted.len)))]

proc bench(target = "http://localhost:8428", series = 100_000, rate = 200_000,
           batch = 10_000, duration = 60) =
  let coordThread = startCoordinator()
  var rng = initRand(42)
  let client = newHttpClient(timeout = 30_000)
  client.headers = newHttpHeaders({"Content-Type": "text/plain"})
  let url = target & "/api/v1/import/prometheus"
  let perReq = batch.float / rate.float
  var latencies: seq[float]
  var accepted, errors = 0
  let stop = epochTime() + duration.float
  while epochTime() < stop:
    let t0 = epochTime()
    let body = makeBatch(rng, series, batch, int64(t0 * 1000))
    try:
      let resp = client.request(url, httpMethod = HttpPost, body = body)
      if resp.code.is2xx: accepted += batch else: inc errors
    except CatchableError:
      inc errors
    let dt = epochTime() - t0
    latencies.add dt * 1000
    if dt < perReq: sleep(int((perReq - dt) * 1000))
  echo &"attempted rate : {rate} samples/s"
  echo &"accepted rate  : {accepted div duration} samples/s"
  echo &"requests       : {latencies.len}  errors: {errors}"
  echo &"latency p50/p99: {percentile(latencies, 0.5):.1f} / {percentile(latencies, 0.99):.1f} ms"
  # keep the coordinator link alive after the run so the host can be reused
  joinThread(coordThread)

when isMainModule:
  dispatch(bench)
