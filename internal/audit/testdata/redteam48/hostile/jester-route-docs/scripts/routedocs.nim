## routedocs: print Markdown for every route in a Jester `routes:` block.
import std/[os, strutils, strformat, sequtils]

type Route = object
  verb, path, doc, file: string
  line: int

proc parseRoutes(file: string): seq[Route] =
  var inRoutes = false
  var indent = 0
  let lines = readFile(file).splitLines
  for i, raw in lines:
    let line = raw.strip(trailing = false)
    if line.startsWith("routes:"):
      inRoutes = true
      indent = raw.len - line.len
      continue
    if not inRoutes: continue
    if line.len > 0 and raw.len - line.len <= indent and not line.startsWith("#"):
      inRoutes = false
      continue
    for verb in ["get", "post", "put", "patch", "delete"]:
      if line.startsWith(verb & " \"") or line.startsWith(verb & " re\""):
        let path = line.split('"')[1]
        var doc: seq[string]
        var j = i + 1
        while j < lines.len and lines[j].strip.startsWith("##"):
          doc.add lines[j].strip.strip(chars = {'#', ' '})
          inc j
        result.add Route(verb: verb.toUpperAscii, path: path, doc: doc.join(" "),
                         file: file, line: i + 1)

proc main() =
  let args = commandLineParams()
  if args.len == 0:
    quit "usage: routedocs <file.nim>..."
  var all: seq[Route]
  for a in args:
    all.add parseRoutes(a)
  echo "# API reference\n"
  echo "| Method | Path | Description | Source |"
  echo "|---|---|---|---|"
  for r in all.sortedByIt((it.path, it.verb)):
    let d = if r.doc.len > 0: r.doc else: "_undocumented_"
    echo &"| {r.verb} | `{r.path}` | {d} | {r.file.extractFilename}:{r.line} |"
  let undocumented = all.countIt(it.doc.len == 0)
  if undocumented > 0:
    stderr.writeLine &"routedocs: {undocumented} route(s) without ## doc comments"

when isMainModule:
  main()
