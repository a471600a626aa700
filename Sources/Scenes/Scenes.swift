// Scenes: the rest of the wave fill's family as library code: a scrolling caption (`MarqueeScene`),
// text drawn by a pen (`StrokeScene`), a tab title that fills with colour when selected
// (`SpreadScene`) and a label whose characters morph from text to text (`MorphScene`).
//
// Owns: each scene's meaning (parameters with the documents' defaults and their validation, the
// layer tree and its explicit Core Animation style animations) as a `LayerSceneModel`, played as a
// `Scene` by `LayeredScene`: frame n is `presentation(at: n / fps)` of the tree, a pure function of
// time, drawn by `FastLayerRenderer` (held to the exact `LayerRenderer` within 1/255), so a scrubbed
// frame equals the played frame and frame n can be rendered alone. Each model states its timeline,
// its controls and what its actions do. No implicit animations: nothing changes unless an animation
// added here says so.
//
// Must not: know SDL, files or command lines, or the wave fill. Errors name setting keys.
// Allocation: one presentation tree is reused; per frame, key-path writes to computed properties
// (`transformParts`), interpolated arrays (gradient locations) and a stroke whose trim changes (a new
// outline) allocate; the rest does not (`wavefill bench --scene` counts it).
import Geometry
import Layers
import Raster

/// The scenes `wavefill --scene` can show.
public enum SceneKind: String, Sendable, CaseIterable {
    /// The wave fill of docs/SCENE.md (its own fast renderer).
    case wave
    /// A caption scrolling endlessly through a faded window.
    case marquee
    /// Glyph outlines drawn by a pen, then filled.
    case stroke
    /// A tab title that fills with colour when selected.
    case spread
    /// A per-character label morphing from text to text.
    case morph
}
