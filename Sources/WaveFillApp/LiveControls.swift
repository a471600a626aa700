import WaveFill

/// The window's keys as `wavefill run --help` and the README list them: the player's own, then each
/// scene's (its `controls`, from its definition).
public enum LiveControls {
    /// One line per key or per scene's key, for `run --help`.
    public static var helpLines: [String] {
        var lines = ["every scene:"] + WindowPlayer.playerHelp.map { "  " + $0 }
        for scene in SceneRegistry.all {
            let own = scene.controls.map(\.help).filter { !$0.isEmpty }
            if !own.isEmpty { lines += ["\(scene.name):"] + own.map { "  " + $0 } }
        }
        return lines
    }
}
