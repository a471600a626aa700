import WaveFill
import WaveFillApp
import ArgumentParser

/// The preset flags shared by the subcommands that draw a scene. The scenes' own settings are not
/// declared here: `main` takes them off the command line by the scenes' declarations
/// (`SettingArguments`) and `--help` lists them from the same declarations.
struct SceneOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Settings to start from: a built-in preset (\(PresetLibrary.builtinNames.joined(separator: ", "))) or a preset FILE.json (keys are the long flags without dashes); flags given on the command line win. (default: none, the scene's defaults; \(PresetLibrary.defaultName) is the original's look)", valueName: "name|file.json"))
    var preset: String?

    @Option(name: .long, help: ArgumentHelp("Also write the effective settings (preset + flags) to FILE.json, a preset for --preset.", valueName: "file.json"))
    var savePreset: String?

    @Flag(name: .long, help: "List the built-in presets with their scenes, and exit.")
    var listPresets = false

    /// Prints the built-in presets when asked; true when it did (the command has nothing else to do).
    func listedPresets() throws -> Bool {
        guard listPresets else { return false }
        for line in try PresetLibrary.listing() { StandardOutput.line(line) }
        return true
    }

    /// The scene settings given on this command line (taken off it by `main`).
    nonisolated(unsafe) static var settings = SceneSettings()
}

extension SceneSetup {
    /// The scene the command line describes: the preset, then the setting flags given.
    init(_ options: SceneOptions) throws {
        try self.init(flags: SceneOptions.settings, preset: options.preset)
    }
}
