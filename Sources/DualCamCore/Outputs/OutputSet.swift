/// One of a take's three output files.
public enum OutputRole: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
  /// Both cameras stacked: `dualview_<timestamp>`.
  case dualView = "dualview"
  /// The front camera alone: `front_<timestamp>`.
  case front
  /// The back camera alone: `back_<timestamp>`.
  case back

  /// The output's name, as its file name starts and as `metadata.json` lists it.
  public var description: String { rawValue }

  /// The camera this output stores alone; nil for the dual view, which shows both.
  public var camera: CameraPosition? {
    switch self {
    case .dualView: nil
    case .front: .front
    case .back: .back
    }
  }

  /// Whether this output's frames need `position`'s frame.
  public func shows(_ position: CameraPosition) -> Bool {
    camera == nil || camera == position
  }
}

/// One value per output of a take, by role: the dual view, the front and the back file.
///
/// Iterates in a fixed order (dual view, front, back) without allocating, so the scheduler can
/// walk it per frame.
public struct OutputSet<Value> {
  /// The dual view's value.
  public var dualView: Value
  /// The front file's value.
  public var front: Value
  /// The back file's value.
  public var back: Value

  /// A set of the three values.
  public init(dualView: Value, front: Value, back: Value) {
    self.dualView = dualView
    self.front = front
    self.back = back
  }

  /// A set made role by role, in the fixed order; the first error stops it.
  public init<Failure: Error>(_ make: (OutputRole) throws(Failure) -> Value) throws(Failure) {
    let dualView = try make(.dualView)
    let front = try make(.front)
    self.init(dualView: dualView, front: front, back: try make(.back))
  }

  /// The value of `role`.
  public subscript(role: OutputRole) -> Value {
    get {
      switch role {
      case .dualView: dualView
      case .front: front
      case .back: back
      }
    }
    set {
      switch role {
      case .dualView: dualView = newValue
      case .front: front = newValue
      case .back: back = newValue
      }
    }
  }

  /// The set of `transform`'s results, role by role.
  public func map<Result, Failure: Error>(
    _ transform: (Value) throws(Failure) -> Result
  ) throws(Failure) -> OutputSet<Result> {
    try OutputSet<Result> { role throws(Failure) in try transform(self[role]) }
  }

  /// Calls `body` with every role and its value, in the fixed order.
  public func forEach<Failure: Error>(
    _ body: (OutputRole, Value) throws(Failure) -> Void
  ) throws(Failure) {
    try body(.dualView, dualView)
    try body(.front, front)
    try body(.back, back)
  }
}

extension OutputSet: Sequence {
  /// Walks the values in the fixed order.
  public struct Iterator: IteratorProtocol {
    private let set: OutputSet
    private var position = 0

    init(_ set: OutputSet) { self.set = set }

    public mutating func next() -> Value? {
      defer { position += 1 }
      switch position {
      case 0: return set.dualView
      case 1: return set.front
      case 2: return set.back
      default: return nil
      }
    }
  }

  public func makeIterator() -> Iterator { Iterator(self) }

  public var underestimatedCount: Int { 3 }
}

extension OutputSet: Sendable where Value: Sendable {}
extension OutputSet.Iterator: Sendable where Value: Sendable {}
extension OutputSet: Equatable where Value: Equatable {}
extension OutputSet: Hashable where Value: Hashable {}
