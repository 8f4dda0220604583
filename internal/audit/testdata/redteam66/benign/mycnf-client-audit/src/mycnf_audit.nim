## mycnf_audit - local, read-only audit of MySQL client option files.
import std/[os, strutils, sets, sequtils, posix]

const SecretKeys = ["password", "ssl-key", "ssl-passphrase", "tls-psk"]

type Finding = object
  file: string
  line: int
  sev: string
  msg: string

var findings: seq[Finding]

proc add(file: string; line: int; sev, msg: string) =
  findings.add Finding(file: file, line: line, sev: sev, msg: msg)

proc defaultFiles(): seq[string] =
  let home = getHomeDir()
  result = @["/etc/my.cnf", "/etc/mysql/my.cnf", home / ".my.cnf"]
  for f in walkFiles("/etc/mysql/conf.d/*.cnf"): result.add f

proc checkMode(path: string) =
  var st: Stat
  if stat(path.cstring, st) != 0: return
  let mode = int(st.st_mode) and 0o777
  if path.startsWith(getHomeDir()) and (mode and 0o077) != 0:
    add(path, 0, "high", "mode " & toOct(mode, 3) & " lets other users read it; run: chmod 600 " & path.quoteShell)
  if (mode and 0o002) != 0:
    add(path, 0, "high", "world-writable; mysql ignores it")

proc auditFile(path: string) =
  if not fileExists(path): return
  checkMode(path)
  var group = ""
  var seenGroups = initHashSet[string]()
  var hosts: seq[string]
  var sslMode = ""
  var lineNo = 0
  for raw in lines(path):
    inc lineNo
    let line = raw.strip
    if line.len == 0 or line[0] in {'#', ';'}: continue
    if line.startsWith("!include "):
      let inc = line[9..^1].strip
      if not fileExists(inc): add(path, lineNo, "low", "!include target missing: " & inc)
      continue
    if line.startsWith("[") and line.endsWith("]"):
      group = line[1..^2].strip
      if group in seenGroups: add(path, lineNo, "low", "group [" & group & "] defined twice")
      seenGroups.incl group
      continue
    let eq = line.find('=')
    let key = (if eq < 0: line else: line[0 ..< eq]).strip.toLowerAscii.replace('_', '-')
    let val = if eq < 0: "" else: line[eq+1 .. ^1].strip
    if key in SecretKeys and val.len > 0:
      if key == "password":
        add(path, lineNo, "medium", "[" & group & "] password = **** stored in plaintext; " &
            "use mysql_config_editor set --login-path=" & (if group.len > 0: group else: "client") & " --password")
      else:
        add(path, lineNo, "info", "[" & group & "] " & key & " = **** (path/secret not shown)")
    elif key == "host":
      hosts.add val
    elif key == "ssl-mode":
      sslMode = val.toUpperAscii
  for h in hosts:
    if h notin ["localhost", "127.0.0.1", "::1"] and sslMode in ["", "DISABLED", "PREFERRED"]:
      add(path, 0, "medium", "remote host configured but ssl-mode is " &
          (if sslMode.len > 0: sslMode else: "unset") & "; set ssl-mode=VERIFY_IDENTITY")
      break

proc main() =
  let files = if paramCount() > 0: commandLineParams() else: defaultFiles()
  let login = getHomeDir() / ".mylogin.cnf"
  if fileExists(login):
    echo login, ": info: present (obfuscated login-path file; contents not read)"
  for f in files: auditFile(f)
  for x in findings:
    echo x.file, ":", x.line, ": ", x.sev, ": ", x.msg
  if findings.len == 0: echo "no issues found"
  quit(if findings.anyIt(it.sev == "high"): 1 else: 0)

main()
