// Fuzz target `session-file`: the input is the stored session file (`session.json`, what FileSessionStore
// reads back at launch), decoded by `StoredSessionCodec.decode`, including the version 1 migration.
import SignInInfrastructure

private let whitespace: Set<UInt8> = [0x20, 0x0a, 0x0d, 0x09]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSessionFile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    switch StoredSessionCodec.decode(bytes) {
    case .failure(let failure):
        fuzzCheck(
            (failure == .empty) == bytes.allSatisfy(whitespace.contains),
            "'empty' must mean exactly 'only white space' (got \(failure))")
        if case .newerVersion(let version) = failure {
            fuzzCheck(version > StoredSessionCodec.currentVersion, "refused version \(version) as newer")
        }
    case .success(let session):
        // What is read is written back as the current version, and reads back the same, byte for byte.
        let encoded = StoredSessionCodec.encode(session)
        fuzzCheck(!encoded.isEmpty, "a decoded session does not encode")
        guard case .success(let again) = StoredSessionCodec.decode(encoded) else {
            fuzzFailure("a session written by encode does not decode")
        }
        fuzzCheck(again == session, "a session changed through encode and decode")
        fuzzCheck(StoredSessionCodec.encode(again) == encoded, "encode is not stable")
    }
    return 0
}
