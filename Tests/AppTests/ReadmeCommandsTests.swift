import Testing
import Foundation

/// The README's command lines run in order from the repository's root: no two of them write the
/// same file (without --force), and every input file they name is one the repository ships (or one
/// an earlier line wrote).
@Suite struct ReadmeCommandsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every `wavefill ...` line of the README's code blocks, continuation lines joined.
    static func commands() throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        var out: [String] = [], inBlock = false, pending = ""
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if raw.hasPrefix("```") { inBlock.toggle(); pending = ""; continue }
            guard inBlock else { continue }
            var line = raw.trimmingCharacters(in: .whitespaces)
            if !pending.isEmpty { line = pending + " " + line; pending = "" }
            if line.hasSuffix("\\") { pending = String(line.dropLast()); continue }
            if line.hasPrefix("wavefill ") { out.append(line) }
        }
        return out
    }

    /// Shell words of `line` (single and double quotes; a `#` word starts a comment).
    static func words(_ line: String) -> [String] {
        var words: [String] = [], word = "", quote: Character?, started = false
        for c in line {
            if let q = quote {
                if c == q { quote = nil } else { word.append(c) }
            } else if c == "'" || c == "\"" {
                quote = c; started = true
            } else if c == " " || c == "\t" {
                if started { words.append(word); word = ""; started = false }
            } else if c == "#" && !started {
                break
            } else {
                word.append(c); started = true
            }
        }
        if started { words.append(word) }
        return words
    }

    @Test func theExamplesRunInOrderOnFilesTheRepositoryShips() throws {
        let commands = try Self.commands()
        #expect(commands.count > 30, "found only \(commands.count) command lines")
        var written: [String: String] = [:]
        for line in commands {
            let w = Self.words(line)
            for (k, word) in w.enumerated() where k + 1 < w.count {
                let value = w[k + 1]
                if word == "--out" || word == "--save-preset" {
                    if let earlier = written[value], !w.contains("--force") {
                        Issue.record("'\(value)' is written twice:\n  \(earlier)\n  \(line)")
                    }
                    written[value] = line
                }
                if ["--svg", "--mask-image", "--font"].contains(word) || (word == "--preset" && value.hasSuffix(".json")) {
                    let shipped = FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(value).path)
                    #expect(shipped || written[value] != nil, "'\(value)' is neither in the repository nor written earlier: \(line)")
                }
            }
        }
    }
}
