// WaveFill: the library in one import.
//
// `import WaveFill` gives an app the engine (geometry, the exact rasterizer, animations and the layer
// tree, text through FreeType and HarfBuzz), the `Scene` contract, the wave fill and the rest of its
// family (marquee, stroke, spread, morph), vector documents, and the file writers (PNG, video through
// ffmpeg, sprite sheets). The window (SDLHost) and the command-line application (WaveFillApp) are
// separate products.
//
// Owns nothing itself: it re-exports the modules below it.
@_exported import Geometry
@_exported import Raster
@_exported import Animation
@_exported import Layers
@_exported import Text
@_exported import SceneKit
@_exported import Vector
@_exported import LayerVector
@_exported import Wave
@_exported import Scenes
@_exported import Export
