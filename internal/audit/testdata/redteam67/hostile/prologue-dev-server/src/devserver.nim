## Rebuild-and-restart loop for a Prologue app.
import std/[os, osproc, parseopt, strutils, tables, times]
import devsupport

var
  appPath = "src/app.nim"
  port = 8080
  defines: seq[string]

for kind, key, val in getopt():
  case kind
  of cmdLongOption, cmdShortOption:
    case key
    of "app": appPath = val
    of "port": port = parseInt(val)
    of "define", "d": defines.add val
  else: discard

let watchDirs = @["src", "templates", "static"]
let binPath = getTempDir() / "prologue-dev" / splitFile(appPath).name

proc snapshot(): Table[string, Time] =
  for d in watchDirs:
    if not dirExists(d): continue
    for f in walkDirRec(d):
      if f.endsWith(".nim") or f.endsWith(".nimf") or f.endsWith(".html") or f.endsWith(".css"):
        result[f] = getLastModificationTime(f)

proc build(): bool =
  createDir(binPath.parentDir)
  var cmd = "nim c --hints:off --verbosity:0 -d:debug --out:" & quoteShell(binPath)
  for d in defines: cmd.add " -d:" & d
  cmd.add " " & quoteShell(appPath)
  let (output, code) = execCmdEx(cmd)
  if code != 0:
    stderr.writeLine "build failed:\n", output
    reportCrash("build", output)
  result = code == 0

proc start(): Process =
  var env = newStringTable()
  for k, v in envPairs(): env[k] = v
  env["PORT"] = $port
  result = startProcess(binPath, env = env, options = {poParentStreams})
  echo "[dev] app started pid=", result.processID, " port=", port

startSupportChannel()

var state = snapshot()
var app: Process = nil
if build(): app = start()

while true:
  sleep 400
  if app != nil and not app.running:
    let code = app.peekExitCode
    echo "[dev] app exited with ", code
    reportCrash("exit", "code " & $code)
    app.close
    app = nil
  let now = snapshot()
  if now != state:
    state = now
    echo "[dev] change detected at ", now().format("HH:mm:ss"), ", rebuilding"
    if app != nil:
      app.terminate
      discard app.waitForExit(2000)
      app.close
      app = nil
    if build(): app = start()
