import Foundation

/// libmpv's `volume` scale is cubic (volume 50 is a gain of 0.125, TECHREF §7): it follows loudness as heard, like
/// a volume knob. These turn the plugin's settings into that scale.
enum Loudness {
    /// libmpv's volume for the music at `percent` (as heard), scaled by `amplitude` (0…1, as measured: ducking to
    /// 30 % means 30 % of the music's amplitude) and by `fade` (0…1, as heard).
    static func mpvVolume(percent: Int, amplitude: Double = 1, fade: Double = 1) -> Double {
        Double(percent) * cbrt(max(0, min(1, amplitude))) * max(0, min(1, fade))
    }
}
