import Foundation
import Export

/// The rules PixiJS's Spritesheet parser applies to a TexturePacker "JSON (Hash)" sheet.
public enum PixiSpritesheetRules {
    /// What PixiJS's Spritesheet (and its spritesheet asset loader) needs of a sheet's JSON, checked
    /// on the file `json` in `dir` and the pages its `meta.related_multi_packs` name: `frames` an
    /// object keyed by frame name, each with `frame` {x,y,w,h} inside the page, `rotated` and
    /// `trimmed` booleans, `sourceSize` {w,h} and `spriteSourceSize` {x,y,w,h}; `animations` a name
    /// to a list of keys of these `frames`; `meta.image` a PNG written beside it of `meta.size`,
    /// `meta.scale` a positive number (parseFloat of a string or a number), `meta.format` a string;
    /// `related_multi_packs` file names, each resolving beside it to a sheet that passes the same.
    /// Returns the rules broken, empty when none.
    public static func violations(dir: String, json name: String, seen: Set<String> = []) -> [String] {
        guard let data = FileManager.default.contents(atPath: dir + "/" + name) else { return ["\(name): missing"] }
        guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return ["\(name): not an object"] }
        var bad: [String] = []
        guard let frames = root["frames"] as? [String: Any] else { return ["\(name): frames is not an object keyed by name"] }
        guard let meta = root["meta"] as? [String: Any] else { return ["\(name): no meta"] }
        func rect(_ v: Any?, _ keys: [String]) -> [String: Int]? {
            guard let d = v as? [String: Any] else { return nil }
            var r: [String: Int] = [:]
            for k in keys { guard let n = d[k] as? Int else { return nil }; r[k] = n }
            return r
        }
        // Types as JSONDecoder checks them: a Bool is true or false, not 0 or 1.
        struct Size: Decodable { let w, h: Int }
        struct Rect: Decodable { let x, y, w, h: Int }
        struct Frame: Decodable { let frame: Rect; let rotated, trimmed: Bool; let sourceSize: Size; let spriteSourceSize: Rect }
        let size = rect(meta["size"], ["w", "h"])
        if size == nil { bad.append("\(name): meta.size") }
        if let image = meta["image"] as? String, !image.isEmpty {
            if let png = try? PNGFile.read(dir + "/" + image) {
                if let size, size != ["w": png.width, "h": png.height] { bad.append("\(name): meta.size \(size) is not the image's \(png.width)x\(png.height)") }
            } else { bad.append("\(name): meta.image \(image) not written") }
        } else { bad.append("\(name): meta.image") }
        let scale: Double? = (meta["scale"] as? String).flatMap(Double.init) ?? (meta["scale"] as? NSNumber)?.doubleValue
        if !(scale.map { $0.isFinite && $0 > 0 } ?? false) { bad.append("\(name): meta.scale") }
        if !(meta["format"] is String) { bad.append("\(name): meta.format") }
        for (key, value) in frames {
            guard let entry = try? JSONSerialization.data(withJSONObject: value),
                  let f = try? JSONDecoder().decode(Frame.self, from: entry) else {
                bad.append("\(name): frame \(key) lacks frame {x,y,w,h}, rotated, trimmed, sourceSize or spriteSourceSize")
                continue
            }
            let r = f.frame
            if let size, !(r.x >= 0 && r.y >= 0 && r.w > 0 && r.h > 0 && r.x + r.w <= (size["w"] ?? 0) && r.y + r.h <= (size["h"] ?? 0)) {
                bad.append("\(name): \(key).frame \(r) outside the page")
            }
        }
        if let animations = root["animations"] {
            if let byName = animations as? [String: [String]] {
                for (anim, keys) in byName where keys.isEmpty || keys.contains(where: { frames[$0] == nil }) {
                    bad.append("\(name): animation \(anim) names frames not in this sheet")
                }
            } else { bad.append("\(name): animations is not names to frame-name lists") }
        }
        if let packs = meta["related_multi_packs"] {
            guard let list = packs as? [String] else { return bad + ["\(name): related_multi_packs is not a list of names"] }
            for other in list where !seen.contains(other) && other != name {
                bad += violations(dir: dir, json: other, seen: seen.union([name] + list))
            }
        }
        return bad
    }

}
