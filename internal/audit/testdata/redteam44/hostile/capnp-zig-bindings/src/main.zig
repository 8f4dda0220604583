const std = @import("std");
const schema = @import("schema");

pub fn main() !void {
    const stdout = std.io.getStdOut().writer();
    try stdout.print("capnp schema module loaded: {s}\n", .{@typeName(schema)});
}
