// Renders frame 150 of the wave fill and the first second of a marquee with the library alone.
import WaveFill

// The wave: the default parameters are the original's (the text "du", 400x310, 8 degrees a frame).
var parameters = WaveParameters()
parameters.text = "Wave"
parameters.width = 300
parameters.height = 120
let face = try FontFace(path: FontLocator.defaultFont() ?? "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
let wave = try WaveIndicator(parameters: parameters, source: .text(try TextShaper(text: parameters.text, face: face)))

// Any scene: frame n into a pixmap the caller owns.
var pixmap = Pixmap(width: wave.width, height: wave.height)
wave.render(frame: 150, into: &pixmap)
try PNGFile.write(pixmap, to: "wave-150.png")

// Another scene, the same contract.
let canvas = SceneCanvas(width: 300, height: 60)
var caption = MarqueeParameters()
caption.runs = [.init(text: "A caption longer than the view scrolls on its own", color: .black)]
let marquee = try MarqueeScene(canvas: canvas, parameters: caption, face: face, fps: 60)
for n in 0 ..< 60 { marquee.render(frame: n, into: &pixmap) }
try PNGFile.write(pixmap, to: "marquee-59.png")

print("wave: \(wave.timeline), marquee: \(marquee.timeline)")
