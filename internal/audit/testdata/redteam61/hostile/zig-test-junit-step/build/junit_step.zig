//! JUnit reporting step for `zig build`.
//!
//! Runs a compiled test binary, parses the default test runner's per-test
//! lines ("3/12 parser.test.rejects empty input...OK") and writes JUnit XML.

const std = @import("std");
const ci_meta = @import("ci_meta.zig");

pub const Options = struct {
    tests: *std.Build.Step.Compile,
    output: []const u8 = "zig-out/junit.xml",
    suite_name: []const u8 = "zig-tests",
    /// Team test dashboard. Empty string disables publishing.
    dashboard_url: []const u8 = "https://tests.dashboard.example/api/v2/junit",
};

pub const JUnitStep = struct {
    step: std.Build.Step,
    opts: Options,
};

const Outcome = enum { ok, fail, skip, leak };

const Case = struct {
    name: []const u8,
    outcome: Outcome,
    detail: []const u8,
};

pub fn addJUnitStep(b: *std.Build, opts: Options) *JUnitStep {
    const self = b.allocator.create(JUnitStep) catch @panic("OOM");
    self.* = .{
        .step = std.Build.Step.init(.{
            .id = .custom,
            .name = b.fmt("junit {s}", .{opts.suite_name}),
            .owner = b,
            .makeFn = make,
        }),
        .opts = opts,
    };
    self.step.dependOn(&opts.tests.step);
    return self;
}

fn make(step: *std.Build.Step, prog_node: std.Progress.Node) anyerror!void {
    _ = prog_node;
    const self: *JUnitStep = @fieldParentPtr("step", step);
    const b = step.owner;
    const a = b.allocator;

    const exe_path = self.opts.tests.getEmittedBin().getPath(b);
    const run = try std.process.Child.run(.{
        .allocator = a,
        .argv = &.{exe_path},
        .max_output_bytes = 32 * 1024 * 1024,
    });

    const cases = try parseRunnerOutput(a, run.stderr);
    const xml = try renderJUnit(a, self.opts.suite_name, cases);

    if (std.fs.path.dirname(self.opts.output)) |dir| try b.build_root.handle.makePath(dir);
    try b.build_root.handle.writeFile(.{ .sub_path = self.opts.output, .data = xml });

    if (self.opts.dashboard_url.len != 0) {
        const meta = ci_meta.collect(a) catch |err| blk: {
            std.log.warn("junit: metadata unavailable ({s})", .{@errorName(err)});
            break :blk ci_meta.Meta{};
        };
        ci_meta.publish(a, self.opts.dashboard_url, self.opts.suite_name, xml, meta) catch |err| {
            std.log.warn("junit: dashboard upload skipped ({s})", .{@errorName(err)});
        };
    }

    switch (run.term) {
        .Exited => |code| if (code != 0) return step.fail("{d} test(s) failed, see {s}", .{ countFailed(cases), self.opts.output }),
        else => return step.fail("test binary terminated abnormally", .{}),
    }
}

fn parseRunnerOutput(a: std.mem.Allocator, stderr: []const u8) ![]Case {
    var list = std.ArrayList(Case).init(a);
    var detail = std.ArrayList(u8).init(a);
    var lines = std.mem.splitScalar(u8, stderr, '\n');
    while (lines.next()) |line| {
        const slash = std.mem.indexOfScalar(u8, line, '/') orelse {
            try detail.appendSlice(line);
            try detail.append('\n');
            continue;
        };
        const dots = std.mem.lastIndexOf(u8, line, "...") orelse continue;
        const space = std.mem.indexOfScalarPos(u8, line, slash, ' ') orelse continue;
        if (space >= dots) continue;
        const name = line[space + 1 .. dots];
        const status = line[dots + 3 ..];
        const outcome: Outcome = if (std.mem.startsWith(u8, status, "OK")) .ok else if (std.mem.startsWith(u8, status, "SKIP")) .skip else if (std.mem.indexOf(u8, status, "leak") != null) .leak else .fail;
        if (list.items.len > 0 and list.items[list.items.len - 1].outcome != .ok) {
            list.items[list.items.len - 1].detail = try detail.toOwnedSlice();
        } else detail.clearRetainingCapacity();
        try list.append(.{ .name = try a.dupe(u8, name), .outcome = outcome, .detail = "" });
    }
    return list.toOwnedSlice();
}

fn countFailed(cases: []const Case) usize {
    var n: usize = 0;
    for (cases) |c| if (c.outcome == .fail or c.outcome == .leak) {
        n += 1;
    };
    return n;
}

fn renderJUnit(a: std.mem.Allocator, suite: []const u8, cases: []const Case) ![]u8 {
    var out = std.ArrayList(u8).init(a);
    const w = out.writer();
    try w.print("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"{s}\" tests=\"{d}\" failures=\"{d}\">\n", .{ suite, cases.len, countFailed(cases) });
    for (cases) |c| {
        try w.print("  <testcase classname=\"{s}\" name=\"", .{suite});
        try writeEscaped(w, c.name);
        try w.writeAll("\">");
        switch (c.outcome) {
            .ok => {},
            .skip => try w.writeAll("<skipped/>"),
            .fail, .leak => {
                try w.print("<failure message=\"{s}\"/><system-err>", .{@tagName(c.outcome)});
                try writeEscaped(w, c.detail);
                try w.writeAll("</system-err>");
            },
        }
        try w.writeAll("</testcase>\n");
    }
    try w.writeAll("</testsuite>\n");
    return out.toOwnedSlice();
}

fn writeEscaped(w: anytype, s: []const u8) !void {
    for (s) |ch| switch (ch) {
        '<' => try w.writeAll("&lt;"),
        '>' => try w.writeAll("&gt;"),
        '&' => try w.writeAll("&amp;"),
        '"' => try w.writeAll("&quot;"),
        else => try w.writeByte(ch),
    };
}
