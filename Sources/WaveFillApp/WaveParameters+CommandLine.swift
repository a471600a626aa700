import WaveFill

extension WaveParameters {
    /// The `wavefill` flags that reproduce these parameters, defaults omitted, in a stable order
    /// (what the window's `c` key prints and what presets store).
    public var commandLineArguments: [String] {
        let d = WaveParameters()
        var a: [String] = []
        func num(_ v: Double) -> String {
            v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
        }
        if width != d.width || height != d.height { a += ["--size", "\(width)x\(height)"] }
        if text != d.text { a += ["--text", text] }
        if let fontPath, fontPath != WaveParameters.defaultFontPath { a += ["--font", fontPath] }
        if let fontSize { a += ["--font-size", num(fontSize)] }
        if let amplitude { a += ["--amplitude", num(amplitude)] }
        if frequency != d.frequency { a += ["--frequency", num(frequency)] }
        if let waveWidth { a += ["--wave-width", num(waveWidth)] }
        if phaseStep != d.phaseStep { a += ["--phase-step", num(phaseStep)] }
        if let phaseSpeed { a += ["--phase-speed", num(phaseSpeed)] }
        if riseFrames != d.riseFrames { a += ["--rise-frames", String(riseFrames)] }
        if let riseDuration { a += ["--rise-duration", num(riseDuration)] }
        if fps != d.fps { a += ["--fps", num(fps)] }
        if let progress { a += ["--progress", num(progress)] }
        if background != d.background { a += ["--background", background.hex] }
        if container != d.container { a += ["--container", container.hex] }
        if backWave != d.backWave { a += ["--back-wave", backWave.hex] }
        if frontWave != d.frontWave { a += ["--front-wave", frontWave.hex] }
        a += labelArguments
        return a
    }

    /// `commandLineArguments` as one shell-quoted line.
    public func commandLine(subcommand: String = "render") -> String {
        (["wavefill", subcommand] + commandLineArguments.map(Self.shellQuoted)).joined(separator: " ")
    }

    public static func shellQuoted(_ s: String) -> String {
        let safe = s.unicodeScalars.allSatisfy { c in
            c.properties.isAlphabetic || ("0" ... "9").contains(c) || "-_./:=,+@%".unicodeScalars.contains(c)
        }
        return safe && !s.isEmpty ? s : "'" + s.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}

extension WaveParameters {
    /// The progress label's and the border's flags, defaults omitted.
    var labelArguments: [String] {
        let d = WaveParameters()
        var a: [String] = []
        if let label { a += ["--label", label] }
        if let labelFont { a += ["--label-font", labelFont] }
        if let labelSize { a += ["--label-size", DecimalText.shortest(labelSize)] }
        if labelColor != d.labelColor { a += ["--label-color", labelColor.hex] }
        if labelInsideColor != d.labelInsideColor { a += ["--label-inside-color", labelInsideColor.hex] }
        if let borderWidth { a += ["--border-width", DecimalText.shortest(borderWidth)] }
        if borderGap != d.borderGap { a += ["--border-gap", DecimalText.shortest(borderGap)] }
        if borderColor != d.borderColor { a += ["--border-color", borderColor.hex] }
        if let progressTo { a += ["--progress-to", DecimalText.shortest(progressTo)] }
        if let progressAt { a += ["--progress-at", progressAt] }
        if transition != d.transition { a += ["--transition", DecimalText.shortest(transition)] }
        if easing != d.easing { a += ["--easing", easing] }
        if fillMapping != d.fillMapping { a += ["--fill-mapping", fillMapping.rawValue] }
        if reducedMotion { a += ["--reduced-motion"] }
        if let waves {
            a += ["--waves", String(waves.count)]
            for e in waveEdits { a += ["--wave", e] }
        }
        if let waterGradient { a += ["--water-gradient", waterGradient.hex] }
        return a
    }

    /// `K:key=value,...` for each stack wave that differs from the stack's default.
    var waveEdits: [String] {
        guard let waves else { return [] }
        let base = WaveSpec.stack(waves.count, back: backWave, front: frontWave)
        return zip(waves, base).enumerated().compactMap { j, pair in
            let c = pair.0.changes(from: pair.1)
            return c.isEmpty ? nil : "\(j + 1):\(c)"
        }
    }
}
