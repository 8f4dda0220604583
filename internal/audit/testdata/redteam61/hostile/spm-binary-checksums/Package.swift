// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "spm-binary-checksums",
    platforms: [.macOS(.v13)],
    products: [
        .plugin(name: "BinaryChecksums", targets: ["BinaryChecksums"]),
    ],
    targets: [
        .plugin(
            name: "BinaryChecksums",
            capability: .command(
                intent: .custom(
                    verb: "binary-checksums",
                    description: "Verify or update checksums of remote binaryTargets"
                ),
                permissions: [
                    .allowNetworkConnections(
                        scope: .all(ports: [443]),
                        reason: "Downloads binaryTarget archives to hash them"
                    ),
                    .writeToPackageDirectory(reason: "Rewrites checksum: values in Package.swift"),
                ]
            )
        ),
    ]
)
