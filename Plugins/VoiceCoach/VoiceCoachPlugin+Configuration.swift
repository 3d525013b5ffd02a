import EspeakNG
import HubCore

extension VoiceCoachPlugin {
    /// The `[plugins.voice-coach]` table.
    public struct Configuration: PluginConfiguration, Equatable {
        public var speech: EspeakSettings
        public var units: SpeechUnits
        public var speedStyle: SpeedStyle
        /// A periodic update every this many minutes of moving time; 0: never.
        public var everyMinutes: Int
        /// A periodic update every this many kilometres or miles; 0: never.
        public var everyDistance: Double
        public var figures: [SpokenFigure]
        /// 0: predicted from the profile's age.
        public var maximumHeartRate: Int
        /// Whether heart-rate zone changes are said.
        public var announcesZones: Bool
        public var zoneMarginBeatsPerMinute: Int
        public var zoneHoldSeconds: Int
        public var speaksAnnouncements: Bool
        public var skipRoutineAfterSeconds: Int
        public var queueSize: Int

        public static let defaultFigures = "time, distance, average-pace, power, heart-rate, goal"

        public init(_ table: ConfigTable) throws {
            try self.init(table, checksVoice: true)
        }

        /// Reads the table; `checksVoice: false` leaves eSpeak NG unloaded (a coach that only writes its sentences).
        init(_ table: ConfigTable, checksVoice: Bool) throws {
            let voice = try table.string("voice", default: "en")
            speech = EspeakSettings(
                voice: voice,
                wordsPerMinute: try table.int("rate", default: 175, in: EspeakSettings.rateRange),
                pitch: try table.int("pitch", default: 50, in: EspeakSettings.pitchRange),
                volume: try table.int("volume", default: 100, in: EspeakSettings.volumeRange))
            units = try table.choice("units", default: SpeechUnits.metric)
            speedStyle = try table.choice("pace-or-speed", default: SpeedStyle.pace)
            everyMinutes = try table.int("every-minutes", default: 5, in: 0...600)
            everyDistance = try table.double("every-distance", default: 1, in: 0...1000)
            let figureText = try table.string("figures", default: Self.defaultFigures)
            do {
                figures = try SpokenFigure.list(figureText)
            } catch {
                throw table.invalid(
                    "figures", problem: "\"\(error.entry)\" is not a figure the coach can say",
                    fix: "List some of "
                        + SpokenFigure.allCases.map(\.rawValue).joined(separator: ", ")
                        + ", separated by commas, e.g. \"\(Self.defaultFigures)\".")
            }
            maximumHeartRate = try table.int("max-heart-rate", default: 0, in: 0...250)
            if (1..<100).contains(maximumHeartRate) {
                throw table.invalid(
                    "max-heart-rate", problem: "\(maximumHeartRate) is not a plausible maximum heart rate",
                    fix: "Use a measured maximum from 100 to 250, or 0 to predict it from the profile's age.")
            }
            announcesZones = try table.bool("zone-changes", default: true)
            zoneMarginBeatsPerMinute = try table.int("zone-margin-bpm", default: 3, in: 0...20)
            zoneHoldSeconds = try table.int("zone-hold-seconds", default: 10, in: 0...300)
            speaksAnnouncements = try table.bool("announcements", default: true)
            skipRoutineAfterSeconds = try table.int("skip-routine-after-seconds", default: 15, in: 1...600)
            queueSize = try table.int("queue-size", default: 8, in: 1...100)
            if checksVoice { try Self.check(speech, table: table) }
        }

        /// An unknown voice is a configuration error listing the installed ones.
        private static func check(_ speech: EspeakSettings, table: ConfigTable) throws {
            do {
                try EspeakEngine.shared().check(speech)
            } catch let error where error.isVoiceNotFound {
                throw table.invalid(
                    "voice", problem: "no installed eSpeak NG voice is called \"\(speech.voice)\"",
                    fix: "Use one of the installed voices (`espeak-ng --voices` lists them with their names): "
                        + error.installedVoices.joined(separator: ", ") + ".")
            } catch {
                throw table.invalid(
                    "voice", problem: "the speech engine cannot speak with it: \(error)",
                    fix: "Install eSpeak NG's data (`apt install espeak-ng-data`), or remove [plugins.voice-coach].")
            }
        }

        /// The script's settings from this configuration.
        var scriptSettings: CoachScript.Settings {
            CoachScript.Settings(
                phrases: Phrases(units: units, speedStyle: speedStyle),
                every: everyMinutes > 0 ? .seconds(everyMinutes * 60) : nil,
                everyMeters: everyDistance > 0 ? everyDistance * units.metersPerUnit : nil,
                figures: figures, speaksAnnouncements: speaksAnnouncements)
        }
    }
}
