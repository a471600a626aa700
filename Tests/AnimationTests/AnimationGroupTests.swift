import Testing
@testable import Animation

@Suite struct AnimationGroupTests {
    func ramp(begin: Double = 0, duration: Double = 2, fill: FillMode = .removed) -> AnyAnimation<Model> {
        AnyAnimation(BasicAnimation(keyPath: \Model.x, from: 0, to: 10,
                                    timing: MediaTiming(beginTime: begin, duration: duration, fillMode: fill)))
    }

    @Test func childrenRunOnTheGroupsLocalTime() {
        let group = AnimationGroup(timing: MediaTiming(beginTime: 1, duration: 4, speed: 2),
                                   animations: [ramp(begin: 1)])
        var model = Model()
        group.apply(to: &model, parentTime: 2)   // group local (2 - 1) * 2 = 2, child local 1
        #expect(model.x == 5)
    }

    @Test func groupRepeatRestartsChildren() {
        let group = AnimationGroup(timing: MediaTiming(duration: 2, repeatCount: 2), animations: [ramp()])
        var model = Model()
        group.apply(to: &model, parentTime: 2.5)
        #expect(model.x == 2.5)
    }

    @Test func groupClipsItsChildren() {
        // The child would fill backwards and forwards, but the group is not active.
        let group = AnimationGroup(timing: MediaTiming(beginTime: 5, duration: 1),
                                   animations: [ramp(fill: .both)])
        var model = Model(x: -1)
        group.apply(to: &model, parentTime: 0)
        group.apply(to: &model, parentTime: 7)
        #expect(model.x == -1)
        group.apply(to: &model, parentTime: 5.5)
        #expect(model.x == 2.5)
    }

    @Test func groupsNest() {
        let inner = AnimationGroup(timing: MediaTiming(beginTime: 1, duration: 10, speed: 0.5), animations: [ramp()])
        let outer = AnimationGroup(timing: MediaTiming(beginTime: 2, duration: 10, speed: 2),
                                   animations: [AnyAnimation(inner)])
        var model = Model()
        outer.apply(to: &model, parentTime: 3)   // outer local 2, inner local 0.5, child 2.5 / 10
        #expect(model.x == 2.5)
    }

    @Test func laterChildrenSeeEarlierOnes() {
        let additive = AnyAnimation(BasicAnimation(keyPath: \Model.x, by: 1, timing: MediaTiming(duration: 1),
                                                   isAdditive: true))
        let group = AnimationGroup(timing: .identity, animations: [ramp(), additive])
        var model = Model()
        group.apply(to: &model, parentTime: 0.5)   // 2.5 + 0.5
        #expect(model.x == 3)
    }
}
