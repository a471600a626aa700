import Foundation
import Raster

/// An independent reader of exported media: ffprobe for the container's facts, ffmpeg to decode
/// frames back to RGBA. Neither shares code with the writer beyond being ffmpeg.
public enum MediaProbe {
    /// What ffprobe reports about a file's first video stream.
    public struct Info: Sendable {
        /// Codec, e.g. `gif`, `apng`, `h264`, `vp9`.
        public var codec: String
        /// Frame size in pixels.
        public var width: Int, height: Int
        /// Frames counted by decoding (`-count_frames`).
        public var frameCount: Int
        /// Average frame rate as a number (`avg_frame_rate`).
        public var frameRate: Double
        /// Container duration in seconds.
        public var duration: Double
        /// The stream's pixel format.
        public var pixelFormat: String
        /// Tags, e.g. WebM's `alpha_mode`.
        public var tags: [String: String]
        /// The stream's colour description: `color_space`, `color_primaries`, `color_transfer` and
        /// `color_range` as ffprobe names them (absent when the stream does not say).
        public var color: [String: String]
    }

    /// Runs a tool and returns its stdout, or throws with its stderr.
    public static func run(_ tool: String, _ arguments: [String]) throws -> Data {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = [tool] + arguments
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let errData = DataBox()
        let reader = Thread { errData.data = err.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        while !reader.isFinished { usleep(1000) }
        guard p.terminationStatus == 0 else {
            throw ProbeError(message: "\(tool) \(arguments.joined(separator: " ")) failed: \(String(decoding: errData.data, as: UTF8.self))")
        }
        return o
    }

    /// ffprobe's facts about `path`.
    public static func info(_ path: String) throws -> Info {
        let data = try run("ffprobe", ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                                       "stream=codec_name,width,height,avg_frame_rate,nb_read_frames,pix_fmt,color_space,color_primaries,color_transfer,color_range:stream_tags:format=duration",
                                       "-of", "json", path])
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let stream = (root["streams"] as? [[String: Any]])?.first else {
            throw ProbeError(message: "ffprobe gave no stream for \(path)")
        }
        func rate(_ s: String?) -> Double {
            let parts = (s ?? "0/1").split(separator: "/").compactMap { Double($0) }
            return parts.count == 2 && parts[1] != 0 ? parts[0] / parts[1] : 0
        }
        return Info(codec: stream["codec_name"] as? String ?? "",
                    width: stream["width"] as? Int ?? 0, height: stream["height"] as? Int ?? 0,
                    frameCount: Int(stream["nb_read_frames"] as? String ?? "") ?? -1,
                    frameRate: rate(stream["avg_frame_rate"] as? String),
                    duration: Double((root["format"] as? [String: Any])?["duration"] as? String ?? "") ?? -1,
                    pixelFormat: stream["pix_fmt"] as? String ?? "",
                    tags: stream["tags"] as? [String: String] ?? [:],
                    color: stream.filter { $0.key.hasPrefix("color_") }.compactMapValues { $0 as? String })
    }

    /// Per-packet durations in seconds as ffprobe reads them (for GIF, after its player rule that
    /// delays under 2/100 s play as 1/10 s).
    public static func packetDurations(_ path: String) throws -> [Double] {
        let data = try run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "packet=duration_time", "-of", "csv=p=0", path])
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// Every frame of `path` decoded by ffmpeg to straight RGBA and premultiplied, `width x height`.
    /// `decoder` forces a decoder (libvpx-vp9 is the one that reads WebM's alpha); `yuvMatrix` ("bt709",
    /// "bt601") reads YUV as limited range with that matrix whatever the stream says.
    public static func frames(_ path: String, width: Int, height: Int, decoder: String? = nil, yuvMatrix: String? = nil) throws -> [Pixmap] {
        var args = ["-v", "error", "-nostdin"]
        if let decoder { args += ["-c:v", decoder] }
        args += ["-i", path]
        if let yuvMatrix { args += ["-vf", "scale=in_color_matrix=\(yuvMatrix):in_range=tv"] }
        args += ["-f", "rawvideo", "-pix_fmt", "rgba", "-vsync", "passthrough", "-"]
        let data = [UInt8](try run("ffmpeg", args))
        let size = width * height * 4
        guard size > 0, data.count % size == 0 else {
            throw ProbeError(message: "decoded \(data.count) bytes, not a whole number of \(width)x\(height) frames")
        }
        return stride(from: 0, to: data.count, by: size).map {
            Pixmap(width: width, height: height, straight: Array(data[$0 ..< $0 + size]))
        }
    }

    /// Peak signal-to-noise ratio in dB over the chosen channels (premultiplied bytes; 0 R, 1 G, 2 B,
    /// 3 A); infinity when identical.
    public static func psnr(_ a: Pixmap, _ b: Pixmap, channels: [Int] = [0, 1, 2]) -> Double {
        precondition(a.width == b.width && a.height == b.height)
        var sum = 0.0
        for i in 0 ..< a.width * a.height {
            for c in channels {
                let d = Double(Int(a.bytes[i * 4 + c]) - Int(b.bytes[i * 4 + c]))
                sum += d * d
            }
        }
        let mse = sum / Double(a.width * a.height * channels.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// Mean absolute difference per channel value.
    public static func meanDifference(_ a: Pixmap, _ b: Pixmap) -> Double {
        var sum = 0
        for i in 0 ..< a.bytes.count { sum += abs(Int(a.bytes[i]) - Int(b.bytes[i])) }
        return Double(sum) / Double(a.bytes.count)
    }

    /// A tool failed.
    public struct ProbeError: Error, CustomStringConvertible {
        /// What happened.
        public var message: String
        /// The message.
        public var description: String { message }
    }

    private final class DataBox: @unchecked Sendable { var data = Data() }
}
