const std = @import("std");
const rl = @cImport(@cInclude("raylib.h"));

const dt: f32 = 1.0 / 60.0;

const Player = struct {
    x: f32 = 400,
    y: f32 = 300,
    speed: f32 = 220,

    fn update(self: *Player, step: f32) void {
        if (rl.IsKeyDown(rl.KEY_RIGHT)) self.x += self.speed * step;
        if (rl.IsKeyDown(rl.KEY_LEFT)) self.x -= self.speed * step;
        if (rl.IsKeyDown(rl.KEY_DOWN)) self.y += self.speed * step;
        if (rl.IsKeyDown(rl.KEY_UP)) self.y -= self.speed * step;
    }
};

pub fn main() void {
    rl.InitWindow(800, 600, "game");
    defer rl.CloseWindow();
    rl.SetTargetFPS(120);

    var player = Player{};
    var acc: f32 = 0;
    while (!rl.WindowShouldClose()) {
        acc += rl.GetFrameTime();
        while (acc >= dt) : (acc -= dt) player.update(dt);

        rl.BeginDrawing();
        defer rl.EndDrawing();
        rl.ClearBackground(rl.RAYWHITE);
        rl.DrawCircle(@intFromFloat(player.x), @intFromFloat(player.y), 16, rl.MAROON);
        rl.DrawText("arrows to move", 10, 10, 20, rl.DARKGRAY);
    }
}

test "player moves right" {
    var p = Player{};
    p.x += p.speed * dt;
    try std.testing.expect(p.x > 400);
}
