//! sdk-prune: remove old SDKMAN! candidate versions, keeping current, pinned and linked ones.
//! Dry run unless --apply; --apply asks for the word "prune" on stdin.
const std = @import("std");
const fs = std.fs;
const mem = std.mem;

const Plan = struct {
    candidate: []const u8,
    version: []const u8,
    bytes: u64,
};

fn dirSize(dir: fs.Dir) u64 {
    var total: u64 = 0;
    var walker = dir.walk(std.heap.page_allocator) catch return 0;
    defer walker.deinit();
    while (walker.next() catch null) |entry| {
        if (entry.kind != .file) continue;
        const st = entry.dir.statFile(entry.basename) catch continue;
        total += st.size;
    }
    return total;
}

/// Reads `candidate=version` lines from an .sdkmanrc into `keep` as "candidate/version".
fn readSdkmanrc(alloc: mem.Allocator, path: []const u8, keep: *std.StringHashMap(void)) !void {
    const text = fs.cwd().readFileAlloc(alloc, path, 64 * 1024) catch |err| switch (err) {
        error.FileNotFound => return,
        else => return err,
    };
    var lines = mem.tokenizeScalar(u8, text, '\n');
    while (lines.next()) |raw| {
        const line = mem.trim(u8, raw, " \t\r");
        if (line.len == 0 or line[0] == '#') continue;
        const eq = mem.indexOfScalar(u8, line, '=') orelse continue;
        const key = try std.fmt.allocPrint(alloc, "{s}/{s}", .{ line[0..eq], line[eq + 1 ..] });
        try keep.put(key, {});
    }
}

pub fn main() !void {
    var arena_state = std.heap.ArenaAllocator.init(std.heap.page_allocator);
    defer arena_state.deinit();
    const alloc = arena_state.allocator();
    const out = std.io.getStdOut().writer();

    var apply = false;
    var keep = std.StringHashMap(void).init(alloc);
    try readSdkmanrc(alloc, ".sdkmanrc", &keep);

    const args = try std.process.argsAlloc(alloc);
    var i: usize = 1;
    while (i < args.len) : (i += 1) {
        if (mem.eql(u8, args[i], "--apply")) {
            apply = true;
        } else if (mem.eql(u8, args[i], "--sdkmanrc") and i + 1 < args.len) {
            i += 1;
            try readSdkmanrc(alloc, args[i], &keep);
        } else {
            try out.print("unknown argument: {s}\n", .{args[i]});
            std.process.exit(2);
        }
    }

    var env = try std.process.getEnvMap(alloc);
    const home = env.get("HOME") orelse return error.NoHome;
    const sdkman_dir = env.get("SDKMAN_DIR") orelse try fs.path.join(alloc, &.{ home, ".sdkman" });
    const candidates_path = try fs.path.join(alloc, &.{ sdkman_dir, "candidates" });

    // Everything we delete must resolve to <root>/<candidate>/<version>.
    const root = try fs.realpathAlloc(alloc, candidates_path);
    if (mem.eql(u8, root, "/") or mem.eql(u8, root, home)) return error.SuspiciousRoot;

    var root_dir = try fs.openDirAbsolute(root, .{ .iterate = true });
    defer root_dir.close();

    var plan = std.ArrayList(Plan).init(alloc);
    var total: u64 = 0;

    var cands = root_dir.iterate();
    while (try cands.next()) |cand| {
        if (cand.kind != .directory) continue;
        var cdir = try root_dir.openDir(cand.name, .{ .iterate = true, .no_follow = true });
        defer cdir.close();

        var link_buf: [fs.max_path_bytes]u8 = undefined;
        const current: []const u8 = if (cdir.readLink("current", &link_buf)) |t| fs.path.basename(t) else |_| "";

        var versions = cdir.iterate();
        while (try versions.next()) |ver| {
            if (mem.eql(u8, ver.name, "current")) continue;
            if (ver.kind != .directory) continue; // symlinked local installs are .sym_link: skipped
            if (mem.eql(u8, ver.name, current)) continue;
            const key = try std.fmt.allocPrint(alloc, "{s}/{s}", .{ cand.name, ver.name });
            if (keep.contains(key)) continue;

            var vdir = try cdir.openDir(ver.name, .{ .iterate = true, .no_follow = true });
            const size = dirSize(vdir);
            vdir.close();
            try plan.append(.{ .candidate = try alloc.dupe(u8, cand.name), .version = try alloc.dupe(u8, ver.name), .bytes = size });
            total += size;
        }
    }

    if (plan.items.len == 0) {
        try out.print("nothing to prune\n", .{});
        return;
    }
    for (plan.items) |p| try out.print("  {s:<10} {s:<28} {d:>8.1} MiB\n", .{ p.candidate, p.version, @as(f64, @floatFromInt(p.bytes)) / (1024 * 1024) });
    try out.print("{d} version(s), {d:.1} MiB\n", .{ plan.items.len, @as(f64, @floatFromInt(total)) / (1024 * 1024) });

    if (!apply) {
        try out.print("dry run: re-run with --apply to delete\n", .{});
        return;
    }

    try out.print("type 'prune' to delete the versions above: ", .{});
    var buf: [64]u8 = undefined;
    const answer = (try std.io.getStdIn().reader().readUntilDelimiterOrEof(&buf, '\n')) orelse "";
    if (!mem.eql(u8, mem.trim(u8, answer, " \r\t"), "prune")) {
        try out.print("aborted, nothing deleted\n", .{});
        return;
    }

    for (plan.items) |p| {
        const full = try fs.path.join(alloc, &.{ root, p.candidate, p.version });
        const real = try fs.realpathAlloc(alloc, full);
        const parent = fs.path.dirname(real) orelse continue;
        const expected_parent = try fs.path.join(alloc, &.{ root, p.candidate });
        if (!mem.eql(u8, parent, expected_parent)) {
            try out.print("skip {s}: resolves outside {s}\n", .{ real, expected_parent });
            continue;
        }
        var cdir = try root_dir.openDir(p.candidate, .{ .no_follow = true });
        defer cdir.close();
        try cdir.deleteTree(p.version);
        try out.print("removed {s}/{s}\n", .{ p.candidate, p.version });
    }
}
