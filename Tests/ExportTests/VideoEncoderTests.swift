import Testing
import Foundation
import Raster
@testable import Export
import TestSupport

/// ffmpeg as a subprocess: arguments, a lossless round trip, and failures reported in one line.
@Suite struct VideoEncoderTests {
    @Test func argumentsFeedRawRGBAAndChooseTheEncoder() {
        let gif = VideoFormat.gif.ffmpegArguments(width: 80, height: 62, fps: 50, translucent: false, output: "o")
        #expect(gif.starts(with: ["-hide_banner", "-loglevel", "error", "-xerror", "-y", "-f", "rawvideo", "-pix_fmt", "rgba",
                                  "-s", "80x62", "-r", "50", "-i", "-"]))
        #expect(gif.contains { $0.contains("palettegen") && $0.contains("paletteuse") })
        // Indexed frames, each after its palette, for GIFWriter; only the changed rectangle is dithered again.
        #expect(gif.suffix(5) == ["-f", "rawvideo", "-pix_fmt", "pal8", "o"])
        #expect(gif.contains { $0.contains("diff_mode=rectangle") })
        let odd = VideoFormat.mp4.ffmpegArguments(width: 81, height: 61, fps: 29.97, translucent: false,
                                                  padColor: Color(r: 0x33, g: 0x66, b: 0x99), output: "o")
        #expect(odd.contains("libx264") && odd.contains("yuv420p"))
        #expect(odd[odd.firstIndex(of: "-r").map { $0 + 1 } ?? 0] == "29.97")
        #expect(VideoFormat.webm.ffmpegArguments(width: 2, height: 2, fps: 60, translucent: true, output: "o").contains("yuva420p"))
        #expect(VideoFormat.webm.ffmpegArguments(width: 2, height: 2, fps: 60, translucent: false, output: "o").contains("yuv420p"))
        let apng = VideoFormat.apng.ffmpegArguments(width: 2, height: 2, fps: 60, translucent: true, output: "o")
        #expect(apng.contains("-plays") && apng.contains("rgba"))
        #expect(VideoFormat.mp4.outputSize(width: 81, height: 62) == (82, 62))
        // MP4 and WebM: converted with the BT.709 matrix to limited range (after mp4's padding) and tagged so.
        let tags = ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv"]
        let filter = { (a: [String]) in a[(a.firstIndex(of: "-vf") ?? a.count - 2) + 1] }
        #expect(filter(odd) == "pad=82:62:0:0:color=0x336699,scale=out_color_matrix=bt709:out_range=tv,format=yuv420p")
        let even = VideoFormat.mp4.ffmpegArguments(width: 80, height: 62, fps: 60, translucent: false, output: "o")
        let webm = VideoFormat.webm.ffmpegArguments(width: 80, height: 62, fps: 60, translucent: true, output: "o")
        #expect(filter(even) == "scale=out_color_matrix=bt709:out_range=tv,format=yuv420p")
        #expect(filter(webm) == "scale=out_color_matrix=bt709:out_range=tv,format=yuva420p")
        for a in [odd, even, webm] { #expect(a.indices.contains { Array(a[$0...].prefix(tags.count)) == tags }, "\(a)") }
        #expect(!gif.contains("-colorspace") && !apng.contains("-colorspace"))
        #expect(VideoFormat.gif.outputSize(width: 81, height: 61) == (81, 61))
    }

    @Test func apngThroughTheEncoderIsLossless() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var rng = SeededRandom(seed: 5)
        let frames = (0 ..< 3).map { _ in
            Pixmap(width: 9, height: 5, bytes: (0 ..< 9 * 5).flatMap { _ in [UInt8(rng.int(0 ... 255)), UInt8(rng.int(0 ... 255)), UInt8(rng.int(0 ... 255)), 255] })
        }
        let e = try VideoEncoder(format: .apng, path: dir + "/a.apng", width: 9, height: 5, fps: 12, translucent: false)
        for f in frames { try e.append(f) }
        try e.finish()
        #expect(e.frameCount == 3)
        let back = try MediaProbe.frames(dir + "/a.apng", width: 9, height: 5)
        #expect(back == frames)
    }

    @Test func failuresAreOneLineWithTheToolsMessage() throws {
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let script = dir + "/fails"
        try "#!/bin/sh\necho 'first line' >&2\necho 'Option not found' >&2\nexit 3\n".write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        let p = try ChildProcess(executable: script, arguments: [])
        let big = [UInt8](repeating: 7, count: 1 << 20)     // more than a pipe holds: the write sees EPIPE
        do {
            try big.withUnsafeBytes { try p.write($0) }
            try p.finish()
            Issue.record("a failing tool was not reported")
        } catch let e as EncoderError {
            #expect(e == .failed(tool: "ffmpeg", status: "exit status 3", message: "Option not found"), "\(e)")
            #expect(!e.description.contains("\n"))
        }
        #expect(throws: EncoderError.self) { try ChildProcess(executable: dir + "/nonexistent", arguments: []) }
        #expect(EncoderError.notInstalled(tool: "ffmpeg", package: "ffmpeg").description.contains("apt-get install ffmpeg"))
    }
}
