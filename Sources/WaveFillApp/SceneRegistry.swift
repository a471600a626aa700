import WaveFill

/// Every scene the program can show, by name: the one place that lists them. Everything else asks a
/// scene's definition for its settings and lets it make the scene.
public enum SceneRegistry {
    /// The scenes, the default first.
    public static let all: [any SceneDefinition] = [
        WaveIndicator.definition, MarqueeScene.definition, StrokeScene.definition, SpreadScene.definition, MorphScene.definition,
    ]

    /// The key that chooses the scene (a flag and a preset key like the settings').
    public static let sceneKey = "scene"

    /// The default scene.
    public static var defaultScene: any SceneDefinition { all[0] }

    /// The scene named `name`.
    public static func scene(_ name: String) -> (any SceneDefinition)? { all.first { $0.name == name } }

    /// The scene names.
    public static var names: [String] { all.map(\.name) }

    /// Every setting key of every scene, once, in the order of the scenes' lists.
    public static let allKeys: [String] = {
        var seen = Set<String>(), keys: [String] = []
        for d in all { for s in d.settings where seen.insert(s.key).inserted { keys.append(s.key) } }
        return keys
    }()

    /// A declaration of `key` in any scene (the first scene that has it).
    public static func anyDeclaration(_ key: String) -> SettingDeclaration? {
        for d in all { if let s = d.declaration(key) { return s } }
        return nil
    }

    /// The names of the scenes that have `key`.
    public static func owners(of key: String) -> [String] { all.filter { $0.declaration(key) != nil }.map(\.name) }

    /// A known key spelled differently (`frontWave`, `front_wave`, `FRONT-WAVE`), for error hints.
    public static func lookalike(of key: String) -> String? {
        func squash(_ s: String) -> String { String(s.lowercased().filter { $0.isLetter || $0.isNumber }) }
        let k = squash(key)
        return ([sceneKey] + allKeys).first { squash($0) == k }
    }
}
