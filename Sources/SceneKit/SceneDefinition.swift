/// One scene as a program knows it before making it: its name, its settings declared once, and how
/// checked values make the scene. A registry of these is all a front end (a command line, a window,
/// a panel) needs: flags, help, presets, the panel's controls and the window's command line are made
/// from `settings`.
public protocol SceneDefinition: Sendable {
    /// The registry name (`wave`, `marquee`, ...), the value of `--scene`.
    var name: String { get }
    /// One line saying what the scene is.
    var summary: String { get }
    /// Every setting of the scene, in the order `--help`, presets and command lines list them.
    var settings: [SettingDeclaration] { get }
    /// Makes the scene from values by key (keys not given are absent). Each value is checked against
    /// its declaration first; errors are `SettingError`s naming the key at fault.
    func makeScene(_ values: [String: SettingValue]) throws -> any Scene
    /// What to suggest when the scene's loop is not a whole number of frames (`, or ...`), or "".
    var loopHint: String { get }
    /// The inputs the scene responds to in a window (the same as its scenes' `Scene.controls`).
    var controls: [SceneControl] { get }
}

extension SceneDefinition {
    /// The declaration of `key`, if the scene has it.
    public func declaration(_ key: String) -> SettingDeclaration? { settings.first { $0.key == key } }
}

/// A scene definition whose settings write into parameters `P`, which `make` turns into the scene.
public struct DeclaredScene<P>: SceneDefinition {
    public let name: String
    public let summary: String
    public let loopHint: String
    public let controls: [SceneControl]
    /// The settings with how each reaches `P`.
    public let declared: [Setting<P>]
    private let initial: @Sendable () -> P
    private let make: @Sendable (P) throws -> any Scene

    public init(name: String, summary: String, loopHint: String = "", controls: [SceneControl] = [], settings: [Setting<P>],
                initial: @escaping @Sendable () -> P, make: @escaping @Sendable (P) throws -> any Scene) {
        self.name = name; self.summary = summary; self.loopHint = loopHint; self.controls = controls
        declared = settings; self.initial = initial; self.make = make
        var seen = Set<String>()
        for s in settings { precondition(seen.insert(s.declaration.key).inserted, "setting \(s.declaration.key) declared twice") }
    }

    public var settings: [SettingDeclaration] { declared.map(\.declaration) }

    /// The parameters the values describe: each setting's checked value written in declaration order.
    public func parameters(_ values: [String: SettingValue]) throws -> P {
        var p = initial()
        for s in declared {
            guard let given = values[s.declaration.key] else { continue }
            let v = try s.declaration.check(given)
            if v != .unset { try s.apply(&p, v) }
        }
        return p
    }

    public func makeScene(_ values: [String: SettingValue]) throws -> any Scene {
        try make(try parameters(values))
    }
}
