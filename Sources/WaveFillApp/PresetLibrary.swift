import WaveFill
#if canImport(Glibc)
import Glibc
#endif

/// Finds presets: `--preset NAME` is a built-in (Assets/presets/NAME.json, else the copy compiled
/// into the binary), `--preset FILE.json` (or any path with a `/`) is a file.
///
/// Assets are found through `$WAVEFILL_ASSETS`, else by walking up from the executable's folder
/// (`.build/<triple>/debug/wavefill` finds the checkout's `Assets/`, an install finds
/// `<prefix>/share/wavefill/Assets`). The compiled-in copies make an installed binary work anywhere;
/// a test holds them identical to the files.
public enum PresetLibrary {
    /// The environment variable naming the Assets folder.
    public static let assetsVariable = "WAVEFILL_ASSETS"
    /// The preset used when `--preset` is not given: the original's look.
    public static let defaultName = "waterwave"

    /// The Assets folder, if one can be found.
    public static func assetsDirectory() -> String? {
        if let v = getenv(assetsVariable).map({ String(cString: $0) }), !v.isEmpty { return v }
        guard var dir = executableDirectory() else { return nil }
        for _ in 0 ..< 6 {
            for candidate in [dir + "/Assets", dir + "/share/wavefill/Assets"] where isDirectory(candidate + "/presets") {
                return candidate
            }
            guard let slash = dir.lastIndex(of: "/"), slash != dir.startIndex else { break }
            dir = String(dir[..<slash])
        }
        return nil
    }

    /// Names of the built-in presets: compiled in, plus any extra files in Assets/presets.
    public static var builtinNames: [String] {
        var names = Set(BuiltinPresets.json.keys)
        if let dir = assetsDirectory() {
            for f in listDirectory(dir + "/presets") where f.hasSuffix(".json") && !f.hasPrefix(".") {
                names.insert(String(f.dropLast(5)))
            }
        }
        return names.sorted()
    }

    /// One line per built-in preset: its name and its scene, padded into columns.
    public static func listing() throws -> [String] {
        let names = builtinNames
        let width = (names.map(\.count).max() ?? 0) + 2
        return try names.map { name in
            let scene = try load(name).string(SceneRegistry.sceneKey) ?? SceneRegistry.defaultScene.name
            return name + String(repeating: " ", count: max(1, width - name.count)) + scene
        }
    }

    /// Loads `--preset NAME|FILE.json` as settings, every error naming `--preset` and the file or name.
    public static func load(_ spec: String) throws -> SceneSettings {
        if spec.hasSuffix(".json") || spec.contains("/") {
            let bytes = try read(file: spec)
            let slash = spec.lastIndex(of: "/")
            let dir = slash.map { String(spec[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
            return try SceneSettings.preset(json: bytes, file: spec, directory: dir)
        }
        if let assets = assetsDirectory(), access(assets + "/presets/" + spec + ".json", R_OK) == 0 {
            let path = assets + "/presets/" + spec + ".json"
            return try SceneSettings.preset(json: try read(file: path), file: path, directory: assets + "/presets")
        }
        if let text = BuiltinPresets.json[spec] {
            return try SceneSettings.preset(json: Array(text.utf8), file: spec, directory: nil)
        }
        throw ParameterError("--preset", "no built-in preset '\(spec)'; built-in: \(builtinNames.joined(separator: ", ")); or give a FILE.json")
    }

    /// The bytes of a preset file, or a `--preset` error naming it.
    public static func read(file: String) throws -> [UInt8] {
        try readSmallFile(file, flag: "--preset", limit: 1 << 20, what: "a preset is a small JSON object")
    }

    /// The bytes of a regular file of at most `limit` bytes, or an error under `flag` naming it
    /// (`what` says why the limit is there).
    public static func readSmallFile(_ file: String, flag: String, limit: Int, what: String) throws -> [UInt8] {
        do { return try SmallFile.read(file, key: String(flag.drop { $0 == "-" }), limit: limit, what: what) } catch let e as SettingError {
            throw ParameterError(flag, e.message)
        }
    }

    private static func executableDirectory() -> String? {
        var buf = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buf, buf.count - 1)
        guard n > 0 else { return nil }
        let path = String(decoding: buf[0 ..< n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }

    private static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    private static func listDirectory(_ path: String) -> [String] {
        guard let d = opendir(path) else { return [] }
        defer { closedir(d) }
        var names: [String] = []
        while let e = readdir(d) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            names.append(name)
        }
        return names
    }
}
