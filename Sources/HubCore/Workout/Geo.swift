import Foundation

/// Geodesy for workout distances.
public enum Geo {
    /// Mean Earth radius (IUGG), metres.
    public static let earthRadiusMeters = 6_371_008.8

    /// Great-circle distance between two points in degrees, by the haversine formula (accurate to ~0.5 %).
    public static func distanceMeters(
        fromLatitude lat1: Double, longitude lon1: Double, toLatitude lat2: Double, longitude lon2: Double
    ) -> Double {
        let φ1 = lat1 * .pi / 180, φ2 = lat2 * .pi / 180
        let Δφ = (lat2 - lat1) * .pi / 180, Δλ = (lon2 - lon1) * .pi / 180
        let a = sin(Δφ / 2) * sin(Δφ / 2) + cos(φ1) * cos(φ2) * sin(Δλ / 2) * sin(Δλ / 2)
        return 2 * earthRadiusMeters * asin(min(1, sqrt(a)))
    }
}
