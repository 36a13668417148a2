public import DualCamCore
public import Foundation

/// Makes missing thumbnails one at a time on a background queue, so listing never waits for
/// them: the gallery shows a placeholder, asks for the visible cards' thumbnails, and redraws a
/// card when `onReady` reports its picture.
public final class ThumbnailQueue: Sendable {
  /// What became of one request.
  public enum Outcome: Sendable, Equatable {
    /// The picture is stored at this path.
    case ready(URL)
    /// It could not be made (the reason, for the card); not tried again by this queue.
    case failed(String)
  }

  /// The cache the pictures go to.
  public let cache: ThumbnailCache
  /// Where in the take the picture is taken (0…1).
  public let fraction: Double
  /// The largest picture made.
  public let bounds: ImageSize

  private let maker: any ThumbnailMaker
  private let onReady: @Sendable (ThumbnailKey, Outcome) -> Void
  private let work = DispatchQueue(label: "dualcam.thumbnails", qos: .utility)
  /// A pthread mutex (`Locked`), which ThreadSanitizer follows: the interface thread asks while
  /// the background queue finishes.
  private let state = Locked(State())

  private struct State {
    var pending = Set<String>()
    var failed: [String: String] = [:]
    var generation = 0
  }

  /// A queue that makes pictures with `maker` into `cache` and reports each on `onReady` (from
  /// the background queue: hop to the interface's thread before drawing).
  public init(
    cache: ThumbnailCache, maker: any ThumbnailMaker, fraction: Double = 0.1,
    bounds: ImageSize = ImageSize(width: 320, height: 360),
    onReady: @escaping @Sendable (ThumbnailKey, Outcome) -> Void
  ) {
    self.cache = cache
    self.maker = maker
    self.fraction = fraction
    self.bounds = bounds
    self.onReady = onReady
  }

  /// The stored picture's path for `key` if it is already made; never blocks on making one.
  public func existing(_ key: ThumbnailKey) -> URL? {
    let url = cache.url(for: key)
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
  }

  /// Asks for the thumbnails of `keys` (the visible cards first); returns at once. A key
  /// already made, being made or known to fail is not made again.
  public func request(_ keys: [ThumbnailKey]) {
    for key in keys {
      let (isNew, failure, generation) = state.withLock { state in
        if let failure = state.failed[key.name] { return (false, Optional(failure), 0) }
        return (state.pending.insert(key.name).inserted, nil, state.generation)
      }
      if let failure {
        onReady(key, .failed(failure))
        continue
      }
      guard isNew else { continue }
      work.async { [self] in make(key, generation: generation) }
    }
  }

  /// Drops the requests not yet started (the gallery scrolled or closed).
  public func cancelPending() {
    state.withLock { state in
      state.generation += 1
      state.pending.removeAll()
    }
  }

  /// Waits until every request made so far has been handled (for tests and for shutdown).
  public func waitUntilIdle() {
    work.sync {}
  }

  // MARK: - Internals

  private func make(_ key: ThumbnailKey, generation: Int) {
    guard state.withLock({ $0.generation == generation }) else { return }
    let outcome: Outcome
    if let url = existing(key) {
      outcome = .ready(url)
    } else {
      do throws(DualCamError) {
        let picture = try maker.makeThumbnail(of: key.video, at: fraction, fitting: bounds)
        try cache.store(picture, for: key)
        outcome = .ready(cache.url(for: key))
      } catch {
        outcome = .failed(error.problem)
      }
    }
    state.withLock { state in
      state.pending.remove(key.name)
      if case .failed(let reason) = outcome { state.failed[key.name] = reason }
    }
    onReady(key, outcome)
  }
}
