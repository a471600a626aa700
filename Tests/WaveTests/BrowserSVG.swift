import Foundation
import Raster
import Export
import TestSupport

extension OutsideRenderers {
    /// Renders an animated SVG in headless Chromium, paused at each of `times` (seconds), at the
    /// document's own size (`width` x `height`): premultiplied pixmaps in the order asked.
    static func chromium(svg: String, width: Int, height: Int, times: [Double]) throws -> [Pixmap] {
        try chromium(times.map { (svg, $0) }, width: width, height: height)
    }

    /// Renders each (animated SVG, time in seconds) in headless Chromium, paused at that time; all
    /// documents are `width` x `height`.
    ///
    /// One page holds every document (ids prefixed, so the copies' masks, gradients and outlines do
    /// not collide), each its own SMIL time container paused at its time, stacked and taken in one
    /// screenshot, then cut apart.
    static func chromium(_ documents: [(svg: String, time: Double)], width: Int, height: Int) throws -> [Pixmap] {
        guard let tool = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw OutsideRendererError(description: "chromium is missing: apt-get install chromium (./run.sh test does)")
        }
        let dir = try Executable.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var page = "<!DOCTYPE html><html><head><style>body{margin:0} svg{display:block}</style></head><body>\n"
        for (i, document) in documents.enumerated() {
            let p = "d\(i)-"
            let body = document.svg.split(separator: "\n", omittingEmptySubsequences: false)
                .drop { $0.hasPrefix("<?xml") }.joined(separator: "\n")
            page += body.replacingOccurrences(of: "id=\"", with: "id=\"\(p)")
                .replacingOccurrences(of: "url(#", with: "url(#\(p)")
                .replacingOccurrences(of: "href=\"#", with: "href=\"#\(p)")
        }
        let list = documents.map { String($0.time) }.joined(separator: ",")
        page += "<script>const t=[\(list)];document.querySelectorAll('body > svg').forEach((s,i)=>{s.pauseAnimations();s.setCurrentTime(t[i]);});</script></body></html>\n"
        try page.write(toFile: dir + "/page.html", atomically: true, encoding: .utf8)
        let total = height * documents.count
        _ = try run(tool, ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
                           "--default-background-color=00000000", "--window-size=\(width),\(total)",
                           "--screenshot=\(dir)/shot.png", "file://\(dir)/page.html"])
        let shot = try PNGFile.read(dir + "/shot.png")
        guard shot.width == width, shot.height >= total else {
            throw OutsideRendererError(description: "chromium's screenshot is \(shot.width)x\(shot.height), not \(width)x\(total)")
        }
        let row = width * 4
        return documents.indices.map { i in
            let start = i * height * row
            return Pixmap(width: width, height: height, bytes: Array(shot.bytes[start ..< start + height * row]))
        }
    }
}
