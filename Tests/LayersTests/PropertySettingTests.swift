import Testing
import Geometry
import Raster
import Animation
@testable import Layers

/// Animations write layer properties through plain functions (a key-path write into a class
/// instance allocates every time): every animatable property has one, and writes what the key path
/// would.
@Suite struct PropertySettingTests {
    @Test func everyAnimatablePropertyHasASetterThatWritesIt() throws {
        let layer = ShapeLayer()
        func check<R, V: Equatable>(_ kp: WritableKeyPath<R, V>, _ root: R, _ value: V) throws {
            let set = try #require(Layer.setter(for: kp), "\(kp)")
            var r = root
            set(&r, value)
            #expect(r[keyPath: kp] == value, "\(kp)")
        }
        try check(\Layer.position, layer as Layer, Point(3, 4))
        try check(\ShapeLayer.position, layer, Point(5, 6))
        try check(\Layer.opacity, layer as Layer, 0.25)
        try check(\Layer.bounds, layer as Layer, Rect(x: 1, y: 2, width: 3, height: 4))
        try check(\Layer.anchorPoint, layer as Layer, Point(0, 1))
        try check(\Layer.transform, layer as Layer, Transform(a: 2, b: 0, c: 0, d: 2, tx: 1, ty: 1))
        try check(\Layer.isHidden, layer as Layer, true)
        try check(\Layer.backgroundColor, layer as Layer, Color(r: 1, g: 2, b: 3))
        try check(\ShapeLayer.strokeEnd, layer, 0.5)
        try check(\ShapeLayer.strokeStart, layer, 0.125)
        try check(\ShapeLayer.fillColor, layer, Color(r: 9, g: 8, b: 7))
        try check(\ShapeLayer.strokeColor, layer, Color(r: 7, g: 8, b: 9))
        try check(\ShapeLayer.lineWidth, layer, 3)
        let g = GradientLayer()
        try check(\GradientLayer.locations, g, [0, 0.5, 1])
        try check(\GradientLayer.colors, g, [Color.black, Color(r: 255, g: 255, b: 255)])
        try check(\GradientLayer.startPoint, g, Point(0, 0.5))
        // A turn animated as an angle: written through `transformParts`.
        let set = try #require(Layer.setter(for: \Layer.transformParts))
        var l: Layer = Layer()
        set(&l, TransformParts(Transform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)))
        #expect(abs(l.transform.b - 1) < 1e-12 && abs(l.transform.c + 1) < 1e-12)
        // Anything else goes through its key path.
        #expect(Layer.setter(for: \Layer.name) == nil)
    }

    /// An animation applied to a presentation copy writes the presented value through the setter.
    @Test func animationsPresentThroughTheSetters() throws {
        let root = Layer()
        let shape = ShapeLayer()
        root.addSublayer(shape)
        shape.add(BasicAnimation<ShapeLayer, Double>(keyPath: \ShapeLayer.strokeEnd, from: 0, to: 1,
                                                     timing: MediaTiming(duration: 10)), forKey: "end")
        root.add(AnyAnimation(BasicAnimation<Layer, Point>(keyPath: \Layer.position, from: .zero, to: Point(100, 0),
                                                           timing: MediaTiming(duration: 10))), forKey: "move")
        let p = root.presentation(at: 2.5)
        #expect(abs(p.position.x - 25) < 1e-9)
        let s = try #require(p.sublayers.first as? ShapeLayer)
        #expect(abs(s.strokeEnd - 0.25) < 1e-9)
        #expect(shape.strokeEnd == 1 && root.position == .zero)
    }
}
