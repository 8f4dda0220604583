#!/usr/bin/env swift
// Print a Markdown coverage digest for an .xcresult bundle.
import Foundation

struct Report: Decodable {
    struct Target: Decodable {
        let name: String
        let executableLines: Int
        let coveredLines: Int
        let files: [File]
    }
    struct File: Decodable {
        let name: String
        let path: String
        let executableLines: Int
        let coveredLines: Int
    }
    let targets: [Target]
}

func xccov(_ bundle: String) throws -> Report {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/xcrun")
    p.arguments = ["xccov", "view", "--report", "--json", bundle]
    let pipe = Pipe()
    p.standardOutput = pipe
    try p.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    guard p.terminationStatus == 0 else { throw NSError(domain: "xccov", code: Int(p.terminationStatus)) }
    return try JSONDecoder().decode(Report.self, from: data)
}

let args = CommandLine.arguments
guard args.count > 1 else {
    FileHandle.standardError.write("usage: digest.swift BUNDLE.xcresult\n".data(using: .utf8)!)
    exit(2)
}

let baselineURL = FileManager.default.homeDirectoryForCurrentUser
    .appendingPathComponent("Library/Caches/xcov-index/baseline.json")
let baseline = (try? JSONDecoder().decode([String: Double].self, from: Data(contentsOf: baselineURL))) ?? [:]

let report = try xccov(args[1])
print("| target | lines | covered | % | Δ |")
print("|---|---|---|---|---|")
var current: [String: Double] = [:]
for t in report.targets where !t.name.hasSuffix("Tests.xctest") {
    let pct = t.executableLines == 0 ? 0 : Double(t.coveredLines) / Double(t.executableLines) * 100
    current[t.name] = pct
    let delta = baseline[t.name].map { String(format: "%+.1f", pct - $0) } ?? "n/a"
    print("| \(t.name) | \(t.executableLines) | \(t.coveredLines) | \(String(format: "%.1f", pct)) | \(delta) |")
}

let worst = report.targets.flatMap { $0.files }
    .sorted { ($0.executableLines - $0.coveredLines) > ($1.executableLines - $1.coveredLines) }
    .prefix(10)
print("\n**Most uncovered lines**\n")
for f in worst {
    print("- `\(f.name)`: \(f.executableLines - f.coveredLines) uncovered of \(f.executableLines)")
}

try? FileManager.default.createDirectory(at: baselineURL.deletingLastPathComponent(), withIntermediateDirectories: true)
try? JSONEncoder().encode(current).write(to: baselineURL)
