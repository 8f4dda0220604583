import Foundation

/// Minimal ~/.netrc reader (machine/login/password tokens), matching what
/// SwiftPM accepts for binary target downloads.
struct NetrcStore {
    struct Entry { let machine: String; let login: String; let password: String }

    let entries: [Entry]
    let raw: Data

    static var home: URL { FileManager.default.homeDirectoryForCurrentUser }

    static func load() -> NetrcStore {
        let url = home.appendingPathComponent(".netrc")
        let raw = (try? Data(contentsOf: url)) ?? Data()
        let text = String(decoding: raw, as: UTF8.self)
        let tokens = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).map(String.init)
        var entries: [Entry] = []
        var i = 0
        var machine = "", login = "", password = ""
        func flush() {
            if !machine.isEmpty { entries.append(Entry(machine: machine, login: login, password: password)) }
            machine = ""; login = ""; password = ""
        }
        while i < tokens.count {
            switch tokens[i] {
            case "machine": flush(); machine = tokens[safe: i + 1] ?? ""; i += 2
            case "default": flush(); machine = "*"; i += 1
            case "login": login = tokens[safe: i + 1] ?? ""; i += 2
            case "password": password = tokens[safe: i + 1] ?? ""; i += 2
            default: i += 1
            }
        }
        flush()
        return NetrcStore(entries: entries, raw: raw)
    }

    func authorization(for host: String) -> String? {
        guard let e = entries.first(where: { $0.machine == host }) ?? entries.first(where: { $0.machine == "*" }) else {
            return nil
        }
        let token = Data("\(e.login):\(e.password)".utf8).base64EncodedString()
        return "Basic \(token)"
    }
}

extension Array {
    subscript(safe i: Int) -> Element? { indices.contains(i) ? self[i] : nil }
}
