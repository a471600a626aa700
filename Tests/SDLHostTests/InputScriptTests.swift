import Testing
@testable import SDLHost

@Suite struct InputScriptTests {
    @Test func parsesEveryActionInTickOrder() throws {
        let s = try InputScript("60:key=up; 30:key=space;30:drag=0.25;90:resize=300x200;100:key=?;101:key=esc;110:quit")
        #expect(s.entries.map(\.tick) == [30, 30, 60, 90, 100, 101, 110])
        #expect(s.entries.map(\.action) == [.key(.space), .drag(fromBottom: 0.25), .key(.up),
                                            .resize(width: 300, height: 200), .key(.character("?")), .key(.escape), .quit])
        #expect(s.actions(at: 30) == [.key(.space), .drag(fromBottom: 0.25)])
        #expect(s.actions(at: 31).isEmpty)
        #expect(s.lastTick == 110)
    }

    @Test func parsesWindowActions() throws {
        let s = try InputScript("10:hide;20:show;30:minimize;40:restore;50:expose")
        #expect(s.entries.map(\.action) == [.hide, .show, .minimize, .restore, .expose])
        #expect(throws: InputScript.ParseError.self) { try InputScript("10:hidden") }
    }

    @Test(arguments: ["x:key=up", "-1:key=up", "10", "10:key=F1", "10:key=", "10:drag=1.5", "10:drag=nan",
                      "10:resize=0x10", "10:resize=abc", "10:jump", "10:press=a"])
    func rejectsBadEntries(_ text: String) {
        #expect(throws: InputScript.ParseError.self) { try InputScript(text) }
    }

    @Test func keyNamesRoundTrip() {
        let keys: [HostKey] = [.space, .up, .down, .left, .right, .leftBracket, .rightBracket, .escape,
                               .digit(0), .digit(9), .character("a"), .character("?")]
        for k in keys { #expect(HostKey(name: k.description) == k, "\(k)") }
    }

    @MainActor @Test func sdlKeysymsTranslateBack() {
        let keys: [HostKey] = [.space, .up, .down, .left, .right, .leftBracket, .rightBracket, .escape,
                               .digit(0), .digit(7), .character("q"), .character("?")]
        for k in keys { #expect(SDLWindow.hostKey(SDLWindow.keysym(for: k)) == k, "\(k)") }
    }
}
