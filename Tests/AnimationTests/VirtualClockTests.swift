import Testing
@testable import Animation

@Suite struct VirtualClockTests {
    @Test(arguments: [60.0, 120, 144, 59.94, 24])
    func steppingNeverDrifts(fps: Double) {
        var clock = VirtualClock(fps: fps)
        var mismatches = 0
        for n in 0..<1_000_000 {
            let tick = clock.nextTick()!
            if tick.index != n || tick.timestamp != Double(n) / fps
                || tick.targetTimestamp != Double(n + 1) / fps || tick.duration != 1 / fps {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
        #expect(clock.nextIndex == 1_000_000)
        #expect(clock.nextTick()?.timestamp == 1_000_000 / fps)
    }

    @Test func tickAtEqualsStepping() {
        var stepped = VirtualClock()
        var ticks: [FrameTick] = []
        for _ in 0..<1000 { ticks.append(stepped.nextTick()!) }
        let alone = VirtualClock()
        for n in [0, 1, 59, 60, 61, 500, 999] {
            #expect(alone.tick(at: n) == ticks[n])
        }
        #expect(alone.tick(at: 60) == FrameTick(index: 60, timestamp: 1, targetTimestamp: 61.0 / 60, duration: 1.0 / 60))
        var jumped = VirtualClock()
        jumped.seek(to: 500)
        #expect(jumped.nextTick() == ticks[500])
        #expect(VirtualClock(startIndex: 999).tick(at: 999) == ticks[999])
    }

    @Test func startAndEnd() {
        var clock = VirtualClock(fps: 30, startIndex: 3, endIndex: 5)
        #expect(clock.nextTick()?.index == 3)
        #expect(clock.nextTick()?.timestamp == 4.0 / 30)
        #expect(clock.nextTick() == nil)
        #expect(clock.nextTick() == nil)
    }

    @Test func displayLinkDeliversTicks() {
        var link = DisplayLink(clock: VirtualClock(fps: 60))
        var seen: [Int] = []
        let count = link.run(ticks: 120) { seen.append($0.index) }
        #expect(count == 120)
        #expect(seen == Array(0..<120))
        #expect(link.clock.nextIndex == 120)

        var finite = DisplayLink(clock: VirtualClock(endIndex: 10))
        #expect(finite.run { _ in } == 10)
    }

    @Test func displayLinkStopsOnError() {
        struct Stop: Error {}
        var link = DisplayLink(clock: VirtualClock())
        var last = -1
        #expect(throws: Stop.self) {
            try link.run { (tick: FrameTick) throws(Stop) in
                last = tick.index
                if tick.index == 4 { throw Stop() }
            }
        }
        #expect(last == 4)
    }
}
