import Foundation

/// A TPV report: a fix or the lack of one.
public struct GPSDPosition: Sendable, Equatable {
    public var device: String?
    /// 0 = not seen yet, 1 = no fix, 2 = 2D, 3 = 3D.
    public var mode: Int
    public var time: Date?
    public var latitude: Double?
    public var longitude: Double?
    /// Metres above mean sea level (`altMSL`, or the older `alt`).
    public var altitudeMSL: Double?
    /// Metres above the ellipsoid.
    public var altitudeHAE: Double?
    /// Metres per second over ground.
    public var speed: Double?
    /// Degrees from true north.
    public var track: Double?
    /// gpsd's error estimates in metres (no stated confidence).
    public var eph: Double?
    public var epx: Double?
    public var epy: Double?
    public var epv: Double?

    public init(
        device: String? = nil, mode: Int, time: Date? = nil, latitude: Double? = nil, longitude: Double? = nil,
        altitudeMSL: Double? = nil, altitudeHAE: Double? = nil, speed: Double? = nil, track: Double? = nil,
        eph: Double? = nil, epx: Double? = nil, epy: Double? = nil, epv: Double? = nil
    ) {
        self.device = device
        self.mode = mode
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.altitudeMSL = altitudeMSL
        self.altitudeHAE = altitudeHAE
        self.speed = speed
        self.track = track
        self.eph = eph
        self.epx = epx
        self.epy = epy
        self.epv = epv
    }

    /// The horizontal error estimate: `eph` when gpsd gives it, else the larger of `epx` and `epy`.
    public var horizontalErrorMeters: Double? {
        if let eph { return eph }
        switch (epx, epy) {
        case (let x?, let y?): return max(x, y)
        case (let x?, nil): return x
        case (nil, let y?): return y
        case (nil, nil): return nil
        }
    }
}
