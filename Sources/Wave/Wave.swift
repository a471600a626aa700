// Wave: the wave-fill loading indicator of docs/SCENE.md.
//
// Owns the scene's meaning: parameters and their validation (stated ranges), the container layout
// (text or mask image), the per-tick state (phase, progress), the wave polygons, and two renderers
// that agree: `WaveRenderer` (the fast per-frame path, allocation-free, changed rows only) and
// `WaveLayerScene` (the same scene as layers, masks and a position animation, rendered by the
// general engine: the reference). `WaveIndicator` is the wave as a `Scene` (and a `VectorScene`:
// `WaveVector` writes the reference's layer tree through LayerVector, each wave one static path of
// cubic segments moved by its layer's position (`WaveVectorMotion`)).
// Must not: know SDL, files or command lines.
