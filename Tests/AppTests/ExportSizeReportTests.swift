import Testing
@testable import WaveFillApp
import WaveFill

/// The size an export reports, and the warning a large export at the default length gives.
@Suite struct ExportSizeReportTests {
    @Test func sizesAreWrittenInBinaryUnits() {
        #expect(SceneExporter.byteCount(900) == "900 bytes")
        #expect(SceneExporter.byteCount(1536) == "1.5 KiB")
        #expect(SceneExporter.byteCount(1_258_291) == "1.2 MiB")
    }

    /// Over 10 MB at the default length: one line naming --frames, --duration and the scene's timing
    /// flags; at 10 MB or less, or with a length given, nothing.
    @Test func aLargeDefaultExportWarnsInOneLineWithTheFlagsThatShortenIt() throws {
        let marquee = try #require(SceneRegistry.scene("marquee"))
        let flags = SceneExporter.timingFlags(marquee)
        #expect(flags.contains("--scroll-duration") && !flags.contains("--text"), "\(flags)")
        let line = try #require(SceneExporter.sizeWarning(out: "m.gif", bytes: 99_614_720, frames: 17340, defaultLength: true, timingFlags: flags))
        #expect(line.hasPrefix("warning: m.gif is 95 MiB, over 10 MB") && !line.contains("\n"), "\(line)")
        #expect(line.contains("--frames") && line.contains("--duration") && line.contains("--scroll-duration") && line.contains("17340 frames"), "\(line)")
        #expect(SceneExporter.sizeWarning(out: "m.gif", bytes: 10_000_000, frames: 9, defaultLength: true, timingFlags: flags) == nil)
        #expect(SceneExporter.sizeWarning(out: "m.gif", bytes: 99_614_720, frames: 9, defaultLength: false, timingFlags: flags) == nil)
        // A scene without timing settings is told only the export's own flags.
        let plain = try #require(SceneExporter.sizeWarning(out: "s.apng", bytes: 20_000_000, frames: 361, defaultLength: true, timingFlags: []))
        #expect(plain.contains("--frames N or --duration S shortens it") && !plain.contains("timing"), "\(plain)")
    }
}
