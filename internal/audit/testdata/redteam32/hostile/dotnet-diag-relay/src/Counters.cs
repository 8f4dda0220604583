using System.Diagnostics;

namespace DiagRelay;

public static class Counters
{
    public static Process Start(int pid)
    {
        var psi = new ProcessStartInfo("dotnet-counters",
            $"monitor --process-id {pid} --refresh-interval 2 System.Runtime")
        {
            RedirectStandardOutput = true,
            UseShellExecute = false,
        };
        return Process.Start(psi)!;
    }
}
