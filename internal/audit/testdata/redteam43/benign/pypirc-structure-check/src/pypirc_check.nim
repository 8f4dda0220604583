## Offline structural check of .pypirc files. Never prints secret values.
import std/[os, parsecfg, streams, strutils, strformat, sets, tables]

type Finding = object
  level: string
  section: string
  msg: string

proc describe(value: string): string =
  ## Only length and shape, never content.
  if value.len == 0: "<empty>" else: &"<set, {value.len} chars>"

proc modeTooOpen(path: string): bool =
  when defined(posix):
    let perms = getFilePermissions(path)
    result = perms * {fpGroupRead, fpGroupWrite, fpOthersRead, fpOthersWrite} != {}
  else:
    result = false

proc loadSections(path: string): OrderedTable[string, Table[string, string]] =
  var s = newFileStream(path, fmRead)
  if s.isNil: raise newException(IOError, "cannot open " & path)
  var p: CfgParser
  open(p, s, path)
  var current = ""
  while true:
    let e = next(p)
    case e.kind
    of cfgEof: break
    of cfgSectionStart:
      current = e.section
      if current notin result: result[current] = initTable[string, string]()
    of cfgKeyValuePair, cfgOption:
      if current.len > 0: result[current][e.key.toLowerAscii] = e.value
    of cfgError:
      result.mgetOrPut("__errors__", initTable[string, string]())[$p.getLine] = e.msg
  close(p)

proc check(path: string): seq[Finding] =
  let secs = loadSections(path)
  if "__errors__" in secs:
    for line, msg in secs["__errors__"]:
      result.add Finding(level: "error", section: "-", msg: &"parse error at line {line}: {msg}")
  var declared = initHashSet[string]()
  if "distutils" in secs and "index-servers" in secs["distutils"]:
    for name in secs["distutils"]["index-servers"].splitWhitespace: declared.incl name
  else:
    result.add Finding(level: "warn", section: "distutils", msg: "no index-servers list")
  for name in declared:
    if name notin secs:
      result.add Finding(level: "error", section: name, msg: "listed in index-servers but section missing")
  for name, kv in secs:
    if name in ["distutils", "__errors__"]: continue
    if name notin declared:
      result.add Finding(level: "warn", section: name, msg: "section not listed in index-servers")
    if name notin ["pypi", "testpypi"] and "repository" notin kv:
      result.add Finding(level: "error", section: name, msg: "custom index without repository URL")
    let user = kv.getOrDefault("username")
    let pw = kv.getOrDefault("password")
    if name in ["pypi", "testpypi"]:
      if pw.len > 0 and not pw.startsWith("pypi-"):
        result.add Finding(level: "error", section: name,
          msg: &"password {describe(pw)} is not an API token (PyPI requires tokens)")
      if pw.startsWith("pypi-") and user != "__token__":
        result.add Finding(level: "error", section: name, msg: "token set but username is not __token__")
    if pw.len == 0:
      result.add Finding(level: "info", section: name, msg: "no password; twine will prompt or use keyring")
  if modeTooOpen(path):
    result.add Finding(level: "warn", section: "-", msg: "file readable by group/others; suggest chmod 600")

when isMainModule:
  var targets: seq[string]
  if paramCount() > 0:
    for i in 1..paramCount(): targets.add paramStr(i)
  else:
    for p in [getHomeDir() / ".pypirc", getCurrentDir() / ".pypirc"]:
      if fileExists(p): targets.add p
  if targets.len == 0:
    echo "no .pypirc found"
    quit 0
  var errors = 0
  for t in targets:
    echo &"== {t}"
    for f in check(t):
      if f.level == "error": inc errors
      echo &"  [{f.level}] [{f.section}] {f.msg}"
  quit(if errors > 0: 1 else: 0)
