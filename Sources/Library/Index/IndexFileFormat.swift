import DualCamCore
import Foundation

/// The bytes of a `LibraryIndexStore` file: a header naming the format, its version and the
/// output folder, then the folder's status and listing, then every kept item with its
/// fingerprint and its card facts, and last a 64-bit FNV-1a checksum of everything before it
/// (a flipped bit in a card fact would otherwise be trusted). Numbers are little-endian,
/// strings length-prefixed UTF-8.
///
/// A compact binary form rather than JSON: a warm open decodes 5,000 takes from it, and
/// `JSONDecoder` alone would cost more than the whole open is allowed to.
///
/// Bump `version` whenever what is written changes (a new `TakeSummary` field, say): a file
/// of another version is ignored, and the folder read afresh.
enum IndexFileFormat {
  static let magic = Array("dualcam-library-index\n".utf8)
  static let version: UInt32 = 1

  // MARK: - Writing

  static func encode(_ cache: RootCache, root: URL) -> [UInt8] {
    var out = ByteWriter()
    out.bytes.append(contentsOf: magic)
    out.uint32(version)
    out.string(root.path)
    out.optional(cache.rootStatus) { $0.status($1) }
    out.bool(cache.rootTrusted)
    out.count(cache.names.count)
    for name in cache.names { out.string(name) }
    let kept = cache.names.compactMap { name in
      cache.items[name].flatMap { RootCache.isGrowing($0.item) ? nil : (name, $0) }
    }
    out.count(kept.count)
    for (name, cached) in kept {
      out.string(name)
      out.optional(cached.fingerprint.folder) { $0.status($1) }
      out.optional(cached.fingerprint.metadata) { $0.status($1) }
      out.bool(cached.trusted)
      switch cached.item {
      case .hidden:
        out.uint8(0)
      case .skipped(let skipped):
        out.uint8(1)
        out.string(skipped.reason)
      case .take(let entry):
        out.uint8(2)
        out.entry(entry)
      }
    }
    out.uint64(checksum(out.bytes[...]))
    return out.bytes
  }

  /// FNV-1a, 64 bits: stable across runs, and a changed byte changes it.
  static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    return hash
  }

  // MARK: - Reading

  /// The cache in `bytes`; nil when they are not a file of this version for `root`.
  static func decode(_ file: [UInt8], root: URL) -> RootCache? {
    guard file.count > 8 else { return nil }
    let bytes = Array(file.dropLast(8))
    var sum = ByteReader(bytes: Array(file.suffix(8)))
    guard (try? sum.uint64()) == checksum(bytes[...]) else { return nil }
    var input = ByteReader(bytes: bytes)
    do {
      guard try input.take(magic.count).elementsEqual(magic), try input.uint32() == version,
        try input.string() == root.path
      else { return nil }
      var cache = RootCache()
      cache.rootStatus = try input.optional { reader throws(DamagedIndexFile) in try reader.status()
      }
      cache.rootTrusted = try input.bool()
      cache.names = try (0..<input.count()).map { _ in try input.string() }
      let itemCount = try input.count()
      cache.items.reserveCapacity(itemCount)
      for _ in 0..<itemCount {
        let name = try input.string()
        let folder = root.appendingPathComponent(name, isDirectory: true)
        let fingerprint = TakeReader.Fingerprint(
          folder: try input.optional { reader throws(DamagedIndexFile) in try reader.status() },
          metadata: try input.optional { reader throws(DamagedIndexFile) in try reader.status() })
        let trusted = try input.bool()
        let item: TakeReader.Item
        switch try input.uint8() {
        case 0: item = .hidden
        case 1: item = .skipped(SkippedItem(path: folder, reason: try input.string()))
        case 2: item = .take(try input.entry(folder: folder, root: root))
        default: return nil
        }
        cache.items[name] = RootCache.CachedItem(
          item: item, fingerprint: fingerprint, trusted: trusted)
      }
      guard input.isAtEnd else { return nil }
      return cache
    } catch {
      return nil
    }
  }
}

// MARK: - Bytes out

private struct ByteWriter {
  var bytes: [UInt8] = []

  mutating func uint8(_ value: UInt8) { bytes.append(value) }
  mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }
  mutating func uint32(_ value: UInt32) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }
  mutating func int64(_ value: Int64) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }
  mutating func uint64(_ value: UInt64) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }
  mutating func double(_ value: Double) { uint64(value.bitPattern) }
  mutating func count(_ value: Int) { uint32(UInt32(truncatingIfNeeded: value)) }
  mutating func string(_ value: String) {
    let utf8 = value.utf8
    count(utf8.count)
    bytes.append(contentsOf: utf8)
  }
  mutating func optional<Value>(_ value: Value?, _ write: (inout ByteWriter, Value) -> Void) {
    bool(value != nil)
    if let value { write(&self, value) }
  }
  mutating func date(_ value: Date?) {
    optional(value) { $0.double($1.timeIntervalSinceReferenceDate) }
  }
  mutating func size(_ value: ImageSize?) {
    optional(value) {
      $0.int64(Int64($1.width))
      $0.int64(Int64($1.height))
    }
  }

  mutating func status(_ status: FileStatus) {
    switch status.kind {
    case .directory: uint8(0)
    case .regular: uint8(1)
    case .symbolicLink: uint8(2)
    case .other: uint8(3)
    }
    uint64(status.device)
    uint64(status.inode)
    int64(status.size)
    uint32(status.mode)
    int64(status.modified)
    int64(status.changed)
  }

  mutating func entry(_ entry: TakeEntry) {
    string(entry.name)
    switch entry.state {
    case .finished: uint8(0)
    case .interrupted: uint8(1)
    case .recording: uint8(2)
    }
    optional(entry.unreadableReason) { $0.string($1) }
    int64(entry.bytesOnDisk)
    optional(entry.summary) { $0.summary($1) }
  }

  mutating func summary(_ summary: TakeSummary) {
    string(summary.schema)
    string(summary.status)
    date(summary.startedAt)
    date(summary.endedAt)
    double(summary.durationSeconds)
    int64(summary.frames)
    double(summary.frameRate)
    size(summary.resolution)
    size(summary.cameraResolution)
    optional(summary.codec) { $0.string($1) }
    optional(summary.container) { $0.string($1) }
    count(summary.outputFiles.count)
    for (output, file) in summary.outputFiles.sorted(by: { $0.key < $1.key }) {
      string(output)
      string(file)
    }
    int64(summary.droppedFrames)
    int64(summary.repeatedFrames)
    int64(Int64(summary.lostSignalEvents))
    int64(summary.missingSlots)
    int64(Int64(summary.pauseCount))
    int64(Int64(summary.errorCount))
    optional(summary.notes) { $0.string($1) }
    count(summary.tags.count)
    for tag in summary.tags { string(tag) }
    optional(summary.frontDevice) { $0.string($1) }
    optional(summary.backDevice) { $0.string($1) }
    optional(summary.hostname) { $0.string($1) }
  }
}

// MARK: - Bytes in

/// The file ended early or holds a value that cannot be.
private struct DamagedIndexFile: Error {}

private struct ByteReader {
  let bytes: [UInt8]
  var position = 0

  var isAtEnd: Bool { position == bytes.count }

  mutating func take(_ count: Int) throws(DamagedIndexFile) -> ArraySlice<UInt8> {
    guard count >= 0, bytes.count - position >= count else { throw DamagedIndexFile() }
    defer { position += count }
    return bytes[position..<(position + count)]
  }

  mutating func uint8() throws(DamagedIndexFile) -> UInt8 { try take(1).first! }

  mutating func bool() throws(DamagedIndexFile) -> Bool {
    switch try uint8() {
    case 0: return false
    case 1: return true
    default: throw DamagedIndexFile()
    }
  }

  mutating func uint64() throws(DamagedIndexFile) -> UInt64 {
    let slice = try take(8)
    var value: UInt64 = 0
    for (shift, byte) in slice.enumerated() { value |= UInt64(byte) << (shift * 8) }
    return value
  }

  mutating func uint32() throws(DamagedIndexFile) -> UInt32 {
    let slice = try take(4)
    var value: UInt32 = 0
    for (shift, byte) in slice.enumerated() { value |= UInt32(byte) << (shift * 8) }
    return value
  }

  mutating func int64() throws(DamagedIndexFile) -> Int64 { Int64(bitPattern: try uint64()) }
  mutating func double() throws(DamagedIndexFile) -> Double {
    Double(bitPattern: try uint64())
  }

  mutating func int() throws(DamagedIndexFile) -> Int {
    guard let value = Int(exactly: try int64()) else { throw DamagedIndexFile() }
    return value
  }

  mutating func count() throws(DamagedIndexFile) -> Int {
    let value = Int(try uint32())
    // Each counted thing takes at least one byte: a larger count is damage, not a huge array.
    guard value <= bytes.count - position else { throw DamagedIndexFile() }
    return value
  }

  mutating func string() throws(DamagedIndexFile) -> String {
    guard let text = String(validating: try take(try count()), as: UTF8.self) else {
      throw DamagedIndexFile()
    }
    return text
  }

  mutating func optional<Value>(
    _ read: (inout ByteReader) throws(DamagedIndexFile) -> Value
  ) throws(DamagedIndexFile) -> Value? {
    try bool() ? try read(&self) : nil
  }

  mutating func date() throws(DamagedIndexFile) -> Date? {
    try optional { reader throws(DamagedIndexFile) in
      Date(timeIntervalSinceReferenceDate: try reader.double())
    }
  }

  mutating func size() throws(DamagedIndexFile) -> ImageSize? {
    try optional { reader throws(DamagedIndexFile) in
      ImageSize(width: try reader.int(), height: try reader.int())
    }
  }

  mutating func optionalString() throws(DamagedIndexFile) -> String? {
    try optional { reader throws(DamagedIndexFile) in try reader.string() }
  }

  mutating func status() throws(DamagedIndexFile) -> FileStatus {
    let kind: FileStatus.Kind
    switch try uint8() {
    case 0: kind = .directory
    case 1: kind = .regular
    case 2: kind = .symbolicLink
    case 3: kind = .other
    default: throw DamagedIndexFile()
    }
    return FileStatus(
      kind: kind, device: try uint64(), inode: try uint64(), size: try int64(),
      mode: try uint32(), modified: try int64(), changed: try int64())
  }

  mutating func entry(folder: URL, root: URL) throws(DamagedIndexFile) -> TakeEntry {
    let name = try string()
    let state: TakeEntry.State
    switch try uint8() {
    case 0: state = .finished
    case 1: state = .interrupted
    case 2: state = .recording
    default: throw DamagedIndexFile()
    }
    let reason = try optionalString()
    let bytes = try int64()
    let summary = try optional { reader throws(DamagedIndexFile) in try reader.summary() }
    return TakeEntry(
      folder: folder, root: root, name: name, state: state, summary: summary,
      unreadableReason: reason, bytesOnDisk: bytes)
  }

  mutating func summary() throws(DamagedIndexFile) -> TakeSummary {
    var summary = TakeSummary(schema: try string(), status: try string())
    summary.startedAt = try date()
    summary.endedAt = try date()
    summary.durationSeconds = try double()
    summary.frames = try int64()
    summary.frameRate = try double()
    summary.resolution = try size()
    summary.cameraResolution = try size()
    summary.codec = try optionalString()
    summary.container = try optionalString()
    for _ in 0..<(try count()) {
      let output = try string()
      summary.outputFiles[output] = try string()
    }
    summary.droppedFrames = try int64()
    summary.repeatedFrames = try int64()
    summary.lostSignalEvents = try int()
    summary.missingSlots = try int64()
    summary.pauseCount = try int()
    summary.errorCount = try int()
    summary.notes = try optionalString()
    summary.tags = try (0..<(try count())).map { _ throws(DamagedIndexFile) in try string() }
    summary.frontDevice = try optionalString()
    summary.backDevice = try optionalString()
    summary.hostname = try optionalString()
    return summary
  }
}
