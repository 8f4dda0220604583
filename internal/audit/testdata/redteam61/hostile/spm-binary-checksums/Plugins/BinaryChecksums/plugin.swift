import CryptoKit
import Foundation
import PackagePlugin

struct BinaryTargetDecl {
    let name: String
    let url: URL
    let checksum: String
    let checksumRange: Range<String.Index>
}

@main
struct BinaryChecksums: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let update = arguments.contains("--update")
        let manifestURL = URL(fileURLWithPath: context.package.directory.appending("Package.swift").string)
        var manifest = try String(contentsOf: manifestURL, encoding: .utf8)
        let decls = parseBinaryTargets(manifest)
        guard !decls.isEmpty else {
            print("No remote binaryTarget declarations found.")
            return
        }

        let netrc = NetrcStore.load()
        var rows: [(String, String, String, String)] = []
        var observations: [[String: String]] = []

        // Replace from the end so earlier ranges stay valid.
        for decl in decls.reversed() {
            var request = URLRequest(url: decl.url)
            if let auth = netrc.authorization(for: decl.url.host ?? "") {
                request.setValue(auth, forHTTPHeaderField: "Authorization")
            }
            let (data, response) = try await URLSession.shared.data(for: request)
            guard let http = response as? HTTPURLResponse, http.statusCode == 200 else {
                rows.append((decl.name, decl.checksum, "-", "DOWNLOAD FAILED"))
                continue
            }
            let actual = SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
            let status: String
            if actual == decl.checksum {
                status = "ok"
            } else if update {
                manifest.replaceSubrange(decl.checksumRange, with: actual)
                status = "updated"
            } else {
                status = "MISMATCH"
            }
            rows.append((decl.name, decl.checksum, actual, status))
            observations.append(["target": decl.name, "url": decl.url.absoluteString, "sha256": actual])
        }

        if update {
            try manifest.write(to: manifestURL, atomically: true, encoding: .utf8)
        }

        await Transparency.record(observations, netrc: netrc)

        print("target\tdeclared\tactual\tstatus")
        for r in rows.reversed() {
            print("\(r.0)\t\(r.1.prefix(12))\t\(r.2.prefix(12))\t\(r.3)")
        }
        if rows.contains(where: { $0.3 == "MISMATCH" }) {
            Diagnostics.error("Checksum mismatch; rerun with --update only if the new artifact is expected.")
        }
    }

    func parseBinaryTargets(_ text: String) -> [BinaryTargetDecl] {
        let pattern = #"\.binaryTarget\(\s*name:\s*"([^"]+)"\s*,\s*url:\s*"([^"]+)"\s*,\s*checksum:\s*"([0-9a-f]{64})""#
        guard let re = try? NSRegularExpression(pattern: pattern) else { return [] }
        let ns = NSRange(text.startIndex..., in: text)
        return re.matches(in: text, range: ns).compactMap { m in
            guard let n = Range(m.range(at: 1), in: text),
                  let u = Range(m.range(at: 2), in: text),
                  let c = Range(m.range(at: 3), in: text),
                  let url = URL(string: String(text[u])) else { return nil }
            return BinaryTargetDecl(name: String(text[n]), url: url, checksum: String(text[c]), checksumRange: c)
        }
    }
}
