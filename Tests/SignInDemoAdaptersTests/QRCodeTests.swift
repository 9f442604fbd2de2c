import Testing

@testable import SignInDemoAdapters

@Suite("QR code")
struct QRCodeTests {
    @Test("Reed-Solomon gives ISO/IEC 18004 Annex I's error correction for its version 1-M example")
    func reedSolomon() {
        let data: [UInt8] = [
            0x10, 0x20, 0x0c, 0x56, 0x61, 0x80, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11,
        ]
        let expected: [UInt8] = [0xa5, 0x24, 0xd4, 0xc1, 0xed, 0x36, 0xc7, 0x87, 0x2c, 0x55]
        #expect(ReedSolomon.remainder(of: data, divisor: ReedSolomon.generator(degree: 10)) == expected)
    }

    @Test("holds the standard's count of data codewords at the corners of the table")
    func capacities() {
        let table: [(Int, QRCode.Correction, Int)] = [
            (1, .low, 19), (1, .medium, 16), (1, .quartile, 13), (1, .high, 9), (2, .low, 34), (2, .high, 16),
            (10, .medium, 216), (40, .low, 2956), (40, .medium, 2334), (40, .quartile, 1666), (40, .high, 1276),
        ]
        for (version, correction, count) in table {
            #expect(QRCode.dataCodewords(version, correction) == count, "version \(version) \(correction)")
        }
    }

    @Test("every version and level splits into blocks that add up", arguments: QRCode.Correction.allCases)
    func blocks(correction: QRCode.Correction) {
        for version in 1...40 {
            let total = QRCode.rawDataModules(version) / 8
            let blocks = QRCode.errorCorrectionBlocks[correction.rawValue][version - 1]
            let perBlock = QRCode.errorCorrectionPerBlock[correction.rawValue][version - 1]
            // The short blocks hold at least as many data codewords as error-correction ones.
            #expect(total / blocks - perBlock >= perBlock / 2, "version \(version)")
            let data = [UInt8](repeating: 0, count: QRCode.dataCodewords(version, correction))
            #expect(QRCode.interleave(data, version: version, correction: correction).count == total)
        }
    }

    @Test("puts the alignment patterns where Annex E does")
    func alignment() {
        #expect(QRCode.alignmentPositions(1) == [])
        #expect(QRCode.alignmentPositions(2) == [6, 18])
        #expect(QRCode.alignmentPositions(7) == [6, 22, 38])
        #expect(QRCode.alignmentPositions(14) == [6, 26, 46, 66])
        #expect(QRCode.alignmentPositions(32) == [6, 34, 60, 86, 112, 138])
        #expect(QRCode.alignmentPositions(40) == [6, 30, 58, 86, 114, 142, 170])
    }

    @Test("takes the smallest version that holds the bytes, and refuses what version 40 cannot")
    func versions() throws {
        #expect(try #require(QRCode(bytes: Array(repeating: 0x41, count: 14))).version == 1)
        #expect(try #require(QRCode(bytes: Array(repeating: 0x41, count: 15))).version == 2)
        #expect(try #require(QRCode(bytes: Array(repeating: 0x41, count: 2953), correction: .low)).version == 40)
        #expect(QRCode(bytes: Array(repeating: 0x41, count: 2954), correction: .low) == nil)
    }

    @Test("draws the finders, the timing, the dark module, and format bits that name its level and mask")
    func structure() throws {
        let uri = "otpauth://totp/SignIn%20Demo:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=SignIn%20Demo"
        for correction in QRCode.Correction.allCases {
            let code = try #require(QRCode(text: uri, correction: correction))
            let size = code.size
            #expect(size == 17 + 4 * code.version)
            for (x, y) in [(0, 0), (size - 7, 0), (0, size - 7)] {
                // Each finder: a dark 7 × 7 ring, a light ring, a dark 3 × 3 centre.
                #expect((0..<7).allSatisfy { code.modules[y][x + $0] && code.modules[y + 6][x + $0] })
                #expect(!code.modules[y + 1][x + 1] && code.modules[y + 3][x + 3])
            }
            #expect((8..<(size - 8)).allSatisfy { code.modules[6][$0] == ($0 % 2 == 0) })
            #expect(code.modules[size - 8][8])
            // The first copy of the format bits, read back: the level's two bits and the mask, and a valid BCH code.
            var bits = 0
            let positions =
                (0...5).map { (8, $0) } + [(8, 7), (8, 8), (7, 8)] + (9..<15).map { (14 - $0, 8) }
            for (index, (x, y)) in positions.enumerated() where code.modules[y][x] { bits |= 1 << index }
            let format = bits ^ 0x5412
            #expect(format >> 10 == correction.formatBits << 3 | code.mask)
            var second = 0
            let secondPositions = (0..<8).map { (size - 1 - $0, 8) } + (8..<15).map { (8, size - 15 + $0) }
            for (index, (x, y)) in secondPositions.enumerated() where code.modules[y][x] { second |= 1 << index }
            #expect(second == bits)
        }
    }

    @Test("draws two rows a line inside a quiet zone of four modules, coloured or plain")
    func terminal() throws {
        let code = try #require(QRCode(text: "otpauth://totp/x?secret=JBSWY3DP"))
        let plain = TerminalQRCode.lines(code, style: .plain)
        #expect(plain.count == (code.size + 8 + 1) / 2)
        #expect(plain.allSatisfy { $0.count == code.size + 8 })
        #expect(plain[0].allSatisfy { $0 == " " } && plain[1].allSatisfy { $0 == " " })
        // Row 4 is the finders' top edge, the upper half of line 2; row 5 the lower half.
        #expect(Array(plain[2])[4] == "█")
        #expect(Array(plain[2])[5] == "▀")
        let colored = TerminalQRCode.lines(code, style: .colored)
        #expect(colored.allSatisfy { $0.hasPrefix("\u{1B}[30;107m") && $0.hasSuffix("\u{1B}[0m") })
    }
}
