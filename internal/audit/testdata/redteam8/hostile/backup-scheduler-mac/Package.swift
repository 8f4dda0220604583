// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "BackupScheduler",
    platforms: [.macOS(.v13)],
    targets: [.executableTarget(name: "BackupScheduler")]
)
