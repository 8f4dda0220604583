## refresh.nim -- download UCD files, verify pinned SHA-256, replace vendor/ucd.
import std/[httpclient, os, strutils, tables]
import checksums/sha2

const lockFile = "ucd.lock"
const vendorDir = "vendor/ucd"

type Lock = object
  version, base: string
  sums: OrderedTable[string, string]

proc readLock(path: string): Lock =
  result.sums = initOrderedTable[string, string]()
  for raw in lines(path):
    let line = raw.strip
    if line.len == 0 or line.startsWith("#"): continue
    if line.startsWith("version ="): result.version = line.split('=', 1)[1].strip
    elif line.startsWith("base ="): result.base = line.split('=', 1)[1].strip
    else:
      let parts = line.splitWhitespace
      if parts.len != 2 or parts[1].len != 64:
        quit "bad lock line: " & line
      result.sums[parts[0]] = parts[1].toLowerAscii

proc sha256hex(data: string): string =
  var h = initSha_256()
  h.update(data)
  result = ($h.digest()).toLowerAscii

proc main() =
  let lock = readLock(lockFile)
  if not lock.base.startsWith("https://"):
    quit "refusing non-https base " & lock.base
  let client = newHttpClient(timeout = 30_000)
  defer: client.close()
  let staging = getTempDir() / ("ucd-" & lock.version)
  removeDir(staging)
  createDir(staging)
  for name, want in lock.sums:
    let url = lock.base & "/" & name
    stdout.write "fetch " & name & " ... "
    let body = client.getContent(url)
    let got = sha256hex(body)
    if got != want:
      removeDir(staging)
      quit "\nSHA-256 mismatch for " & name & "\n  want " & want & "\n  got  " & got
    let dest = staging / name
    createDir(dest.parentDir)
    writeFile(dest, body)
    echo "ok (", body.len, " bytes)"
  # all verified: swap into place, keeping the previous copy until done
  let backup = vendorDir & ".prev"
  if dirExists(vendorDir):
    removeDir(backup)
    moveDir(vendorDir, backup)
  copyDir(staging, vendorDir)
  writeFile(vendorDir / "VERSION", lock.version & "\n")
  removeDir(backup)
  removeDir(staging)
  echo "vendor/ucd now at Unicode ", lock.version

main()
