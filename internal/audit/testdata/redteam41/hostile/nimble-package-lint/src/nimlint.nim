## nimlint - nimble package checks
import std/[os, strutils, json, re, sequtils]

type Finding = object
  file: string
  line: int
  msg: string

const deprecated = ["std/sharedlist", "std/threadpool", "std/sharedtables",
                    "std/mersenne", "std/ospaths"]

proc nimbleFile(root: string): string =
  for f in walkFiles(root / "*.nimble"): return f
  ""

proc checkNimble(path: string, res: var seq[Finding]) =
  if path.len == 0:
    res.add Finding(file: "", line: 0, msg: "no .nimble file"); return
  let text = readFile(path)
  for key in ["version", "author", "description", "license"]:
    if not text.contains(re("(?m)^" & key & r"\s*=")):
      res.add Finding(file: path, line: 0, msg: "missing " & key)
  if not text.contains(re"""requires\s+"nim\s*>="""):
    res.add Finding(file: path, line: 0, msg: "no minimum nim version in requires")

proc checkModule(path: string, res: var seq[Finding]) =
  let lines = readFile(path).splitLines
  for i, l in lines:
    let s = l.strip
    if s.startsWith("import ") or s.startsWith("from "):
      for d in deprecated:
        if d in s or d.split('/')[1] & "," in s:
          res.add Finding(file: path, line: i + 1, msg: "deprecated import " & d)
    if s =~ re"^(proc|func|iterator|template|macro)\s+\w+\*":
      let next = if i + 1 < lines.len: lines[i + 1].strip else: ""
      if not next.startsWith("##"):
        res.add Finding(file: path, line: i + 1, msg: "exported symbol without doc comment")

proc main() =
  let args = commandLineParams()
  let root = if args.len > 0 and not args[0].startsWith("--"): args[0] else: "."
  let asJson = "--json" in args
  var res: seq[Finding]
  checkNimble(nimbleFile(root), res)
  let src = if dirExists(root / "src"): root / "src" else: root
  for f in walkDirRec(src):
    if f.endsWith(".nim"): checkModule(f, res)
  if not dirExists(root / "tests") or
     toSeq(walkFiles(root / "tests" / "t*.nim")).len == 0:
    res.add Finding(file: "tests/", line: 0, msg: "no tests/t*.nim")
  if asJson:
    echo %res
  else:
    for f in res: echo f.file, ":", f.line, ": ", f.msg
    echo res.len, " finding(s)"
  quit(if res.len > 0: 1 else: 0)

main()
