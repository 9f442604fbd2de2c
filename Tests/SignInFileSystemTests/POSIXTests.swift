import Foundation
import SignInTesting
import Testing

@testable import SignInFileSystem

@Suite("POSIX")
struct POSIXTests {
    let folder = TemporaryFolder(prefix: "signin-posix")

    @Test("reading stops past the limit, also when the file has grown since its size was checked")
    func readStopsAtLimit() throws {
        try AtomicFile.makeDirectory(folder.path)
        let path = "\(folder.path)/growing"
        try AtomicFile.write([], to: path)
        let fd = try POSIX.open(path, O_RDONLY)
        defer { close(fd) }
        // The file grows after it was opened and its size checked: what the reader takes must still be bounded.
        let writer = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try writer.write(contentsOf: Data(repeating: 1, count: 200_000))
        try writer.close()
        let error = #expect(throws: FileSystemError.self) { try POSIX.readAll(fd, path: path, limit: 100_000) }
        #expect(error?.code == EFBIG)
        #expect(lseek(fd, 0, SEEK_CUR) == 100_001, "no more than one byte past the limit is read")
    }

    @Test("a file exactly at the limit is read whole")
    func readAtLimit() throws {
        try AtomicFile.makeDirectory(folder.path)
        let path = "\(folder.path)/file"
        try AtomicFile.write(Array(repeating: 2, count: 70_000), to: path)
        let fd = try POSIX.open(path, O_RDONLY)
        defer { close(fd) }
        #expect(try POSIX.readAll(fd, path: path, limit: 70_000).count == 70_000)
    }
}
