import Logging

/// For the service groups the tests run the plugin in: their own lines are not what the tests look at.
let quietLogger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
