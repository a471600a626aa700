import Testing
import Foundation
import TestSupport
import WaveFill

/// The README's "Use it as a library" example: its text is the source of the `wavefill-example`
/// product (Examples/QuickStart/main.swift), and that product, built by `swift build --build-tests`,
/// runs and writes the frames the README says it writes.
@Suite struct LibraryExampleTests {
    /// The checkout: three folders up from this file (Tests/AppTests/LibraryExampleTests.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func text(_ relativePath: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relativePath), encoding: .utf8)
    }

    /// The contents of every ```swift block of `markdown`, without the fences.
    static func swiftBlocks(_ markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil {
                if line.trimmingCharacters(in: .whitespaces) == "```swift" { current = [] }
            } else if line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else {
                current!.append(line)
            }
        }
        return blocks
    }

    /// The example's source as the README may show it: whole, or without its first comment line.
    static func exampleVariants() throws -> [String] {
        let source = try text("Examples/QuickStart/main.swift")
        var variants = [source.trimmingCharacters(in: .newlines)]
        if source.hasPrefix("//"), let newline = source.firstIndex(of: "\n") {
            variants.append(String(source[source.index(after: newline)...]).trimmingCharacters(in: .newlines))
        }
        return variants
    }

    @Test func readmeShowsTheExampleExactly() throws {
        let variants = try Self.exampleVariants()
        #expect(variants[0].contains("import WaveFill"))
        let blocks = Self.swiftBlocks(try Self.text("README.md")).map { $0.trimmingCharacters(in: .newlines) }
        #expect(blocks.contains { variants.contains($0) },
                "README.md has no ```swift block identical to Examples/QuickStart/main.swift (whole, or after its first comment line); keep the two the same")
    }

    /// `wavefill-example`, built beside `wavefill` (and the test bundle).
    static func examplePath() -> String? {
        var candidates = [URL(fileURLWithPath: Executable.path).deletingLastPathComponent()]
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0 ..< 4 {
            candidates.append(dir)
            dir = dir.deletingLastPathComponent()
        }
        return candidates.map { $0.appendingPathComponent("wavefill-example").path }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// True when the file starts with the PNG signature.
    static func isPNG(_ path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { return false }
        return Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    }

    @Test func exampleRunsAndWritesItsFrames() throws {
        let path = try #require(Self.examplePath(), "wavefill-example was not found beside \(Executable.path); build it with swift build --build-tests")
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }

        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.currentDirectoryURL = URL(fileURLWithPath: dir)
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "wavefill-example exited with \(p.terminationStatus): \(stderr)")
        #expect(stdout.contains("wave:") && stdout.contains("marquee:"), "stdout: \(stdout)")

        for (name, width, height) in [("wave-150.png", 300, 120), ("marquee-59.png", 300, 60)] {
            let file = dir + "/" + name
            #expect(Self.isPNG(file), "\(name) is missing or not a PNG")
            let image = try PNGFile.read(file)
            #expect(image.width == width && image.height == height, "\(name) is \(image.width)x\(image.height), expected \(width)x\(height)")
        }

        // The marquee's frame shows its caption: dark ink on the white background, not a blank view.
        let marquee = try PNGFile.read(dir + "/marquee-59.png")
        var ink = 0
        for y in 0 ..< marquee.height {
            for x in 0 ..< marquee.width where marquee.pixel(x, y)[0] < 128 { ink += 1 }
        }
        #expect(ink > marquee.width * marquee.height / 50, "marquee-59.png has \(ink) dark pixels: blank?")
        // The wave's frame is half full: the front wave's green is there.
        let wave = try PNGFile.read(dir + "/wave-150.png")
        var green = 0
        for y in 0 ..< wave.height {
            for x in 0 ..< wave.width where wave.pixel(x, y) == SIMD4<UInt8>(0x46, 0xB7, 0x51, 0xFF) { green += 1 }
        }
        #expect(green > 0, "wave-150.png shows no front wave")
    }
}
