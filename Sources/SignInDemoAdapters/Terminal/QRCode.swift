/// A QR code (ISO/IEC 18004) of some bytes, in byte mode: what the demo draws in the terminal so that a phone's
/// authenticator app can scan an `otpauth://` URI. The smallest version (1 to 40) that holds the bytes at the
/// correction level asked for, and the mask with the lowest penalty.
package struct QRCode: Sendable, Equatable {
    /// How much of the symbol may be damaged and still read: about 7, 15, 25 and 30 % of the codewords.
    package enum Correction: Int, Sendable, CaseIterable {
        case low, medium, quartile, high

        /// The two bits the format information carries for the level.
        var formatBits: Int {
            switch self {
            case .low: 1
            case .medium: 0
            case .quartile: 3
            case .high: 2
            }
        }
    }

    /// The version: 1 (21 × 21 modules) to 40 (177 × 177).
    package let version: Int
    /// The mask pattern chosen, 0 to 7.
    package let mask: Int
    /// Modules per side: `17 + 4 × version`.
    package var size: Int { modules.count }
    /// `modules[y][x]`: whether the module in row `y`, column `x` is dark. No quiet zone.
    package let modules: [[Bool]]

    /// The code of `bytes`, or `nil` if they do not fit in version 40 at `correction`.
    package init?(bytes: [UInt8], correction: Correction = .medium) {
        guard
            let version = (1...40).first(where: {
                Self.dataBitsNeeded(count: bytes.count, version: $0) <= Self.dataCodewords($0, correction) * 8
            })
        else { return nil }
        let codewords = Self.codewords(of: bytes, version: version, correction: correction)
        var grid = Grid(version: version)
        grid.placeData(codewords)
        var best: (penalty: Int, mask: Int, modules: [[Bool]])?
        for mask in 0..<8 {
            var candidate = grid
            candidate.apply(mask: mask)
            candidate.drawFormat(correction: correction, mask: mask)
            let penalty = candidate.penalty()
            if best == nil || penalty < best?.penalty ?? .max { best = (penalty, mask, candidate.dark) }
        }
        guard let best else { return nil }
        self.version = version
        self.mask = best.mask
        self.modules = best.modules
    }

    /// The code of the UTF-8 bytes of `text`.
    package init?(text: String, correction: Correction = .medium) {
        self.init(bytes: Array(text.utf8), correction: correction)
    }

    // MARK: The codewords

    /// Bits of the segment: the mode, the count (8 bits up to version 9, 16 after) and the bytes.
    static func dataBitsNeeded(count: Int, version: Int) -> Int {
        4 + (version <= 9 ? 8 : 16) + 8 * count
    }

    /// The data and error-correction codewords of `bytes`, interleaved as they are placed.
    static func codewords(of bytes: [UInt8], version: Int, correction: Correction) -> [UInt8] {
        let capacity = dataCodewords(version, correction)
        var bits = BitBuffer()
        bits.append(0b0100, count: 4)
        bits.append(bytes.count, count: version <= 9 ? 8 : 16)
        for byte in bytes { bits.append(Int(byte), count: 8) }
        bits.append(0, count: min(4, capacity * 8 - bits.count))
        bits.append(0, count: (8 - bits.count % 8) % 8)
        var data = bits.bytes
        var pad: UInt8 = 0xec
        while data.count < capacity {
            data.append(pad)
            pad = pad == 0xec ? 0x11 : 0xec
        }
        return interleave(data, version: version, correction: correction)
    }

    /// Splits the data into the version's blocks, adds each block's error correction, and interleaves both.
    static func interleave(_ data: [UInt8], version: Int, correction: Correction) -> [UInt8] {
        let blockCount = errorCorrectionBlocks[correction.rawValue][version - 1]
        let correctionLength = errorCorrectionPerBlock[correction.rawValue][version - 1]
        let total = rawDataModules(version) / 8
        let shortBlocks = blockCount - total % blockCount
        let shortDataLength = total / blockCount - correctionLength
        let divisor = ReedSolomon.generator(degree: correctionLength)
        var blocks: [[UInt8]] = []
        var corrections: [[UInt8]] = []
        var start = 0
        for index in 0..<blockCount {
            let length = shortDataLength + (index < shortBlocks ? 0 : 1)
            let block = Array(data[start..<start + length])
            start += length
            blocks.append(block)
            corrections.append(ReedSolomon.remainder(of: block, divisor: divisor))
        }
        var result: [UInt8] = []
        result.reserveCapacity(total)
        for column in 0..<(shortDataLength + 1) {
            for block in blocks where column < block.count { result.append(block[column]) }
        }
        for column in 0..<correctionLength {
            for correction in corrections { result.append(correction[column]) }
        }
        return result
    }

    /// How many data codewords the version holds at the level.
    static func dataCodewords(_ version: Int, _ correction: Correction) -> Int {
        rawDataModules(version) / 8 - errorCorrectionPerBlock[correction.rawValue][version - 1]
            * errorCorrectionBlocks[correction.rawValue][version - 1]
    }

    /// The modules left for codewords once the function patterns and the format and version areas are drawn.
    static func rawDataModules(_ version: Int) -> Int {
        var modules = (16 * version + 128) * version + 64
        if version >= 2 {
            let alignments = version / 7 + 2
            modules -= (25 * alignments - 10) * alignments - 55
            if version >= 7 { modules -= 36 }
        }
        return modules
    }

    /// The rows and columns of the alignment patterns' centres (ISO/IEC 18004 Annex E).
    static func alignmentPositions(_ version: Int) -> [Int] {
        guard version >= 2 else { return [] }
        let count = version / 7 + 2
        let step = (version * 8 + count * 3 + 5) / (count * 4 - 4) * 2
        let last = 17 + 4 * version - 7
        return [6] + (0..<(count - 1)).reversed().map { last - $0 * step }
    }

    /// Error-correction codewords per block, by level (L, M, Q, H) and version (ISO/IEC 18004 Table 9).
    static let errorCorrectionPerBlock: [[Int]] = [
        [
            7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30,
            30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
        [
            10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28,
            28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
        ],
        [
            13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28,
            30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
        [
            17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30,
            30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
    ]

    /// Error-correction blocks, by level (L, M, Q, H) and version (ISO/IEC 18004 Table 9).
    static let errorCorrectionBlocks: [[Int]] = [
        [
            1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17,
            18, 19, 19, 20, 21, 22, 24, 25,
        ],
        [
            1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29,
            31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
        ],
        [
            1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38,
            40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68,
        ],
        [
            1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42, 45,
            48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81,
        ],
    ]
}

/// Bits appended most significant first, read back as bytes.
struct BitBuffer {
    private(set) var bits: [Bool] = []
    var count: Int { bits.count }

    mutating func append(_ value: Int, count: Int) {
        for shift in stride(from: count - 1, through: 0, by: -1) { bits.append(value >> shift & 1 == 1) }
    }

    var bytes: [UInt8] {
        stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<min(start + 8, bits.count)].enumerated().reduce(UInt8(0)) { byte, bit in
                bit.element ? byte | 0x80 >> UInt8(bit.offset) : byte
            }
        }
    }
}

/// Reed-Solomon error correction over GF(2⁸) with the QR code's polynomial x⁸ + x⁴ + x³ + x² + 1.
enum ReedSolomon {
    /// `a × b` in the field.
    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        var product: UInt16 = 0
        var x = UInt16(a)
        var y = b
        while y != 0 {
            if y & 1 == 1 { product ^= x }
            x <<= 1
            if x & 0x100 != 0 { x ^= 0x11d }
            y >>= 1
        }
        return UInt8(product)
    }

    /// The coefficients, highest degree first and the leading 1 left out, of (x − α⁰)(x − α¹)…(x − α^(degree−1)).
    static func generator(degree: Int) -> [UInt8] {
        var coefficients: [UInt8] = [1]
        var root: UInt8 = 1
        for _ in 0..<degree {
            // Multiply by (x + root): subtraction is addition in GF(2⁸).
            var next = coefficients + [0]
            for index in 1..<next.count { next[index] ^= multiply(coefficients[index - 1], root) }
            coefficients = next
            root = multiply(root, 2)
        }
        return Array(coefficients.dropFirst())
    }

    /// The remainder of `data` × x^degree divided by the generator: the block's error-correction codewords.
    static func remainder(of data: [UInt8], divisor: [UInt8]) -> [UInt8] {
        var remainder = [UInt8](repeating: 0, count: divisor.count)
        for byte in data {
            let factor = byte ^ remainder[0]
            remainder.removeFirst()
            remainder.append(0)
            for index in 0..<divisor.count { remainder[index] ^= multiply(divisor[index], factor) }
        }
        return remainder
    }
}

/// The modules while the code is drawn: the function patterns, then the data, then a mask and the format.
struct Grid {
    let version: Int
    let size: Int
    var dark: [[Bool]]
    /// Modules of the function patterns and the format and version areas, which data and masks leave alone.
    var reserved: [[Bool]]

    init(version: Int) {
        self.version = version
        size = 17 + 4 * version
        dark = Array(repeating: Array(repeating: false, count: size), count: size)
        reserved = dark
        for index in 0..<size {
            set(x: 6, y: index, index % 2 == 0)
            set(x: index, y: 6, index % 2 == 0)
        }
        for (x, y) in [(3, 3), (size - 4, 3), (3, size - 4)] { drawFinder(x: x, y: y) }
        let positions = QRCode.alignmentPositions(version)
        for y in positions {
            for x in positions {
                let onFinder = (x == 6 && y == 6) || (x == 6 && y == positions.last) || (x == positions.last && y == 6)
                if !onFinder { drawAlignment(x: x, y: y) }
            }
        }
        // The format areas are reserved now and drawn with the mask; the version areas are drawn now.
        drawFormatBits(0)
        drawVersion()
    }

    mutating func set(x: Int, y: Int, _ isDark: Bool) {
        dark[y][x] = isDark
        reserved[y][x] = true
    }

    private mutating func drawFinder(x: Int, y: Int) {
        for dy in -4...4 {
            for dx in -4...4 where (0..<size).contains(x + dx) && (0..<size).contains(y + dy) {
                let distance = max(abs(dx), abs(dy))
                set(x: x + dx, y: y + dy, distance != 2 && distance != 4)
            }
        }
    }

    private mutating func drawAlignment(x: Int, y: Int) {
        for dy in -2...2 {
            for dx in -2...2 { set(x: x + dx, y: y + dy, max(abs(dx), abs(dy)) != 1) }
        }
    }

    /// The 15 format bits (the level, the mask, their BCH code) around the finders, and the dark module.
    private mutating func drawFormatBits(_ bits: Int) {
        func bit(_ index: Int) -> Bool { bits >> index & 1 == 1 }
        for index in 0...5 { set(x: 8, y: index, bit(index)) }
        set(x: 8, y: 7, bit(6))
        set(x: 8, y: 8, bit(7))
        set(x: 7, y: 8, bit(8))
        for index in 9..<15 { set(x: 14 - index, y: 8, bit(index)) }
        for index in 0..<8 { set(x: size - 1 - index, y: 8, bit(index)) }
        for index in 8..<15 { set(x: 8, y: size - 15 + index, bit(index)) }
        set(x: 8, y: size - 8, true)
    }

    mutating func drawFormat(correction: QRCode.Correction, mask: Int) {
        let data = correction.formatBits << 3 | mask
        var remainder = data
        for _ in 0..<10 { remainder = remainder << 1 ^ (remainder >> 9) * 0x537 }
        drawFormatBits((data << 10 | remainder) ^ 0x5412)
    }

    /// From version 7: the version and its BCH code, twice.
    private mutating func drawVersion() {
        guard version >= 7 else { return }
        var remainder = version
        for _ in 0..<12 { remainder = remainder << 1 ^ (remainder >> 11) * 0x1f25 }
        let bits = version << 12 | remainder
        for index in 0..<18 {
            let isDark = bits >> index & 1 == 1
            let a = size - 11 + index % 3
            let b = index / 3
            set(x: a, y: b, isDark)
            set(x: b, y: a, isDark)
        }
    }

    /// The codewords' bits, most significant first, up and down the column pairs from the right; the remainder bits
    /// stay light.
    mutating func placeData(_ codewords: [UInt8]) {
        var index = 0
        let total = codewords.count * 8
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            let upward = (right + 1) & 2 == 0
            for step in 0..<size {
                let y = upward ? size - 1 - step : step
                for x in [right, right - 1] where !reserved[y][x] {
                    if index < total {
                        dark[y][x] = codewords[index / 8] >> (7 - index % 8) & 1 == 1
                        index += 1
                    }
                }
            }
            right -= 2
        }
    }

    mutating func apply(mask: Int) {
        for y in 0..<size {
            for x in 0..<size where !reserved[y][x] {
                let flip: Bool
                switch mask {
                case 0: flip = (x + y) % 2 == 0
                case 1: flip = y % 2 == 0
                case 2: flip = x % 3 == 0
                case 3: flip = (x + y) % 3 == 0
                case 4: flip = (y / 2 + x / 3) % 2 == 0
                case 5: flip = x * y % 2 + x * y % 3 == 0
                case 6: flip = (x * y % 2 + x * y % 3) % 2 == 0
                default: flip = ((x + y) % 2 + x * y % 3) % 2 == 0
                }
                if flip { dark[y][x].toggle() }
            }
        }
    }

    /// ISO/IEC 18004 §7.8.3's penalty: runs of five or more, 2 × 2 blocks, finder-like patterns, and imbalance.
    func penalty() -> Int {
        var score = 0
        let columns = (0..<size).map { x in (0..<size).map { y in dark[y][x] } }
        for line in dark + columns {
            var run = 1
            for index in 1...line.count {
                if index < line.count && line[index] == line[index - 1] {
                    run += 1
                } else {
                    if run >= 5 { score += run - 2 }
                    run = 1
                }
            }
            score += 40 * finderLikePatterns(in: line)
        }
        for y in 0..<(size - 1) {
            for x in 0..<(size - 1) {
                let colour = dark[y][x]
                if dark[y][x + 1] == colour && dark[y + 1][x] == colour && dark[y + 1][x + 1] == colour { score += 3 }
            }
        }
        let darkCount = dark.reduce(0) { $0 + $1.filter { $0 }.count }
        let total = size * size
        score += 10 * (abs(darkCount * 20 - total * 10) / total)
        return score
    }

    /// Dark-light-dark×3-light-dark with four light modules (or the edge) on one side.
    private func finderLikePatterns(in line: [Bool]) -> Int {
        let pattern = [true, false, true, true, true, false, true]
        func isLight(_ index: Int) -> Bool { index < 0 || index >= line.count || !line[index] }
        var count = 0
        for start in 0...(line.count - pattern.count)
        where (0..<pattern.count).allSatisfy({ line[start + $0] == pattern[$0] }) {
            let before = (1...4).allSatisfy { isLight(start - $0) }
            let after = (1...4).allSatisfy { isLight(start + pattern.count - 1 + $0) }
            if before || after { count += 1 }
        }
        return count
    }
}
