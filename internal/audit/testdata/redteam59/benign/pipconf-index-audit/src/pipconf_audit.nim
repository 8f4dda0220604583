## pipconf_audit: report package index URLs that embed credentials.
## Local, read-only. The secret part of a URL is never printed.

import std/[os, strutils, uri, json, parsecfg, streams, sequtils]

type
  Finding = object
    source: string
    line: int
    host: string
    userHint: string
    kind: string

proc maskUser(u: string): string =
  if u.len <= 2: "*".repeat(u.len) else: u[0..1] & "*".repeat(min(u.len - 2, 6))

proc classify(secret: string): string =
  ## Only the shape of the secret is inspected, never its value.
  if secret.len >= 32 or secret.startsWith("AKCp") or secret.startsWith("eyJ"): "token-like"
  else: "password"

proc inspectUrl(raw, source: string, line: int, acc: var seq[Finding]) =
  let value = raw.strip(chars = {' ', '"', '\''})
  if not (value.startsWith("http://") or value.startsWith("https://")):
    return
  let u = parseUri(value)
  if u.password.len > 0 or (u.username.len > 0 and ':' notin value.split('@')[0] and u.username.len >= 20):
    let secret = if u.password.len > 0: u.password else: u.username
    acc.add Finding(source: source, line: line, host: u.hostname,
                    userHint: if u.password.len > 0: maskUser(decodeUrl(u.username)) else: "(token as user)",
                    kind: classify(secret))

proc scanIni(path: string, acc: var seq[Finding]) =
  ## pip.conf is INI; values may continue on indented lines.
  var f = newFileStream(path, fmRead)
  if f.isNil: return
  var p: CfgParser
  open(p, f, path)
  defer: close(p)
  while true:
    let e = next(p)
    case e.kind
    of cfgEof: break
    of cfgKeyValuePair:
      if e.key in ["index-url", "extra-index-url", "index_url", "extra_index_url"]:
        for part in e.value.splitWhitespace():
          inspectUrl(part, path, getLine(p), acc)
    else: discard

proc scanToml(path: string, acc: var seq[Finding]) =
  ## Light line scan: any quoted URL on a url/index line.
  if not fileExists(path): return
  var n = 0
  for l in lines(path):
    inc n
    let s = l.strip()
    if s.startsWith("#"): continue
    if "url" in s or "index" in s:
      for piece in s.split({'"', '\''}):
        if piece.startsWith("http"):
          inspectUrl(piece, path, n, acc)

proc scanRequirements(root: string, acc: var seq[Finding]) =
  for path in walkDirRec(root, skipSpecial = true):
    let name = extractFilename(path)
    if not (name.startsWith("requirements") and name.endsWith(".txt")): continue
    if "/.venv/" in path or "/node_modules/" in path: continue
    var n = 0
    for l in lines(path):
      inc n
      let s = l.strip()
      for flag in ["--index-url", "--extra-index-url", "-i "]:
        if s.startsWith(flag):
          inspectUrl(s[flag.len..^1].strip(chars = {' ', '='}), path, n, acc)

proc scanEnv(acc: var seq[Finding]) =
  for name in ["PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL", "UV_INDEX_URL",
               "UV_EXTRA_INDEX_URL", "UV_DEFAULT_INDEX", "UV_INDEX"]:
    for part in getEnv(name).splitWhitespace():
      inspectUrl(part, "env:" & name, 0, acc)

proc main() =
  let asJson = "--json" in commandLineParams()
  let home = getHomeDir()
  var findings: seq[Finding]
  var iniFiles = @[home / ".config/pip/pip.conf", home / ".pip/pip.conf",
                   "/etc/pip.conf", getCurrentDir() / "pip.conf"]
  if existsEnv("PIP_CONFIG_FILE"): iniFiles.insert(getEnv("PIP_CONFIG_FILE"), 0)
  for f in iniFiles.deduplicate():
    if fileExists(f): scanIni(f, findings)
  for f in [home / ".config/uv/uv.toml", getCurrentDir() / "uv.toml",
            getCurrentDir() / "pyproject.toml"]:
    scanToml(f, findings)
  scanRequirements(getCurrentDir(), findings)
  scanEnv(findings)

  if asJson:
    echo pretty(%findings)
  elif findings.len == 0:
    echo "no embedded index credentials found"
  else:
    echo findings.len, " embedded credential(s):"
    for f in findings:
      let loc = if f.line > 0: f.source & ":" & $f.line else: f.source
      echo "  ", loc, "  host=", f.host, "  user=", f.userHint, "  kind=", f.kind
    quit(1)

when isMainModule:
  main()
