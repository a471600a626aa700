import WaveFillApp

extension SceneSetup {
    /// The scene the two option groups describe: the preset, then the flags given.
    init(_ options: SceneOptions, _ scenes: SceneChoiceOptions) throws {
        try self.init(flags: options.explicitSettings.overlaid(with: scenes.explicitSettings), preset: options.preset)
    }
}
