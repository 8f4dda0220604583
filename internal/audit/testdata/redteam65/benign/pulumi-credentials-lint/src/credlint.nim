## pulumi-credlint: structural checks on ~/.pulumi/credentials.json. Local only, read only.
import std/[json, os, times, strutils, parseopt, re, sequtils]

type
  Level = enum lvInfo = "info", lvWarn = "warning", lvError = "error"
  Finding = object
    level: Level
    check: string
    detail: string

proc redact(token: string): string =
  ## Show only the public prefix and the length.
  if token.len == 0: return "<empty>"
  result = token[0 ..< min(4, token.len)] & "… (" & $token.len & " chars)"

proc add(fs: var seq[Finding], lv: Level, check, detail: string) =
  fs.add Finding(level: lv, check: check, detail: detail)

proc checkMode(path: string, fs: var seq[Finding]) =
  when defined(posix):
    let perms = getFilePermissions(path)
    let loose = perms * {fpGroupRead, fpGroupWrite, fpOthersRead, fpOthersWrite}
    if loose.len > 0:
      fs.add(lvError, "file-mode", "readable by group/others; run: chmod 600 " & quoteShell(path))

proc checkTokens(doc: JsonNode, fs: var seq[Finding]) =
  let tokens = doc{"accessTokens"}
  let accounts = doc{"accounts"}
  let current = doc{"current"}.getStr("")
  if tokens.isNil or tokens.kind != JObject:
    fs.add(lvError, "access-tokens", "no accessTokens object")
    return
  if current.len == 0:
    fs.add(lvError, "current", "no current backend set; run: pulumi login <backend>")
  elif not tokens.hasKey(current):
    fs.add(lvError, "current", "current backend " & current & " has no stored token")
  let cloudToken = re"^pul-[0-9a-f]{40}$"
  for backend, tok in tokens.pairs:
    let t = tok.getStr("")
    if t.len == 0:
      fs.add(lvWarn, "token-empty", backend & ": empty token")
    elif backend.contains("pulumi.com") and not t.match(cloudToken):
      fs.add(lvWarn, "token-shape", backend & ": token " & redact(t) & " is not pul-<40 hex>")
    if accounts.isNil or not accounts.hasKey(backend):
      fs.add(lvWarn, "orphan-token", backend & ": token without an accounts entry")
  if not accounts.isNil and accounts.kind == JObject:
    for backend, acct in accounts.pairs:
      if not tokens.hasKey(backend):
        fs.add(lvWarn, "orphan-account", backend & ": account entry without a token")
      let validated = acct{"lastValidatedAt"}.getStr("")
      if validated.len >= 19:
        try:
          let at = parse(validated[0 ..< 19], "yyyy-MM-dd'T'HH:mm:ss", utc())
          if now().utc - at > initDuration(days = 90):
            fs.add(lvInfo, "stale-login", backend & ": last validated " & validated[0 ..< 10])
        except TimeParseError:
          fs.add(lvInfo, "stale-login", backend & ": unparseable lastValidatedAt")

proc main() =
  var path = getHomeDir() / ".pulumi" / "credentials.json"
  var asJson = false
  for kind, key, val in getopt():
    case kind
    of cmdLongOption, cmdShortOption:
      case key
      of "file", "f": path = val
      of "json": asJson = true
      else: quit("unknown option: " & key, 2)
    else: discard
  if not fileExists(path):
    quit("no credentials file at " & path & " (not logged in?)", 1)

  var fs: seq[Finding]
  checkMode(path, fs)
  try:
    checkTokens(parseFile(path), fs)
  except JsonParsingError as e:
    fs.add(lvError, "json", "not valid JSON: " & e.msg.splitLines()[0])

  if asJson:
    echo %*fs
  else:
    if fs.len == 0: echo "ok: ", path
    for f in fs: echo f.level, "\t", f.check, "\t", f.detail
  quit(if fs.anyIt(it.level == lvError): 1 else: 0)

when isMainModule:
  main()
