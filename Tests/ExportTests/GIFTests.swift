import Testing
import Foundation
import Raster
import TestSupport
@testable import Export

/// GIF's limits handled before ffmpeg: frames sampled by time at 50 fps, and translucent pixels
/// composited over a matte; and the file GIFWriter makes, read back by ffmpeg's decoder.
@Suite struct GIFTests {
    /// Frames that grow, turn pixels transparent (the previous frame restored to the background),
    /// stay the same, and fill the LZW table (noise), each decoded by ffmpeg as it was given.
    @Test func writerFramesDecodeAsGiven() throws {
        var palette = [UInt8](repeating: 255, count: 1024)
        for i in 0 ..< 256 { palette[4 * i] = UInt8(i); palette[4 * i + 1] = UInt8(255 - i); palette[4 * i + 2] = UInt8((i * 7) & 255) }
        palette[4 * 9 + 3] = 0                                   // entry 9 is the transparent one
        let w = 70, h = 60
        var frames: [[UInt8]] = []
        var f = [UInt8](repeating: 9, count: w * h)
        for y in 0 ..< h { for x in 0 ..< 30 { f[y * w + x] = 1 } }
        frames.append(f)
        f[20 * w + 50] = 2; f[59 * w + 69] = 3                  // grows
        frames.append(f)
        f[0] = 9; f[5 * w + 29] = 9                             // pixels turn transparent
        frames.append(f)
        frames.append(f)                                         // unchanged
        f[0] = 4; f[40 * w + 10] = 9
        frames.append(f)
        var seed: UInt64 = 12345
        for _ in 0 ..< 2 {                                       // noise: more than 4096 codes
            for i in f.indices {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                f[i] = UInt8(truncatingIfNeeded: seed >> 56)
            }
            frames.append(f)
        }
        var gif = GIFWriter(width: w, height: h, palette: palette)
        for frame in frames { gif.add(frame, delay: 4) }
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(gif.finish()).write(to: URL(fileURLWithPath: dir + "/w.gif"))
        let decoded = try MediaProbe.frames(dir + "/w.gif", width: w, height: h)
        #expect(decoded.count == frames.count)
        for (k, (frame, image)) in zip(frames, decoded).enumerated() {
            var wrong = 0
            for y in 0 ..< h {
                for x in 0 ..< w {
                    let i = Int(frame[y * w + x]), p = image.pixel(x, y)
                    let want: SIMD4<UInt8> = i == 9 ? SIMD4(0, 0, 0, 0) : SIMD4(palette[4 * i], palette[4 * i + 1], palette[4 * i + 2], 255)
                    if p != want { wrong += 1 }
                }
            }
            #expect(wrong == 0, "frame \(k): \(wrong) pixels differ")
        }
        #expect(GIFWriter.delay(frame: 0, fps: 30) == 3 && GIFWriter.delay(frame: 1, fps: 30) == 4 && GIFWriter.delay(frame: 0, fps: 50) == 2)
    }

    @Test func atOrBelowFiftyNothingChanges() {
        for fps in [50.0, 25, 29.97, 0.1] {
            let t = FrameResampling(sourceFPS: fps, sourceCount: 37, maxFPS: VideoFormat.gif.maxFrameRate)
            #expect(!t.isResampled && t.fps == fps && t.count == 37 && (0 ..< 37).allSatisfy { t.sourceFrame($0) == $0 })
        }
        let mp4 = FrameResampling(sourceFPS: 120, sourceCount: 5, maxFPS: VideoFormat.mp4.maxFrameRate)
        #expect(!mp4.isResampled && mp4.fps == 120)
    }

    @Test func sixtyFPSLoopBecomesFiftyOverTheSameSeconds() {
        // The wave's default loop: 900 frames = 15 s at 60 fps, 750 frames at 50 fps.
        let t = FrameResampling(sourceFPS: 60, sourceCount: 900, maxFPS: 50)
        #expect(t.isResampled && t.fps == 50 && t.count == 750 && t.coversExactly)
        #expect((0 ..< 750).allSatisfy { t.sourceFrame($0) == Int((Double($0) * 1.2).rounded()) })
        #expect(t.sourceFrame(5) == 6 && t.sourceFrame(749) == 899)
        // 10 frames at 60 fps are 8.33 frames at 50 fps: not a seamless loop.
        let short = FrameResampling(sourceFPS: 60, sourceCount: 10, maxFPS: 50)
        #expect(short.count == 8 && !short.coversExactly)
        #expect(FrameResampling(sourceFPS: 60, sourceCount: 1, maxFPS: 50).count == 1)
    }

    /// Every GIF frame shows the source frame nearest its timestamp, inside the source's frames, and
    /// the GIF lasts the source's seconds to within half a GIF frame.
    @Test(arguments: [50.5, 59.94, 60, 75, 100, 120, 144, 240, 1000])
    func framesAreNearestByTime(fps: Double) {
        for n in [1, 2, 3, 7, 60, 61, 599, 1000] {
            let t = FrameResampling(sourceFPS: fps, sourceCount: n, maxFPS: 50)
            #expect(abs(Double(t.count) / 50 - Double(n) / fps) <= 0.5 / 50 + 1e-12 || t.count == 1, "\(fps) fps, \(n) frames: \(t.count)")
            for j in 0 ..< t.count {
                let k = t.sourceFrame(j)
                #expect(k >= 0 && k < n, "\(fps) fps, \(n) frames: GIF frame \(j) shows \(k)")
                #expect(abs(Double(k) / fps - Double(j) / 50) <= 0.5 / fps + 1e-12, "\(fps) fps: GIF frame \(j) shows \(k)")
            }
        }
    }

    @Test func translucentPixelsAreCompositedOverTheMatte() {
        // Premultiplied: transparent, opaque red, red at 25 %, white at 50 %.
        var p = Pixmap(width: 4, height: 1, bytes: [0, 0, 0, 0, 255, 0, 0, 255, 64, 0, 0, 64, 128, 128, 128, 128])
        #expect(GIFMatte.flatten(&p, over: Color(r: 255, g: 255, b: 255, a: 7)))
        #expect(p.bytes == [0, 0, 0, 0, 255, 0, 0, 255, 255, 191, 191, 255, 255, 255, 255, 255])
        var q = Pixmap(width: 2, height: 1, bytes: [128, 0, 0, 128, 0, 0, 0, 0])
        #expect(GIFMatte.flatten(&q, over: Color(r: 0, g: 0, b: 255)))
        #expect(q.bytes == [128, 0, 127, 255, 0, 0, 0, 0])
        var opaque = Pixmap(width: 2, height: 1, bytes: [1, 2, 3, 255, 0, 0, 0, 0])
        #expect(!GIFMatte.flatten(&opaque, over: .black) && opaque.bytes == [1, 2, 3, 255, 0, 0, 0, 0])
        #expect(GIFMatte.defaultMatte(background: Color(r: 0x33, g: 0x66, b: 0xCC, a: 0x40)) == Color(r: 0x33, g: 0x66, b: 0xCC))
        #expect(GIFMatte.defaultMatte(background: Color(r: 0x33, g: 0x66, b: 0xCC, a: 0)) == .white)
        #expect(GIFMatte.defaultMatte(background: .black) == .black)
    }
}
