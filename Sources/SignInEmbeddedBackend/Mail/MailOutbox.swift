public import Foundation
public import SignInData
import SignInFileSystem
import SignInLocking

/// A mail the embedded backend "sent": written to an outbox instead of the Internet.
public struct OutboxMessage: Codable, Hashable, Sendable {
    /// The recipient.
    public var to: String
    /// The subject line.
    public var subject: String
    /// The plain-text body, with the link in it.
    public var body: String
    /// The deep link the mail carries.
    public var link: String
    /// The code the mail gives to type instead of opening the link (a sign-in mail's 6 digits), or `nil`.
    public var code: String?
    /// When it was sent.
    public var sentAt: Date
    /// The globally unique `Message-ID`, without its angle brackets.
    public var messageID: String

    /// Creates a message.
    /// - Parameters:
    ///   - to: The recipient's email.
    ///   - subject: The subject line.
    ///   - body: The text.
    ///   - link: The deep link the mail carries.
    ///   - code: The code to type instead, if the mail gives one.
    ///   - sentAt: When it was sent.
    ///   - messageID: Unique for every message; a random one by default.
    public init(
        to: String, subject: String, body: String, link: String, code: String? = nil, sentAt: Date,
        messageID: String = "\(UUID().uuidString.lowercased())@signin-demo.invalid"
    ) {
        self.to = to
        self.subject = subject
        self.body = body
        self.link = link
        self.code = code
        self.sentAt = sentAt
        self.messageID = messageID
    }

    private enum CodingKeys: String, CodingKey {
        case to, subject, body, link, code, sentAt, messageID
    }

    /// Decodes a message; `messageID` and `code`, added later, may be missing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        to = try container.decode(String.self, forKey: .to)
        subject = try container.decode(String.self, forKey: .subject)
        body = try container.decode(String.self, forKey: .body)
        link = try container.decode(String.self, forKey: .link)
        code = try container.decodeIfPresent(String.self, forKey: .code)
        sentAt = try container.decode(Date.self, forKey: .sentAt)
        messageID =
            try container.decodeIfPresent(String.self, forKey: .messageID)
            ?? "\(Int(sentAt.timeIntervalSince1970))@signin-demo.invalid"
    }

    /// The message as an RFC 5322 text file that a mail client opens: CRLF line ends, a `Date` in RFC 5322 form,
    /// a `Message-ID`, and a MIME text part in UTF-8.
    public var rendered: String {
        let headers = [
            "From: signin-demo <no-reply@signin-demo.invalid>",
            "To: <\(to)>",
            "Subject: \(subject)",
            "Date: \(Self.rfc5322Date(sentAt))",
            "Message-ID: <\(messageID)>",
            "MIME-Version: 1.0",
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: 8bit",
        ]
        let bodyLines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return (headers + [""] + bodyLines + [""]).joined(separator: "\r\n")
    }

    /// `Sun, 22 Nov 2026 02:10:00 +0000`: RFC 5322 §3.3, always in English and in UTC.
    public static func rfc5322Date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        return formatter.string(from: date)
    }
}

/// Where the embedded backend delivers mail.
public protocol MailOutbox: Sendable {
    /// Delivers a message.
    func deliver(_ message: OutboxMessage) throws(IdentityBackendError)
    /// The messages delivered so far, oldest first.
    func messages() throws(IdentityBackendError) -> [OutboxMessage]
    /// Does the work of delivering `message` and keeps nothing: what an answer that must not tell whether a mail
    /// went out (a reset for an email with no account) does, so that it takes as long.
    func deliverDecoy(like message: OutboxMessage) throws(IdentityBackendError)
}

extension MailOutbox {
    /// Nothing to match where delivering costs nothing measurable (in memory).
    public func deliverDecoy(like message: OutboxMessage) throws(IdentityBackendError) {}
}

/// Keeps mail in memory: for tests.
public final class InMemoryMailOutbox: MailOutbox {
    private let store = Locked<[OutboxMessage]>([])

    /// Creates an empty outbox.
    public init() {}

    public func deliver(_ message: OutboxMessage) throws(IdentityBackendError) {
        store.withLock { $0.append(message) }
    }

    public func messages() throws(IdentityBackendError) -> [OutboxMessage] {
        store.withLock { $0 }
    }
}

/// Writes each mail to a file of its own in a folder (`outbox/`), as `<time>-<n>.eml`, atomically and with
/// mode 0600, with its fields in a `.json` twin of the same name: the CLI shows them, and a person can open
/// them. Paths are built from the folder and a file name, never by editing a whole path, so a folder whose
/// path contains `.eml` keeps every mail inside it.
public final class FolderMailOutbox: MailOutbox {
    /// The most bytes a `.json` twin may hold (1 MiB); a mail takes about one kilobyte.
    public static let metadataSizeLimit = 1 << 20

    /// The outbox folder.
    public let folder: String

    /// Creates an outbox in `folder`.
    public init(folder: String) {
        self.folder = folder
    }

    public func deliver(_ message: OutboxMessage) throws(IdentityBackendError) {
        let stamp = Int(message.sentAt.timeIntervalSince1970 * 1000)
        do {
            try AtomicFile.makeDirectory(folder)
            var name = "\(stamp)"
            var counter = 1
            while AtomicFile.exists(path(name, "eml")) || AtomicFile.exists(path(name, "json")) {
                counter += 1
                name = "\(stamp)-\(counter)"
            }
            try AtomicFile.write(Array(message.rendered.utf8), to: path(name, "eml"))
            let metadata = try JSONEncoder().encode(message)
            try AtomicFile.write(Array(metadata), to: path(name, "json"))
        } catch let error as FileSystemError {
            throw IdentityBackendError(.storageUnavailable, message: error.description)
        } catch {
            throw IdentityBackendError(.storageUnavailable, message: String(describing: error))
        }
    }

    /// Writes the two files of `message` under a hidden name, as ``deliver(_:)`` writes a mail, then removes them.
    public func deliverDecoy(like message: OutboxMessage) throws(IdentityBackendError) {
        let name = ".decoy-\(UUID().uuidString)"
        do {
            try AtomicFile.makeDirectory(folder)
            try AtomicFile.write(Array(message.rendered.utf8), to: path(name, "eml"))
            try AtomicFile.write(Array(try JSONEncoder().encode(message)), to: path(name, "json"))
        } catch {
            throw IdentityBackendError(.storageUnavailable, message: String(describing: error))
        }
        try? FileManager.default.removeItem(atPath: path(name, "eml"))
        try? FileManager.default.removeItem(atPath: path(name, "json"))
    }

    /// The messages whose `.json` twin can be decoded, oldest first; a twin that is refused (see
    /// `AtomicFile`) or larger than ``metadataSizeLimit`` is an error, not skipped.
    public func messages() throws(IdentityBackendError) -> [OutboxMessage] {
        let names: [String]
        do {
            names = try AtomicFile.contentsOfDirectory(folder) ?? []
        } catch {
            throw IdentityBackendError(.storageUnavailable, message: error.description)
        }
        let decoder = JSONDecoder()
        var messages: [OutboxMessage] = []
        for name in names where name.hasSuffix(".json") {
            let bytes: [UInt8]?
            do {
                bytes = try AtomicFile.read("\(folder)/\(name)", limit: Self.metadataSizeLimit)
            } catch {
                throw IdentityBackendError(.storageUnavailable, message: error.description)
            }
            if let bytes, let message = try? decoder.decode(OutboxMessage.self, from: Data(bytes)) {
                messages.append(message)
            }
        }
        return messages.sorted { $0.sentAt < $1.sentAt }
    }

    /// The path of the newest mail file, for the CLI to show.
    public func newestMailPath() -> String? {
        let names = (try? AtomicFile.contentsOfDirectory(folder)) ?? []
        return names.filter { $0.hasSuffix(".eml") }.sorted { a, b in
            let number = { (name: String) in
                Int(name.split(separator: "-").first?.split(separator: ".").first ?? "") ?? 0
            }
            return (number(a), a) < (number(b), b)
        }.last.map { "\(folder)/\($0)" }
    }

    /// The file `<name>.<fileExtension>` in the outbox folder.
    private func path(_ name: String, _ fileExtension: String) -> String {
        "\(folder)/\(name).\(fileExtension)"
    }
}
