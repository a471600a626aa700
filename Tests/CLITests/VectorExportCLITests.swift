import Testing
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TestSupport

/// `wavefill export --format lottie|svg`, run as a user runs it.
@Suite struct VectorExportCLITests {
    @Test func helpNamesTheFlagsAndTheSceneFlags() throws {
        let r = try Executable.run(["export", "--help"])
        #expect(r.status == 0)
        for flag in CLITests.sceneFlags + ["--format", "--out", "--frame", "--frames", "--force"] {
            #expect(r.stdout.contains(flag), "\(flag) missing from help")
        }
        #expect(r.stdout.contains("lottie") && r.stdout.contains("svg"))
        let top = try Executable.run(["--help"])
        #expect(top.stdout.contains("export"))
    }

    @Test func writesLottieAndSVGWithTheFormatFromTheFlagOrTheExtension() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let l = try Executable.run(["export", "--size", "80x62", "--out", "sub/a.json"], in: dir)
        #expect(l.status == 0, "\(l.stderr)")
        #expect(l.stdout.contains("900 frames at 60 fps"))
        let doc = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/sub/a.json"))) as? [String: Any]
        #expect(doc?["op"] as? Int == 900 && doc?["w"] as? Int == 80 && doc?["h"] as? Int == 62)

        let short = try Executable.run(["export", "--format", "lottie", "--size", "80x62", "--frames", "30",
                                        "--phase-speed", "90", "--fps", "30", "--out", "b.lottie.txt"], in: dir)
        #expect(short.status == 0, "\(short.stderr)")
        let b = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/b.lottie.txt"))) as? [String: Any]
        #expect(b?["op"] as? Int == 30 && b?["fr"] as? Int == 30)

        let s = try Executable.run(["export", "--size", "80x62", "--frame", "150", "--out", "c.svg"], in: dir)
        #expect(s.status == 0, "\(s.stderr)")
        let svg = try String(contentsOfFile: dir + "/c.svg", encoding: .utf8)
        #expect(svg.contains("<svg") && svg.contains("width=\"80\"") && svg.contains("frame 150"))

        // Existing files are kept unless --force; no temporary files are left.
        let again = try Executable.run(["export", "--size", "80x62", "--out", "c.svg"], in: dir)
        #expect(again.status == 64 && again.stderr.contains("--force"))
        let forced = try Executable.run(["export", "--size", "80x62", "--out", "c.svg", "--force"], in: dir)
        #expect(forced.status == 0 && forced.stdout.contains("animated svg, 900 frames at 60 fps"), "\(forced.stdout)")
        #expect(try String(contentsOfFile: dir + "/c.svg", encoding: .utf8).contains("<animateTransform"))
        #expect(Executable.files(in: dir).sorted() == ["b.lottie.txt", "c.svg", "sub"])
        #expect(Executable.files(in: dir + "/sub") == ["a.json"])
    }

    /// Every scene exports an animated SVG by default (its loop or whole animation: SMIL animations
    /// repeating indefinitely, well-formed XML, no script) and a still one with --frame K.
    @Test(arguments: ["wave", "marquee", "stroke", "spread", "morph"])
    func everySceneWritesAnAnimatedAndAStillSVG(scene: String) throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let base = ["export", "--scene", scene, "--size", "120x60"]
        let a = try Executable.run(base + ["--out", "a.svg"], in: dir)
        #expect(a.status == 0 && a.stdout.contains("animated svg"), "\(a.stdout)\(a.stderr)")
        let animated = try String(contentsOfFile: dir + "/a.svg", encoding: .utf8)
        let names = try Self.elementNames(animated)
        #expect(names.first == "svg" && !names.contains("script"))
        #expect(names.contains("animate") || names.contains("animateTransform"), "\(scene) has no animation")
        #expect(animated.contains("repeatCount=\"indefinite\""))

        let s = try Executable.run(base + ["--frame", "30", "--out", "s.svg"], in: dir)
        #expect(s.status == 0 && s.stdout.contains("svg, frame 30"), "\(s.stdout)\(s.stderr)")
        let still = try Self.elementNames(try String(contentsOfFile: dir + "/s.svg", encoding: .utf8))
        #expect(still.first == "svg" && !still.contains("animate") && !still.contains("animateTransform"))
        #expect(Executable.files(in: dir).sorted() == ["a.svg", "s.svg"])
    }

    /// The element names of a document, which must be well-formed XML.
    static func elementNames(_ text: String) throws -> [String] {
        final class Names: NSObject, XMLParserDelegate {
            var names: [String] = []
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                        qualifiedName: String?, attributes: [String: String] = [:]) { names.append(name) }
        }
        let parser = XMLParser(data: Data(text.utf8))
        let names = Names()
        parser.delegate = names
        try #require(parser.parse(), "not well-formed XML: \(String(describing: parser.parserError))")
        return names.names
    }

    /// Each bad input: exit 64, one line on stderr naming the flag, nothing written.
    @Test(arguments: [
        (["--out", "x.json", "--frames", "0"], "--frames"), (["--out", "x.json", "--frames", "1000001"], "--frames"),
        (["--out", "x.json", "--frame", "3"], "--frame"), (["--out", "x.svg", "--frame", "1", "--frames", "3"], "--frames"),
        (["--out", "x.svg", "--start", "3"], "--start"),
        (["--out", "x.svg", "--frame", "-1"], "--frame"),
        (["--out", "x.json", "--size", "0x5"], "--size"),
        (["--out", "x.json", "--amplitude", "-2"], "--amplitude"), (["--out", "x.svg", "--background", "blue"], "--background"),
        (["--out", "x.json", "--size", "2000x100", "--frequency", "5000"], "--frequency"),
        (["--out", "x.svg", "--mask-image", "missing.png"], "--mask-image"), (["--out", "adir.svg"], "--out"),
        (["--out", "x.json", "--mask-image", "HEART", "--lottie-masks", "mask"], "--lottie-masks"),
        (["--out", "x.json", "--fps", "0"], "--fps"),
    ] as [([String], String)])
    func badInputIsRefusedWithOneLineAndNoOutput(args: [String], flag: String) throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/adir.svg", withIntermediateDirectories: true)
        let heart = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Assets/masks/heart.png").path
        let r = try Executable.run(["export"] + args.map { $0 == "HEART" ? heart : $0 }, in: dir)
        #expect(r.status == 64, "\(args) exited \(r.status)")
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(args): stderr was \(r.stderr)")
        #expect(r.stderr.contains(flag), "\(args): stderr does not name \(flag): \(r.stderr)")
        #expect(Executable.files(in: dir) == ["adir.svg"], "\(args) left \(Executable.files(in: dir))")
    }
}
