import HubCore
import Programs

/// How a run says times, distances, weights and targets: whole words a voice reads well, every number agreeing
/// with its noun.
enum Spoken {
    /// "45 seconds", "90 seconds", "2 minutes", "2 minutes 30 seconds", "1 hour 5 minutes".
    static func time(_ duration: Duration) -> String {
        let total = max(0, Format.wholeNumber(duration.seconds.rounded()))
        if total < 120, total % 60 != 0 { return Format.counted(total, "second") }
        let hours = total / 3600, minutes = total / 60 % 60, seconds = total % 60
        var parts: [String] = []
        if hours > 0 { parts.append(Format.counted(hours, "hour")) }
        if minutes > 0 { parts.append(Format.counted(minutes, "minute")) }
        if seconds > 0 { parts.append(Format.counted(seconds, "second")) }
        return parts.joined(separator: " ")
    }

    /// "400 metres", "5 kilometres", "1.5 kilometres".
    static func distance(meters: Double) -> String {
        if meters < 1000 || meters.truncatingRemainder(dividingBy: 100) != 0 {
            return Format.counted(Format.wholeNumber(meters.rounded()), "metre")
        }
        let kilometres = meters / 1000
        if kilometres == kilometres.rounded() { return Format.counted(Format.wholeNumber(kilometres), "kilometre") }
        return "\(Format.fixed(kilometres, decimals: 1)) \(kilometres == 1 ? "kilometre" : "kilometres")"
    }

    /// "60 kilos", "62.5 kilos", "1 kilo".
    static func weight(kilograms: Double) -> String {
        if kilograms == kilograms.rounded() { return Format.counted(Format.wholeNumber(kilograms), "kilo") }
        return Format.fixed(kilograms, decimals: 1) + " kilos"
    }

    /// A name inside a sentence: "bench press" for "Bench press", but "FTP test" stays.
    static func inSentence(_ name: String) -> String {
        let characters = Array(name)
        guard characters.count > 1, characters[0].isUppercase, characters[1].isLowercase else { return name }
        return characters[0].lowercased() + String(characters.dropFirst())
    }

    /// A name at the start of a sentence.
    static func capitalised(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }

    /// A pace of `seconds` a kilometre: "4:00 a kilometre".
    static func pace(secondsPerKilometer seconds: Int) -> String {
        Format.clock(seconds: seconds) + " a kilometre"
    }
}
