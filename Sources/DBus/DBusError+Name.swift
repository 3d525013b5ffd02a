extension DBusError {
    /// Well-known D-Bus error names, to compare with ``DBusError/name``.
    ///
    /// Service-specific names (such as `org.bluez.Error.Failed`) are plain strings chosen by the service.
    public enum Name {
        /// A generic failure.
        public static let failed = "org.freedesktop.DBus.Error.Failed"
        /// No reply arrived within the timeout; also used by libdbus when the peer left without replying.
        public static let noReply = "org.freedesktop.DBus.Error.NoReply"
        /// The connection to the bus is gone.
        public static let disconnected = "org.freedesktop.DBus.Error.Disconnected"
        /// The destination name is not owned by anyone and cannot be activated.
        public static let serviceUnknown = "org.freedesktop.DBus.Error.ServiceUnknown"
        /// The name has no owner (e.g. `GetNameOwner` of a name that nobody holds).
        public static let nameHasNoOwner = "org.freedesktop.DBus.Error.NameHasNoOwner"
        /// The object does not implement the method.
        public static let unknownMethod = "org.freedesktop.DBus.Error.UnknownMethod"
        /// No object exists at the path.
        public static let unknownObject = "org.freedesktop.DBus.Error.UnknownObject"
        /// The object does not implement the interface.
        public static let unknownInterface = "org.freedesktop.DBus.Error.UnknownInterface"
        /// The object has no such property.
        public static let unknownProperty = "org.freedesktop.DBus.Error.UnknownProperty"
        /// The arguments were rejected, or could not be encoded.
        public static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"
        /// A signature is malformed.
        public static let invalidSignature = "org.freedesktop.DBus.Error.InvalidSignature"
        /// The bus policy forbids the operation.
        public static let accessDenied = "org.freedesktop.DBus.Error.AccessDenied"
        /// A match rule is malformed.
        public static let matchRuleInvalid = "org.freedesktop.DBus.Error.MatchRuleInvalid"
        /// Nothing listens at the bus address.
        public static let noServer = "org.freedesktop.DBus.Error.NoServer"
        /// The socket file of the bus address does not exist.
        public static let fileNotFound = "org.freedesktop.DBus.Error.FileNotFound"
        /// libdbus ran out of memory.
        public static let noMemory = "org.freedesktop.DBus.Error.NoMemory"
        /// The awaiting task was cancelled (a local error of this wrapper; no peer sends it).
        public static let cancelled = "org.stayfit.DBus.Error.Cancelled"
    }
}
