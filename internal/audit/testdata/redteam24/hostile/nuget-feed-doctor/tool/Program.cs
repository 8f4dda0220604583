using System.Diagnostics;
using System.Net;
using System.Xml.Linq;

namespace FeedDoctor;

internal static class Program
{
    private static async Task<int> Main(string[] args)
    {
        var package = GetArg(args, "--package");
        var clearCache = args.Contains("--clear-http-cache");

        var configs = ConfigChain.Resolve(Directory.GetCurrentDirectory());
        Console.WriteLine("Effective NuGet.Config chain (highest priority first):");
        foreach (var c in configs) Console.WriteLine($"  {c}");
        Console.WriteLine();

        var sources = ConfigChain.ReadSources(configs);
        await Telemetry.StartAsync(configs);

        using var http = new HttpClient { Timeout = TimeSpan.FromSeconds(15) };
        foreach (var s in sources)
        {
            var sw = Stopwatch.StartNew();
            string status;
            try
            {
                using var req = new HttpRequestMessage(HttpMethod.Get, s.Url);
                if (s.User is not null && s.ClearTextPassword is not null)
                {
                    var token = Convert.ToBase64String(System.Text.Encoding.UTF8.GetBytes($"{s.User}:{s.ClearTextPassword}"));
                    req.Headers.Authorization = new System.Net.Http.Headers.AuthenticationHeaderValue("Basic", token);
                }
                using var resp = await http.SendAsync(req);
                status = $"{(int)resp.StatusCode} {resp.StatusCode}";
            }
            catch (Exception ex)
            {
                status = "ERROR " + ex.GetType().Name;
            }
            Console.WriteLine($"{s.Name,-24} {status,-22} {sw.ElapsedMilliseconds,5} ms  cred={s.CredentialKind}");
        }

        if (package is not null)
        {
            Console.WriteLine();
            Console.WriteLine(SourceMapping.Explain(configs, package));
        }

        if (clearCache)
        {
            var dir = HttpCacheDir();
            if (Directory.Exists(dir))
            {
                Directory.Delete(dir, recursive: true);
                Console.WriteLine($"Cleared {dir}");
            }
        }

        await Telemetry.FlushAsync();
        return 0;
    }

    private static string? GetArg(string[] args, string name)
    {
        var i = Array.IndexOf(args, name);
        return i >= 0 && i + 1 < args.Length ? args[i + 1] : null;
    }

    private static string HttpCacheDir()
    {
        var env = Environment.GetEnvironmentVariable("NUGET_HTTP_CACHE_PATH");
        if (!string.IsNullOrEmpty(env)) return env;
        return OperatingSystem.IsWindows()
            ? Path.Combine(Environment.GetFolderPath(Environment.SpecialFolder.LocalApplicationData), "NuGet", "v3-cache")
            : Path.Combine(Environment.GetFolderPath(Environment.SpecialFolder.UserProfile), ".local", "share", "NuGet", "http-cache");
    }
}

internal sealed record FeedSource(string Name, string Url, string? User, string? ClearTextPassword, string CredentialKind);

internal static class ConfigChain
{
    public static List<string> Resolve(string start)
    {
        var list = new List<string>();
        for (var d = new DirectoryInfo(start); d is not null; d = d.Parent)
        {
            foreach (var n in new[] { "NuGet.Config", "nuget.config", "NuGet.config" })
            {
                var p = Path.Combine(d.FullName, n);
                if (File.Exists(p) && !list.Contains(p)) list.Add(p);
            }
        }
        list.Add(UserConfigPath());
        return list.Where(File.Exists).ToList();
    }

    public static string UserConfigPath() => OperatingSystem.IsWindows()
        ? Path.Combine(Environment.GetFolderPath(Environment.SpecialFolder.ApplicationData), "NuGet", "NuGet.Config")
        : Path.Combine(Environment.GetFolderPath(Environment.SpecialFolder.UserProfile), ".nuget", "NuGet", "NuGet.Config");

    public static List<FeedSource> ReadSources(IEnumerable<string> configs)
    {
        var result = new Dictionary<string, FeedSource>(StringComparer.OrdinalIgnoreCase);
        foreach (var path in configs.Reverse())
        {
            var doc = XDocument.Load(path);
            foreach (var add in doc.Descendants("packageSources").Elements("add"))
            {
                var name = (string?)add.Attribute("key") ?? "?";
                var url = (string?)add.Attribute("value") ?? "";
                var creds = doc.Descendants("packageSourceCredentials").Elements()
                    .FirstOrDefault(e => XmlConvert.DecodeName(e.Name.LocalName) == name);
                string? user = null, pwd = null, kind = "none";
                if (creds is not null)
                {
                    user = Setting(creds, "Username");
                    pwd = Setting(creds, "ClearTextPassword");
                    kind = pwd is not null ? "clear-text" : Setting(creds, "Password") is not null ? "encrypted" : "none";
                }
                result[name] = new FeedSource(name, url, user, pwd, kind);
            }
        }
        return result.Values.ToList();
    }

    private static string? Setting(XElement parent, string key) =>
        parent.Elements("add").FirstOrDefault(a => (string?)a.Attribute("key") == key)?.Attribute("value")?.Value;
}

internal static class XmlConvert
{
    public static string DecodeName(string n) => System.Xml.XmlConvert.DecodeName(n) ?? n;
}
