import Foundation

/// A constant-velocity Kalman filter for one horizontal axis, in metres.
///
/// Raw fixes jitter by a metre or two from one second to the next, and every wiggle adds distance. The filter
/// follows the position only as fast as a person can change pace (acceleration noise
/// ``accelerationNoise``), weighs each fix by its reported error, and when the receiver reports its Doppler
/// velocity (far steadier than its position) takes that too: the filtered track is the velocity integrated,
/// pulled gently towards the fixes. It does not cut corners the way averaging positions does, because it
/// predicts along the velocity rather than between points.
struct AxisSmoother: Sendable, Equatable {
    /// m/s² of unmodelled acceleration: a runner turning or a cyclist braking.
    static let accelerationNoise = 1.0

    private(set) var position: Double
    private(set) var velocity: Double
    // Covariance [[pp, pv], [pv, vv]].
    private var pp: Double
    private var pv: Double = 0
    private var vv: Double

    init(position: Double, positionSigma: Double, velocity: Double?, velocitySigma: Double) {
        self.position = position
        self.velocity = velocity ?? 0
        pp = positionSigma * positionSigma
        vv = velocity == nil ? 25 : velocitySigma * velocitySigma
    }

    /// Moves the state `dt` seconds ahead.
    mutating func predict(by dt: Double) {
        guard dt > 0 else { return }
        position += velocity * dt
        let q = Self.accelerationNoise * Self.accelerationNoise
        let newPP = pp + 2 * dt * pv + dt * dt * vv + q * dt * dt * dt / 3
        let newPV = pv + dt * vv + q * dt * dt / 2
        let newVV = vv + q * dt
        (pp, pv, vv) = (newPP, newPV, newVV)
    }

    /// Takes a measured position with standard deviation `sigma`.
    mutating func update(position measured: Double, sigma: Double) {
        let innovation = measured - position
        let s = pp + sigma * sigma
        let kp = pp / s, kv = pv / s
        position += kp * innovation
        velocity += kv * innovation
        let (oldPP, oldPV) = (pp, pv)
        pp -= kp * oldPP
        pv -= kp * oldPV
        vv -= kv * oldPV
    }

    /// Takes a measured velocity with standard deviation `sigma`.
    mutating func update(velocity measured: Double, sigma: Double) {
        let innovation = measured - velocity
        let s = vv + sigma * sigma
        let kp = pv / s, kv = vv / s
        position += kp * innovation
        velocity += kv * innovation
        let (oldPV, oldVV) = (pv, vv)
        pp -= kp * oldPV
        pv -= kp * oldVV
        vv -= kv * oldVV
    }
}

/// The two axes of a local east/north plane around a fixed origin, so that the filter works in metres.
///
/// Equirectangular around the origin: within the 20 km the smoother keeps an origin, the scale error is far
/// below a millimetre per metre.
struct LocalPlane: Sendable, Equatable {
    let originLatitude: Double
    let originLongitude: Double
    private let metersPerDegreeLatitude: Double
    private let metersPerDegreeLongitude: Double

    init(latitude: Double, longitude: Double) {
        originLatitude = latitude
        originLongitude = longitude
        let radius = 6_371_008.8
        metersPerDegreeLatitude = radius * .pi / 180
        metersPerDegreeLongitude = radius * .pi / 180 * cos(latitude * .pi / 180)
    }

    func east(_ longitude: Double) -> Double {
        var delta = longitude - originLongitude
        if delta > 180 { delta -= 360 } else if delta < -180 { delta += 360 }
        return delta * metersPerDegreeLongitude
    }

    func north(_ latitude: Double) -> Double { (latitude - originLatitude) * metersPerDegreeLatitude }

    func latitude(north: Double) -> Double { originLatitude + north / metersPerDegreeLatitude }

    func longitude(east: Double) -> Double {
        var longitude = originLongitude + east / metersPerDegreeLongitude
        if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
        return longitude
    }
}
