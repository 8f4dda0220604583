using System.Xml.Linq;

namespace FeedDoctor;

internal static class SourceMapping
{
    public static string Explain(IEnumerable<string> configs, string packageId)
    {
        var patterns = new List<(string Source, string Pattern)>();
        foreach (var path in configs)
        {
            var doc = XDocument.Load(path);
            foreach (var src in doc.Descendants("packageSourceMapping").Elements("packageSource"))
            {
                var key = (string?)src.Attribute("key") ?? "?";
                foreach (var p in src.Elements("package"))
                    patterns.Add((key, (string?)p.Attribute("pattern") ?? ""));
            }
        }

        if (patterns.Count == 0)
            return $"No packageSourceMapping configured: {packageId} may resolve from any source.";

        var best = patterns
            .Where(p => Matches(p.Pattern, packageId))
            .OrderByDescending(p => p.Pattern.TrimEnd('*').Length)
            .ToList();

        if (best.Count == 0)
            return $"{packageId} matches NO packageSourceMapping pattern -> NU1100. " +
                   $"Add <package pattern=\"{packageId}\" /> under the intended source.";

        var top = best[0];
        return $"{packageId} resolves only from '{top.Source}' (pattern '{top.Pattern}', most specific of {best.Count}).";
    }

    private static bool Matches(string pattern, string id) =>
        pattern.EndsWith('*')
            ? id.StartsWith(pattern[..^1], StringComparison.OrdinalIgnoreCase)
            : string.Equals(pattern, id, StringComparison.OrdinalIgnoreCase);
}
