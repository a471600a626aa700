// LayerVector: any layer tree's animation as a vector document. `LayerSampling` samples the
// presentation trees frame by frame (and just before each frame, to tell a jump from a movement),
// matching layers across frames by their model layer; `LayerLottie` writes the samples as Lottie
// keyframes that players turn back into the same picture at every whole frame, and `LayerSVG` as an
// animated SVG (SMIL) that browsers play, or a still SVG of one frame.
//
// Owns: how layers (shapes, strokes, gradients, text, coverage images, masks, opacity, masksToBounds, transforms) map
// onto Lottie and SVG, and the workarounds that keep those mappings playing alike in ThorVG, rlottie
// and lottie-web, and in Chromium and rsvg-convert.
//
// Must not: know scenes or files. A coverage layer (a bitmap) is embedded as a PNG image.
import Layers
