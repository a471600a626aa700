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
                      "10:resize=0x10", "10:resize=abc", "10:jump", "10:press=", "10:click=x@2", "10:click=x@y",
                      "10:wheel=amplitude", "10:wheel=amplitude@0", "10:ctrl-wheel=amplitude", "10:locate=", "10:text=", "10:key=ctrl+", "10:key=alt+z"])
    func rejectsBadEntries(_ text: String) {
        #expect(throws: InputScript.ParseError.self) { try InputScript(text) }
    }

    @Test func parsesPanelActions() throws {
        let s = try InputScript("5:key=tab;6:click=amplitude@0.25;7:ctrl-click=fps;8:press=front-wave/picker@0;9:move=front-wave/picker@1;"
                                + "10:release=front-wave/picker@1;11:wheel=amplitude@-2;12:shift-wheel=amplitude@3;12:ctrl-wheel=amplitude@1;13:text=Hi: there;"
                                + "14:key=ctrl+z;15:key=ctrl+shift+z;16:key=enter;17:locate=amplitude")
        #expect(s.entries.map(\.action) == [
            .key(.tab),
            .panel(PanelPointer(phase: .click, target: "amplitude", fraction: 0.25)),
            .panel(PanelPointer(phase: .ctrlClick, target: "fps")),
            .panel(PanelPointer(phase: .press, target: "front-wave/picker", fraction: 0)),
            .panel(PanelPointer(phase: .move, target: "front-wave/picker", fraction: 1)),
            .panel(PanelPointer(phase: .release, target: "front-wave/picker", fraction: 1)),
            .panel(PanelPointer(phase: .wheel(-2, .none), target: "amplitude")),
            .panel(PanelPointer(phase: .wheel(3, .shift), target: "amplitude")),
            .panel(PanelPointer(phase: .wheel(1, .ctrl), target: "amplitude")),
            .text("Hi: there"),
            .chord(.character("z"), ctrl: true, shift: false),
            .chord(.character("z"), ctrl: true, shift: true),
            .key(.enter),
            .locate("amplitude"),
        ])
    }

    @Test func keyNamesRoundTrip() {
        let keys: [HostKey] = [.space, .tab, .enter, .backspace, .up, .down, .left, .right, .leftBracket, .rightBracket, .escape,
                               .digit(0), .digit(9), .character("a"), .character("?")]
        for k in keys { #expect(HostKey(name: k.description) == k, "\(k)") }
    }

    @MainActor @Test func sdlKeysymsTranslateBack() {
        let keys: [HostKey] = [.space, .tab, .enter, .backspace, .up, .down, .left, .right, .leftBracket, .rightBracket, .escape,
                               .digit(0), .digit(7), .character("q"), .character("?")]
        for k in keys { #expect(SDLWindow.hostKey(SDLWindow.keysym(for: k)) == k, "\(k)") }
    }
}
