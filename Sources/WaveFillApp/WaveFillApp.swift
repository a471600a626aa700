// WaveFillApp: the application behind the `wavefill` command, as a library a test (or another
// front end) can drive.
//
// Owns: settings layered as defaults -> preset -> flags for every scene (`SceneSettings`,
// `SceneKey`, `PresetLibrary`), the scene registry (`SceneSetup.makeScene`), one frame writer
// (`FrameWriter`), one exporter for every scene (`SceneExporter`), one window player for every scene
// (`WindowPlayer`), and the benchmark (`BenchRequest`). Errors name the flag (or the preset file and
// key) a user would fix: `ParameterError` for bad input (exit 64), `CLIError` for failures.
//
// Must not: parse command lines (the executable's swift-argument-parser declarations do), or know
// a scene's concrete type: scenes are driven through the `Scene` protocol alone.
import WaveFill

/// The tool's version.
public let wavefillVersion = "0.1.0"
