import Compositor
import DualCamCore
import Library
import Testing

@testable import TerminalUI

/// Picture areas on a cell buffer: marked, moved with their cells, dropped under overlays.
@Suite struct PictureAreaTests {
  func image() -> PixelImage {
    PixelImage(size: ImageSize(width: 2, height: 2), rgb: [UInt8](repeating: 9, count: 12))!
  }

  @Test func placingABufferMovesItsPicturesAndDropsThoseCutByTheClip() {
    var picture = CellBuffer(width: 10, height: 4)
    picture.markPicture(image(), in: picture.bounds)
    var screen = CellBuffer(width: 40, height: 20)
    screen.place(picture, x: 5, y: 3, clip: ScreenRect(x: 0, y: 1, width: 40, height: 10))
    #expect(screen.pictures.map(\.rect) == [ScreenRect(x: 5, y: 3, width: 10, height: 4)])
    var cut = CellBuffer(width: 40, height: 20)
    cut.place(picture, x: 5, y: 8, clip: ScreenRect(x: 0, y: 1, width: 40, height: 10))
    #expect(cut.pictures.isEmpty, "a picture cut by the clip shows as half blocks")
  }

  @Test func aPictureOutsideTheBufferIsNotMarked() {
    var buffer = CellBuffer(width: 10, height: 5)
    buffer.markPicture(image(), in: ScreenRect(x: 8, y: 0, width: 4, height: 2))
    #expect(buffer.pictures.isEmpty)
  }

  @Test func aPictureWithACellDrawnOverItIsDropped() {
    var buffer = CellBuffer(width: 20, height: 10)
    buffer.markPicture(image(), in: ScreenRect(x: 0, y: 0, width: 5, height: 5))
    buffer.markPicture(image(), in: ScreenRect(x: 10, y: 0, width: 5, height: 5))
    let before = buffer
    buffer.write("dialog", x: 12, y: 4)
    buffer.dropCoveredPictures(comparedWith: before)
    #expect(buffer.pictures.map(\.rect) == [ScreenRect(x: 0, y: 0, width: 5, height: 5)])
  }

  @Test func thumbnailsMarkTheSameDrawingEveryTime() {
    let thumbnail = PixelImageSource.thumbnail
    var first = CellBuffer(width: 30, height: 10)
    ThumbnailRenderer.draw(
      thumbnail, in: ScreenRect(x: 0, y: 0, width: 12, height: 6), into: &first,
      method: .halfBlocks, glyphs: .unicode, pixelKey: "take-1")
    var second = CellBuffer(width: 30, height: 10)
    ThumbnailRenderer.draw(
      thumbnail, in: ScreenRect(x: 0, y: 0, width: 12, height: 6), into: &second,
      method: .halfBlocks, glyphs: .unicode, pixelKey: "take-1")
    #expect(first.pictures.count == 1)
    #expect(first.pictures == second.pictures)
    var other = CellBuffer(width: 30, height: 10)
    ThumbnailRenderer.draw(
      thumbnail, in: ScreenRect(x: 0, y: 0, width: 12, height: 6), into: &other,
      method: .halfBlocks, glyphs: .unicode, pixelKey: "take-2")
    #expect(first.pictures != other.pictures)
    var blocks = CellBuffer(width: 30, height: 10)
    ThumbnailRenderer.draw(
      thumbnail, in: ScreenRect(x: 0, y: 0, width: 12, height: 6), into: &blocks,
      method: .halfBlocks, glyphs: .unicode)
    #expect(blocks.pictures.isEmpty)
  }

  @Test func convertingAnI420PictureGivesItsColours() throws {
    let pool = FramePool(format: .i420, size: ImageSize(width: 8, height: 8), capacity: 1)
    let frame = try #require(pool.lease())
    defer { frame.release() }
    PixelConversion.fill(frame.image, color: .white)
    let converted = try #require(
      PixelImage.converting(frame.image, to: ImageSize(width: 16, height: 4)))
    #expect(converted.size == ImageSize(width: 16, height: 4))
    #expect(converted.rgb.allSatisfy { $0 >= 250 })
  }
}

/// Pictures for the tests above.
enum PixelImageSource {
  static let thumbnail = Thumbnail(
    size: ImageSize(width: 16, height: 9),
    rgb: (0..<(16 * 9 * 3)).map { UInt8($0 & 255) })!
}

/// The render marks the preview for pixels, and a menu over it sends it back to half blocks.
@Suite struct RenderedPictureAreaTests {
  func previewWithPixels() -> AppState {
    var state = StateFixtures.previewing()
    var preview = state.camera.preview!
    preview.markPicture(
      PixelImage(size: ImageSize(width: 2, height: 2), rgb: [UInt8](repeating: 1, count: 12))!,
      in: preview.bounds)
    state.camera.preview = preview
    state.picturesInPixels = true
    return state
  }

  @Test func thePreviewIsAPictureAreaWhereItsCellsAre() throws {
    let state = previewWithPixels()
    let screen = AppRenderer.render(state)
    let area = try #require(screen.pictures.first)
    let preview = state.camera.preview!
    #expect(area.rect.width == preview.width && area.rect.height == preview.height)
    // The bottom-right cell: the region labels sit at the top-left.
    #expect(
      screen[area.rect.maxX - 1, area.rect.maxY - 1]
        == preview[preview.width - 1, preview.height - 1])
  }

  @Test func withoutPixelsNoAreaIsMarked() {
    var state = previewWithPixels()
    state.picturesInPixels = false
    #expect(AppRenderer.render(state).pictures.isEmpty)
  }

  @Test func aMenuOverThePreviewLeavesItToTheHalfBlocks() {
    var state = previewWithPixels()
    state.overlays = [.menu(MenuNavigation())]
    #expect(AppRenderer.render(state).pictures.isEmpty)
  }
}

/// The pictures choice in the Advanced menu and in the saved preferences.
@Suite struct PictureMenuTests {
  @Test func theAdvancedMenuCyclesThePictureChoiceAndSavesIt() throws {
    var state = StateFixtures.previewing()
    state.capabilities.pixelProtocols = [.sixel]
    let page = MenuCatalog.page(.advanced, in: state)
    let item = try #require(page.items.first { $0.title == "Pictures" })
    #expect(item.value == "auto (half blocks)")
    guard case .pictures(let next) = item.adjust(1) else {
      Issue.record("the Pictures row does not choose pictures")
      return
    }
    #expect(next == .pixels)
    var navigation = MenuNavigation(page: .advanced)
    navigation.selected = try #require(page.items.firstIndex { $0.title == "Pictures" })
    state.overlays = [.menu(navigation)]
    let saved = AppUpdate.update(&state, .key(.right), environment: .permissive)
    #expect(state.picturePreference == .pixels && saved == [.saveSettings])
    #expect(state.preferences.pictures == .pixels)
    state.picturePreference = .auto
    state.picturesInPixels = true
    let shown = MenuCatalog.page(.advanced, in: state).items.first { $0.title == "Pictures" }
    #expect(shown?.value == "auto (sixel)")
    let commands = AppUpdate.update(
      &state, .preferencesLoaded(state.preferences), environment: .permissive)
    #expect(commands == [.setLogLevel(state.logLevel)])
    _ = AppUpdate.update(&state, .picturesInPixels(false), environment: .permissive)
    #expect(!state.picturesInPixels)
  }
}
