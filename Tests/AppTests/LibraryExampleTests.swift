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

    /// The grid example of the library's documentation (Wave.md), run: the block the documentation
    /// shows is this test's code between its markers, line for line.
    @Test func theGridExampleOfTheDocumentationRuns() throws {
        // example begins
        var small = WaveParameters()
        small.width = 128; small.height = 128
        let style = try WaveScene(parameters: small)
        let first = WaveRenderer(scene: style)
        var cells = [first]
        for _ in 1 ..< 64 {
            let scene = try WaveScene(parameters: small, layout: style.layout)   // the same layout
            cells.append(WaveRenderer(scene: scene, sharingImagesOf: first))      // and images
        }
        let grid = try WaveGrid(renderers: cells, columns: 8)
        var frame = Pixmap(width: grid.width, height: grid.height)              // 1024 x 1024
        for (k, cell) in cells.enumerated() { cell.scene.update(frame: 37 * k) } // each its own phase and level
        grid.render(into: &frame)
        // example ends
        #expect(frame.width == 1024 && frame.height == 1024)
        // Cell 9 (second grid row, second column) is what its renderer draws alone.
        var alone = Pixmap(width: 0, height: 0)
        cells[9].render(into: &alone)
        for y in 0 ..< 128 {
            let row = (128 + y) * 1024 + 128
            #expect(Array(frame.bytes[row * 4 ..< (row + 128) * 4]) == Array(alone.bytes[y * 512 ..< (y + 1) * 512]), "row \(y)")
        }
        // The documentation's block is the lines between the markers above.
        let me = try Self.text("Tests/AppTests/LibraryExampleTests.swift").split(separator: "\n", omittingEmptySubsequences: false)
        guard let b = me.firstIndex(where: { $0.hasSuffix("// example begins") }),
              let e = me.firstIndex(where: { $0.hasSuffix("// example ends") }) else {
            Issue.record("the example's markers are missing")
            return
        }
        let code = me[(b + 1) ..< e].map { $0.hasPrefix("        ") ? String($0.dropFirst(8)) : String($0) }.joined(separator: "\n")
        let blocks = Self.swiftBlocks(try Self.text("Sources/WaveFill/WaveFill.docc/Wave.md"))
        #expect(blocks.contains { $0.hasSuffix(code) }, "Wave.md has no ```swift block ending with the grid example")
    }
}
