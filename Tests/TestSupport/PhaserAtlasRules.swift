import Foundation
import Export

/// The rules Phaser 3's loader and texture parsers apply to a sprite sheet's JSON.
///
/// From Phaser's source: `TextureManager.addAtlas` parses a JSON as a JSON Array when its `frames`
/// or its `textures` is an array (`Parsers.JSONArray`, which reads `textures[sourceIndex].frames`
/// when `textures` is an array, each entry named by `filename`), else as a JSON Hash
/// (`Parsers.JSONHash`: `frames` an object keyed by frame name); each entry's `frame` {x,y,w,h}
/// is cut from the page, `trimmed` needs `sourceSize` {w,h} and `spriteSourceSize` {x,y,w,h},
/// `rotated` turns the frame; `Texture.add` refuses a name the texture has (`__BASE`, the whole
/// page, is added first); every other top-level key (`animations`, `meta`) is kept as the
/// texture's `customData`. `load.multiatlas` (`MultiAtlasFile`) reads the JSON's `textures`, loads
/// each `textures[i].image` beside it as source i of one texture, and parses each with the JSON
/// Array parser. Phaser does not follow `related_multi_packs`: a page without `textures` is loaded
/// on its own with `load.atlas(key, png, json)`, the PNG named by the caller.
public enum PhaserAtlasRules {
    /// Violations of those rules for `load.multiatlas(key, json)` and for `load.atlas` of each page
    /// (the JSON `json` in `dir`; pages are the files its `textures` list, each page's JSON the one
    /// named like its image): every frame inside its page, no name twice in one texture or named
    /// `__BASE`, every name an animation lists (in `customData.animations`) a frame of the texture it
    /// was loaded with. Empty when none.
    public static func violations(dir: String, json name: String) -> [String] {
        guard let root = object(dir + "/" + name) else { return ["\(name): missing or not a JSON object"] }
        var bad: [String] = []
        var pageJSONs: [(json: String, png: String)] = []
        guard root["textures"] != nil else {
            // One page: load.atlas(key, meta.image, json).
            guard let image = (root["meta"] as? [String: Any])?["image"] as? String else { return ["\(name): no meta.image"] }
            pageJSONs.append((name, image))
            return pages(pageJSONs, dir: dir)
        }
        // load.multiatlas: one texture, a source per `textures` entry.
        guard let textures = root["textures"] as? [[String: Any]], !textures.isEmpty else {
            return ["\(name): textures is not a list of pages, so load.multiatlas loads no image"]
        }
        var names: Set<String> = []
        for (i, texture) in textures.enumerated() {
            guard let image = texture["image"] as? String, let png = try? PNGFile.read(dir + "/" + image) else {
                bad.append("\(name): textures[\(i)].image is not a PNG beside it"); continue
            }
            guard let frames = texture["frames"] as? [[String: Any]] else {
                bad.append("\(name): textures[\(i)].frames is not an array"); continue
            }
            for f in frames {
                guard let filename = f["filename"] as? String else { bad.append("\(name): textures[\(i)] has a frame without filename"); continue }
                bad += entry(f, named: filename, in: "\(name) textures[\(i)]", width: png.width, height: png.height)
                if !names.insert(filename).inserted || filename == "__BASE" { bad.append("\(name): frame \(filename) added twice to the multiatlas") }
            }
            pageJSONs.append(((image as NSString).deletingPathExtension + ".json", image))
        }
        bad += animations(root, resolvedIn: names, file: name)
        return bad + pages(pageJSONs, dir: dir)
    }

    /// `load.atlas(key, png, json)` of each page alone, with its own PNG.
    private static func pages(_ pageJSONs: [(json: String, png: String)], dir: String) -> [String] {
        var bad: [String] = []
        for (json, png) in pageJSONs {
            guard let page = object(dir + "/" + json), let image = try? PNGFile.read(dir + "/" + png) else {
                bad.append("\(json): missing beside \(png)"); continue
            }
            var own: Set<String> = []
            if let list = page["textures"] as? [[String: Any]] {
                // Parsed as a JSON Array: source 0 is textures[0].
                guard let frames = list.first?["frames"] as? [[String: Any]], list.first?["image"] as? String == png else {
                    bad.append("\(json): textures[0] is not its own page \(png)"); continue
                }
                for f in frames {
                    guard let filename = f["filename"] as? String else { bad.append("\(json): a frame without filename"); continue }
                    bad += entry(f, named: filename, in: json, width: image.width, height: image.height)
                    if !own.insert(filename).inserted || filename == "__BASE" { bad.append("\(json): frame \(filename) added twice") }
                }
            } else if let frames = page["frames"] as? [String: Any] {
                for (key, value) in frames {
                    guard let f = value as? [String: Any] else { bad.append("\(json): frame \(key) is not an object"); continue }
                    bad += entry(f, named: key, in: json, width: image.width, height: image.height)
                    if key == "__BASE" { bad.append("\(json): a frame named __BASE") }
                    own.insert(key)
                }
            } else {
                bad.append("\(json): neither textures nor a frames object")
            }
            bad += animations(page, resolvedIn: own, file: json)
        }
        return bad
    }

    private static func object(_ path: String) -> [String: Any]? {
        FileManager.default.contents(atPath: path).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
    }

    /// One frame entry as the parsers read it: `frame` {x,y,w,h} inside the page; `trimmed` (when
    /// true) with `sourceSize` and `spriteSourceSize`; `rotated`, when present, a boolean.
    private static func entry(_ f: [String: Any], named key: String, in file: String, width: Int, height: Int) -> [String] {
        func ints(_ v: Any?, _ keys: [String]) -> [Int]? {
            guard let d = v as? [String: Any] else { return nil }
            let out = keys.compactMap { d[$0] as? Int }
            return out.count == keys.count ? out : nil
        }
        var bad: [String] = []
        if let r = ints(f["frame"], ["x", "y", "w", "h"]) {
            if !(r[0] >= 0 && r[1] >= 0 && r[2] > 0 && r[3] > 0 && r[0] + r[2] <= width && r[1] + r[3] <= height) {
                bad.append("\(file): \(key).frame \(r) outside the \(width)x\(height) page")
            }
        } else { bad.append("\(file): \(key) has no frame {x,y,w,h}") }
        if f["trimmed"] as? Bool == true, ints(f["sourceSize"], ["w", "h"]) == nil || ints(f["spriteSourceSize"], ["x", "y", "w", "h"]) == nil {
            bad.append("\(file): \(key) is trimmed without sourceSize and spriteSourceSize")
        }
        if let rotated = f["rotated"], !(rotated is Bool) || rotated as? Bool == true {
            bad.append("\(file): \(key) is rotated (the frame is written upright)")
        }
        return bad
    }

    /// `customData.animations`: names to lists of frame names, each a frame of the loaded texture.
    private static func animations(_ root: [String: Any], resolvedIn names: Set<String>, file: String) -> [String] {
        guard let value = root["animations"] else { return [] }
        guard let byName = value as? [String: [String]] else { return ["\(file): animations is not names to frame-name lists"] }
        return byName.compactMap { anim, frames in
            frames.isEmpty || frames.contains { !names.contains($0) } ? "\(file): animation \(anim) names frames its texture lacks" : nil
        }
    }
}
