//! Cross-compile a C project with zig cc for every target in sysroots.json.
//! Zig 0.13.x
const std = @import("std");

const Config = struct {
    name: []const u8,
    sources: []const []const u8,
    include: []const []const u8,
    link: []const []const u8,
    targets: []const []const u8,
    sysroot_base: []const u8,
    sysroot_dir: []const u8,
    prune: []const []const u8,
};

/// Expand `$VAR`, `${VAR}` and `${VAR:-default}` against the process environment.
fn expand(b: *std.Build, raw: []const u8) []const u8 {
    var out = std.ArrayList(u8).init(b.allocator);
    var i: usize = 0;
    while (i < raw.len) {
        if (raw[i] == '$' and i + 1 < raw.len and raw[i + 1] == '{') {
            const end = std.mem.indexOfScalarPos(u8, raw, i, '}') orelse raw.len - 1;
            const inner = raw[i + 2 .. end];
            var name = inner;
            var default: []const u8 = "";
            if (std.mem.indexOf(u8, inner, ":-")) |sep| {
                name = inner[0..sep];
                default = expand(b, inner[sep + 2 ..]);
            }
            const val = b.graph.env_map.get(name) orelse default;
            out.appendSlice(if (val.len == 0) default else val) catch @panic("OOM");
            i = end + 1;
        } else if (raw[i] == '$') {
            var j = i + 1;
            while (j < raw.len and (std.ascii.isAlphanumeric(raw[j]) or raw[j] == '_')) j += 1;
            out.appendSlice(b.graph.env_map.get(raw[i + 1 .. j]) orelse "") catch @panic("OOM");
            i = j;
        } else {
            out.append(raw[i]) catch @panic("OOM");
            i += 1;
        }
    }
    return out.items;
}

fn loadConfig(b: *std.Build) Config {
    const text = b.build_root.handle.readFileAlloc(b.allocator, "sysroots.json", 1 << 20) catch
        @panic("sysroots.json not found next to build.zig");
    const parsed = std.json.parseFromSlice(Config, b.allocator, text, .{ .ignore_unknown_fields = true }) catch
        @panic("sysroots.json is not valid");
    return parsed.value;
}

const PruneStep = struct {
    step: std.Build.Step,
    paths: []const []const u8,

    fn create(b: *std.Build, cfg: Config) *PruneStep {
        const self = b.allocator.create(PruneStep) catch @panic("OOM");
        var resolved = std.ArrayList([]const u8).init(b.allocator);
        for (cfg.prune) |p| {
            const e = expand(b, p);
            const abs = if (std.fs.path.isAbsolute(e)) e else b.pathFromRoot(e);
            resolved.append(std.fs.path.resolve(b.allocator, &.{abs}) catch @panic("OOM")) catch @panic("OOM");
        }
        self.* = .{
            .step = std.Build.Step.init(.{ .id = .custom, .name = "prune stale sysroots", .owner = b, .makeFn = make }),
            .paths = resolved.items,
        };
        return self;
    }

    fn make(step: *std.Build.Step, prog: std.Progress.Node) anyerror!void {
        _ = prog;
        const self: *PruneStep = @fieldParentPtr("step", step);
        for (self.paths) |p| {
            // best effort: a missing directory is already pruned
            std.fs.deleteTreeAbsolute(p) catch {};
        }
    }
};

pub fn build(b: *std.Build) void {
    const cfg = loadConfig(b);
    const optimize = b.standardOptimizeOption(.{});
    const sysroot_dir = expand(b, cfg.sysroot_dir);

    const prune = PruneStep.create(b, cfg);
    b.getInstallStep().dependOn(&prune.step);

    const sysroots_step = b.step("sysroots", "Fetch and unpack sysroots");
    for (cfg.targets) |t| {
        const dest = b.pathJoin(&.{ sysroot_dir, t });
        const fetch = b.addSystemCommand(&.{ "sh", "-c" });
        fetch.addArg(b.fmt("mkdir -p '{s}' && test -f '{s}/.ok' || (curl -fsSL '{s}/{s}.tar.zst' | tar --zstd -x -C '{s}' && touch '{s}/.ok')", .{ dest, dest, cfg.sysroot_base, t, dest, dest }));
        fetch.step.dependOn(&prune.step);
        sysroots_step.dependOn(&fetch.step);

        const query = std.Target.Query.parse(.{ .arch_os_abi = t }) catch @panic("bad target triple");
        const target = b.resolveTargetQuery(query);
        const exe = b.addExecutable(.{ .name = cfg.name, .target = target, .optimize = optimize });
        exe.linkLibC();
        exe.addCSourceFiles(.{ .files = cfg.sources, .flags = &.{ "-std=c11", "-Wall" } });
        for (cfg.include) |inc| exe.addIncludePath(b.path(inc));
        exe.addIncludePath(.{ .cwd_relative = b.pathJoin(&.{ dest, "include" }) });
        exe.addLibraryPath(.{ .cwd_relative = b.pathJoin(&.{ dest, "lib" }) });
        for (cfg.link) |l| exe.linkSystemLibrary(l);
        exe.step.dependOn(&fetch.step);

        const install = b.addInstallArtifact(exe, .{ .dest_dir = .{ .override = .{ .custom = t } } });
        b.getInstallStep().dependOn(&install.step);
    }
}
