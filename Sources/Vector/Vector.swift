// Vector: vector documents as text: JSON values and their writer, the one JSON string escaper and
// number formatter (`DecimalText`: fixed decimals without exponents for SVG and Lottie, shortest
// round trip for settings), Lottie's bezier paths and reduced keyframe tracks.
//
// Owns: how numbers, strings, paths and keyframes are spelled in JSON, SVG and Lottie, so every
// document the project writes spells them the same way. Scenes map themselves onto these (the wave's
// Lottie and SVG mapping lives in Wave).
//
// Must not: know scenes, files or pixels beyond colours and geometry. Pure Swift, no C.
import Geometry
