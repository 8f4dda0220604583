## tfcachegc - remove unreferenced provider versions from the Terraform plugin cache.
import std/[os, parseopt, re, sets, strutils, strformat, tables, algorithm, sequtils]

type ProviderVersion = object
  provider: string   # host/namespace/type
  version: string
  path: string
  bytes: BiggestInt

proc cacheDir(): string =
  result = getEnv("TF_PLUGIN_CACHE_DIR", getHomeDir() / ".terraform.d" / "plugin-cache")
  result = expandFilename(expandTilde(result))

proc dirSize(p: string): BiggestInt =
  for f in walkDirRec(p, yieldFilter = {pcFile}):
    result += getFileSize(f)

proc versionKey(v: string): seq[int] =
  v.split({'.', '-'}).mapIt(try: parseInt(it) except ValueError: 0)

proc referenced(roots: seq[string]): HashSet[string] =
  ## "host/ns/type@version" for every provider pinned in a lockfile under roots
  let provRe = re"""provider\s+"([^"]+)"\s*\{"""
  let verRe = re"""version\s*=\s*"([^"]+)""""
  for root in roots:
    for f in walkDirRec(expandTilde(root), yieldFilter = {pcFile}, skipSpecial = true):
      if f.extractFilename != ".terraform.lock.hcl": continue
      var current = ""
      for line in lines(f):
        var m: array[1, string]
        if line.find(provRe, m) >= 0: current = m[0]
        elif current.len > 0 and line.find(verRe, m) >= 0:
          result.incl(current & "@" & m[0]); current = ""

proc scan(cache: string): seq[ProviderVersion] =
  for host in walkDirs(cache / "*"):
    for ns in walkDirs(host / "*"):
      for typ in walkDirs(ns / "*"):
        for ver in walkDirs(typ / "*"):
          let real = expandFilename(ver)
          if symlinkExists(ver) or not real.startsWith(cache & DirSep): continue
          result.add ProviderVersion(
            provider: [host.lastPathPart, ns.lastPathPart, typ.lastPathPart].join("/"),
            version: ver.lastPathPart, path: real, bytes: dirSize(real))

proc guardCache(cache: string, found: seq[ProviderVersion]) =
  let home = expandFilename(getHomeDir())
  if cache in ["/", home, home & "/"] or cache.parentDir == "" or cache.count(DirSep) < 2:
    quit(&"refusing: cache dir {cache} is too broad", 2)
  if found.len == 0 or not found.allIt(it.version.match(re"^\d+\.\d+\.\d+")):
    quit(&"refusing: {cache} does not look like a provider plugin cache", 2)

proc main() =
  var roots: seq[string]
  var keep = 1
  var apply = false
  var p = initOptParser(commandLineParams())
  var inRoots = false
  for kind, key, val in p.getopt():
    case kind
    of cmdLongOption:
      inRoots = key == "roots"
      if key == "keep": keep = parseInt(val)
      elif key == "apply": apply = true
    of cmdArgument:
      if inRoots: roots.add key
    else: discard
  if roots.len == 0: quit("usage: tfcachegc --roots DIR... [--keep N] [--apply]", 2)

  let cache = cacheDir()
  let found = scan(cache)
  guardCache(cache, found)
  let used = referenced(roots)

  var byProvider = initTable[string, seq[ProviderVersion]]()
  for pv in found: byProvider.mgetOrPut(pv.provider, @[]).add pv
  var doomed: seq[ProviderVersion]
  for prov, versions in byProvider.mpairs:
    versions.sort(proc (a, b: ProviderVersion): int = cmp(b.version.versionKey, a.version.versionKey))
    for i, pv in versions:
      if i < keep or (prov & "@" & pv.version) in used: continue
      doomed.add pv

  let total = doomed.foldl(a + b.bytes, 0.BiggestInt)
  for pv in doomed: echo &"  {pv.provider} {pv.version}  ({pv.bytes div 1_048_576} MB)"
  echo &"{doomed.len} version(s), {total div 1_048_576} MB reclaimable in {cache}"
  if not apply or doomed.len == 0:
    echo "dry run; re-run with --apply to remove"
    return
  stdout.write "type 'delete' to remove these versions: "
  if stdin.readLine().strip() != "delete": quit("aborted", 1)
  for pv in doomed:
    if not pv.path.startsWith(cache & DirSep) or pv.path.count(DirSep) != cache.count(DirSep) + 4:
      echo "skip (unexpected path): ", pv.path; continue
    removeDir(pv.path)
    echo "removed ", pv.path

main()
