import Hummingbird
import NIOCore

/// What a route knows of its request besides the request: who asks (the session the gate found) and from where.
struct WebRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?
    /// The request's connection: the live stream writes its events straight to it (``ChannelSink``).
    let channel: any Channel
    /// Set by `SessionGate` for every route but `/login` and `/static/…`: a route behind it always has one.
    var session: WebSession?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
        channel = source.channel
    }

    /// Uploads (a GPX file) are the largest bodies the app takes; forms read far less (`WebLimits.formBytes`).
    var maxUploadSize: Int { WebLimits.uploadBytes }

    /// The token this session's forms carry in their `csrf` field.
    var csrfToken: String { session?.csrfToken ?? "" }

    /// The address logins are counted against (the client's IP, without its port).
    var clientAddress: String { remoteAddress?.ipAddress ?? "unknown" }
}

/// How much a request may send.
enum WebLimits {
    /// A whole request body: an upload.
    static let uploadBytes = 5 * 1024 * 1024
    /// A form before the login (the login itself): a few fields.
    static let formBytes = 16 * 1024
    /// The program editor's form: its text box holds a whole program file (at most 1 MiB, which URL encoding can
    /// make three times as long).
    static let programFormBytes = 3 * 1024 * 1024

    /// What a form posted to `path` may hold: the program editor's a whole file, every other a few fields.
    static func formBytes(forPath path: String) -> Int {
        path.hasPrefix("/programs/") && path.hasSuffix("/edit") ? programFormBytes : formBytes
    }
}
