import EspeakNG
import HubCore

extension VoiceCoachPlugin {
    /// What the web app's Voice coach page offers: the voice, what the updates say and how often. The timing of the
    /// speech queue stays in the file (the sample explains it).
    public static var settings: [SettingField] {
        [
            SettingField(
                ["voice"], "Voice",
                help:
                    "An eSpeak NG voice or language: en, en-us, en-gb-scotland, de … (espeak-ng --voices lists them).",
                kind: .text(longest: 60), default: .string("en")),
            SettingField(
                ["rate"], "Speed", help: "Words per minute, 80 to 450.",
                kind: .whole(EspeakSettings.rateRange, unit: "words/min"), default: .integer(175)),
            SettingField(
                ["pitch"], "Pitch", help: "0 to 100; 50 is the voice's own.",
                kind: .whole(EspeakSettings.pitchRange, unit: ""), default: .integer(50)),
            SettingField(
                ["volume"], "Volume", help: "0 to 200; 100 is normal, above it loud parts may distort.",
                kind: .whole(EspeakSettings.volumeRange, unit: "%"), default: .integer(100)),
            SettingField(
                ["units"], "Units", help: "Distances in kilometres or miles.",
                kind: .choice([("metric", "Kilometres and metres"), ("imperial", "Miles and yards")]),
                default: .string(SpeechUnits.metric.rawValue)),
            SettingField(
                ["pace-or-speed"], "How fast", help: "Said as a pace (minutes a kilometre) or a speed (an hour).",
                kind: .choice([("pace", "Pace"), ("speed", "Speed")]), default: .string(SpeedStyle.pace.rawValue)),
            SettingField(
                ["every-minutes"], "An update every", help: "Minutes of moving time, 0 to 600 (0: never).",
                kind: .whole(0...600, unit: "min"), default: .integer(5)),
            SettingField(
                ["every-distance"], "And every", help: "Kilometres (miles in imperial units), 0 to 1000 (0: never).",
                kind: .number(0...1000, step: 0.1, unit: ""), default: .float(1)),
            SettingField(
                ["figures"], "What an update says",
                help: "In order, separated by commas: time, distance, pace, average-pace, heart-rate, "
                    + "average-heart-rate, zone, calories, power, cadence, goal.",
                kind: .text(longest: 300), default: .string(Configuration.defaultFigures)),
            SettingField(
                ["max-heart-rate"], "Maximum heart rate",
                help: "For the zones, 100 to 250; 0 predicts it from the profile's age.",
                kind: .whole(0...250, unit: "bpm"), default: .integer(0)),
            SettingField(
                ["zone-changes"], "Say zone changes", help: "Heart-rate zones 1 to 5 as they change.", kind: .onOff,
                default: .boolean(true)),
            SettingField(
                ["announcements"], "Say announcements",
                help: "Start, pause, reminders, a low strap battery, errors.", kind: .onOff, default: .boolean(true)),
        ]
    }
}
