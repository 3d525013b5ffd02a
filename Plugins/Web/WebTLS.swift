import Foundation
import HummingbirdTLS
import NIOSSL

/// The HTTPS settings from `[plugins.web]`'s `certificate` and `private-key`, read when the app starts.
enum WebTLS {
    /// The server's TLS configuration (TLS 1.2 and up, NIO's defaults), or why the files will not do.
    static func configuration(_ files: WebPlugin.Configuration.TLSFiles, address: ListenAddress) throws(WebError)
        -> TLSConfiguration
    {
        let chain: [NIOSSLCertificate]
        let key: NIOSSLPrivateKey
        do {
            try readable(files.certificate, address: address)
            chain = try NIOSSLCertificate.fromPEMFile(files.certificate)
        } catch let error as WebError {
            throw error
        } catch {
            throw .tlsFile(files.certificate, reason: "it holds no PEM certificate (\(error))", address: address)
        }
        guard !chain.isEmpty else {
            throw .tlsFile(files.certificate, reason: "it holds no PEM certificate", address: address)
        }
        do {
            try readable(files.privateKey, address: address)
            key = try NIOSSLPrivateKey(file: files.privateKey, format: .pem)
        } catch let error as WebError {
            throw error
        } catch {
            throw .tlsFile(files.privateKey, reason: "it holds no PEM private key (\(error))", address: address)
        }
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        configuration.minimumTLSVersion = .tlsv12
        // A key that is not the certificate's fails here, not at the first browser's handshake.
        do {
            _ = try NIOSSLContext(configuration: configuration)
        } catch {
            throw .tlsFile(
                files.privateKey, reason: "it is not the key of \(files.certificate) (\(error))", address: address)
        }
        return configuration
    }

    private static func readable(_ path: String, address: ListenAddress) throws(WebError) {
        guard FileManager.default.fileExists(atPath: path) else {
            throw .tlsFile(path, reason: "there is no such file", address: address)
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw .tlsFile(path, reason: "the hub's user may not read it", address: address)
        }
    }
}
