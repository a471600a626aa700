// WaveFillApp: the application behind the `wavefill` command, as a library a test (or another
// front end) can drive.
//
// Owns: the scene registry (`SceneRegistry`: every scene's definition, whose declared settings
// make the flags, `--help`, presets, the panel's controls and the window's command line),
// settings layered as defaults -> preset -> flags for every scene (`SceneSettings`, `SceneSetup`,
// `SettingArguments`, `PresetLibrary`), one frame writer
// (`FrameWriter`), one exporter for every scene (`SceneExporter`), one window player for every scene
// (`WindowPlayer`), and the benchmark (`BenchRequest`). Errors name the flag (or the preset file and
// key) a user would fix: `ParameterError` for bad input (exit 64), `CLIError` for failures.
//
// Must not: name an individual setting (the scenes declare theirs; the window's resize is the one
// exception), or know a scene's concrete type: scenes are driven through the `Scene` protocol and
// made by their definitions alone.
import WaveFill

/// The tool's version.
public let wavefillVersion = "0.1.0"
