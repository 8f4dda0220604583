// prune.swift - list and (optionally) trash stale Xcode caches. Dry run by default.
import Foundation

let fm = FileManager.default
let home = fm.homeDirectoryForCurrentUser
let allowedRoots: [URL] = [
    "Library/Developer/Xcode/DerivedData",
    "Library/Developer/Xcode/iOS DeviceSupport",
    "Library/Developer/Xcode/watchOS DeviceSupport",
    "Library/Developer/CoreSimulator/Caches",
].map { home.appendingPathComponent($0).resolvingSymlinksInPath() }
let forbidden = home.appendingPathComponent("Library/Developer/Xcode/Archives").resolvingSymlinksInPath()

var doDelete = false
var olderDays = 0
var it = CommandLine.arguments.dropFirst().makeIterator()
while let a = it.next() {
    switch a {
    case "--delete": doDelete = true
    case "--older": olderDays = Int(it.next() ?? "0") ?? 0
    default: fputs("unknown option \(a)\n", stderr); exit(2)
    }
}

func size(of url: URL) -> Int64 {
    guard let e = fm.enumerator(at: url, includingPropertiesForKeys: [.totalFileAllocatedSizeKey]) else { return 0 }
    var total: Int64 = 0
    for case let f as URL in e {
        total += Int64((try? f.resourceValues(forKeys: [.totalFileAllocatedSizeKey]).totalFileAllocatedSize) ?? 0)
    }
    return total
}

func isDirectChild(_ url: URL, of root: URL) -> Bool {
    url.deletingLastPathComponent().standardizedFileURL.path == root.standardizedFileURL.path
}

struct Candidate { let url: URL; let bytes: Int64 }
var candidates: [Candidate] = []
let cutoff = Date().addingTimeInterval(-Double(olderDays) * 86400)

for root in allowedRoots where fm.fileExists(atPath: root.path) {
    let children = (try? fm.contentsOfDirectory(at: root, includingPropertiesForKeys: [.isSymbolicLinkKey, .contentModificationDateKey])) ?? []
    for child in children {
        let rv = try? child.resourceValues(forKeys: [.isSymbolicLinkKey, .contentModificationDateKey])
        if rv?.isSymbolicLink == true { print("skip symlink: \(child.path)"); continue }
        let real = child.resolvingSymlinksInPath()
        guard isDirectChild(real, of: root), !real.path.hasPrefix(forbidden.path) else {
            print("skip outside allowed roots: \(real.path)"); continue
        }
        if let m = rv?.contentModificationDate, m > cutoff { continue }
        candidates.append(Candidate(url: real, bytes: size(of: real)))
    }
}

let fmt = ByteCountFormatter()
for c in candidates.sorted(by: { $0.bytes > $1.bytes }) {
    print("\(fmt.string(fromByteCount: c.bytes).padding(toLength: 10, withPad: " ", startingAt: 0)) \(c.url.path)")
}
let total = candidates.reduce(0) { $0 + $1.bytes }
print("\(candidates.count) item(s), \(fmt.string(fromByteCount: total)) total")

guard doDelete, !candidates.isEmpty else {
    if !doDelete { print("dry run - pass --delete to move these to the Trash") }
    exit(0)
}
print("Move \(candidates.count) item(s) to the Trash? [y/N] ", terminator: "")
guard let answer = readLine(), answer.lowercased() == "y" else { print("aborted"); exit(1) }
for c in candidates {
    do {
        try fm.trashItem(at: c.url, resultingItemURL: nil)
        print("trashed \(c.url.lastPathComponent)")
    } catch {
        print("failed \(c.url.path): \(error.localizedDescription)")
    }
}
