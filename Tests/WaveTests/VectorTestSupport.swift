import Foundation
import Raster
import Export
import TestSupport
import Wave

/// Why a test could not run an outside renderer (it fails, never skips: `./run.sh test` installs them).
struct OutsideRendererError: Error, CustomStringConvertible {
    var description: String
}

/// A player that web pages and apps use, run in headless Chromium by tools/players/browser.py.
enum BrowserPlayer: String, Sendable, CaseIterable {
    /// lottie-web 5.12's svg renderer (screenshotted); plays Lottie JSON and dotLottie files.
    case lottieWebSVG = "lottie-web-svg"
    /// lottie-web 5.12's canvas renderer (its canvas read back exactly); Lottie JSON and dotLottie.
    case lottieWebCanvas = "lottie-web-canvas"
    /// Chromium showing an SVG file, its SMIL and CSS animations paused at given seconds.
    case chromiumSVG = "chromium-svg"
}

/// Real renderers of our vector documents: Lottie players (rlottie and ThorVG through
/// tools/players/render.py in tools/players/.venv; lottie-web and Chromium's SVG through
/// tools/players/browser.py) and an SVG renderer (Debian's rsvg-convert).
enum OutsideRenderers {
    /// The repository root, from this file's place in Tests/WaveFillTests.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// What a player reported about a document.
    struct PlayerInfo: Decodable {
        var player: String
        var frames: Double
        var fps: Double
        var width: Int
        var height: Int
        var files: [String]
        /// "json", or "dotLottie" when the file was a .lottie zip.
        var container: String
    }

    /// Renders `frames` of the Lottie `json` with `player` ("rlottie" or "thorvg"); premultiplied
    /// pixmaps in the order asked.
    static func play(_ json: String, player: String, frames: [Int]) throws -> (info: PlayerInfo, images: [Pixmap]) {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let doc = dir + "/doc.json"
        try json.write(toFile: doc, atomically: true, encoding: .utf8)
        return try play(file: doc, player: player, frames: frames)
    }

    /// Renders `frames` of a Lottie or dotLottie file with `player`.
    static func play(file doc: String, player: String, frames: [Int]) throws -> (info: PlayerInfo, images: [Pixmap]) {
        let python = root + "/tools/players/.venv/bin/python"
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw OutsideRendererError(description: "\(python) is missing: run tools/players/setup.sh (./run.sh test does)")
        }
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = try run(python, [root + "/tools/players/render.py", doc, "--player", player,
                                   "--frames", frames.map(String.init).joined(separator: ","), "--out-dir", dir])
        guard let line = out.split(separator: "\n").last else {
            throw OutsideRendererError(description: "render.py printed nothing")
        }
        let info = try JSONDecoder().decode(PlayerInfo.self, from: Data(line.utf8))
        let images = try info.files.map { try PNGFile.read($0) }
        return (info, images)
    }

    /// What a browser player reported about a document.
    struct BrowserInfo: Decodable {
        var player: String
        /// Chromium's version, e.g. "Chrome/156.0.8078.79".
        var browser: String
        var width: Int
        var height: Int
        /// The frames (lottie-web) or seconds (chromium-svg) shown, in the order asked.
        var at: [Double]
        var files: [String]
        /// lottie-web's version (lottie-web players only), e.g. "5.12.2".
        var lottie: String?
        /// The document's frame count and rate as lottie-web reads them (lottie-web players only).
        var frames: Double?
        var fps: Double?
        /// "json", or "dotLottie" when the file was a .lottie zip (lottie-web players only).
        var container: String?
    }

    /// Shows a file in a browser player, one headless Chromium for all of `points`: Lottie frames
    /// (fractional ones drawn as such) for the lottie-web players, seconds for `.chromiumSVG`.
    /// Premultiplied pixmaps at the document's size, in the order asked.
    static func browser(file doc: String, player: BrowserPlayer, at points: [Double]) throws -> (info: BrowserInfo, images: [Pixmap]) {
        let python = root + "/tools/players/.venv/bin/python"
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw OutsideRendererError(description: "\(python) is missing: run tools/players/setup.sh (./run.sh test does)")
        }
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let list = points.map { $0.rounded() == $0 ? String(Int($0)) : "\($0)" }.joined(separator: ",")
        let out = try run(python, [root + "/tools/players/browser.py", doc, "--player", player.rawValue,
                                   player == .chromiumSVG ? "--times" : "--frames", list, "--out-dir", dir])
        guard let line = out.split(separator: "\n").last else {
            throw OutsideRendererError(description: "browser.py printed nothing")
        }
        let info = try JSONDecoder().decode(BrowserInfo.self, from: Data(line.utf8))
        let images = try info.files.map { try PNGFile.read($0) }
        return (info, images)
    }

    /// Plays `frames` of the Lottie `json` with lottie-web (`.lottieWebSVG` or `.lottieWebCanvas`).
    static func browser(lottie json: String, player: BrowserPlayer, frames: [Double]) throws -> (info: BrowserInfo, images: [Pixmap]) {
        precondition(player != .chromiumSVG, "chromium-svg shows SVG documents: use browser(svg:times:)")
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try json.write(toFile: dir + "/doc.json", atomically: true, encoding: .utf8)
        return try browser(file: dir + "/doc.json", player: player, at: frames)
    }

    /// Shows the SVG document `svg` in Chromium at its own size, paused at each of `times` (seconds).
    static func browser(svg: String, times: [Double]) throws -> (info: BrowserInfo, images: [Pixmap]) {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try svg.write(toFile: dir + "/doc.svg", atomically: true, encoding: .utf8)
        return try browser(file: dir + "/doc.svg", player: .chromiumSVG, at: times)
    }

    /// Renders an SVG document with rsvg-convert at its own size.
    static func rsvg(_ svg: String) throws -> Pixmap {
        guard let tool = ["/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert"]
            .first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw OutsideRendererError(description: "rsvg-convert is missing: apt-get install librsvg2-bin (./run.sh test does)")
        }
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try svg.write(toFile: dir + "/doc.svg", atomically: true, encoding: .utf8)
        _ = try run(tool, [dir + "/doc.svg", "-o", dir + "/doc.png"])
        return try PNGFile.read(dir + "/doc.png")
    }

    /// How many of the named Lottie documents tools/players/validate.py finds valid against the
    /// Lottie 1.0 JSON schema, and what it printed.
    static func schemaValid(_ docs: [(name: String, json: String)]) throws -> (valid: Int, output: String) {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var files: [String] = []
        for (name, json) in docs {
            try json.write(toFile: dir + "/\(name).json", atomically: true, encoding: .utf8)
            files.append(dir + "/\(name).json")
        }
        let out = try run(root + "/tools/players/.venv/bin/python", [root + "/tools/players/validate.py"] + files)
        return (out.split(separator: "\n").filter { $0.hasSuffix(": valid") }.count, out)
    }

    /// Runs a program; its stdout, or an error with its stderr when it fails.
    static func run(_ path: String, _ args: [String]) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = args
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw OutsideRendererError(description: "\(path) \(args.joined(separator: " ")) exited \(p.terminationStatus): \(String(decoding: e, as: UTF8.self))")
        }
        return String(decoding: o, as: UTF8.self)
    }
}

/// The wave in the repository's heart mask image (Assets/masks/heart.png) on a 160x124 canvas.
func heartMaskScene() throws -> WaveScene {
    let heart = OutsideRenderers.root + "/Assets/masks/heart.png"
    let image = try PNGFile.readStraightRGBA(heart)
    let mask = MaskImage(width: image.width, height: image.height, alpha: stride(from: 3, to: image.rgba.count, by: 4).map { image.rgba[$0] })
    var p = WaveParameters(); p.width = 160; p.height = 124
    return try WaveScene(parameters: p, maskImage: mask)
}
