import DualCamCore
import Foundation
import Library
import Testing

@testable import TerminalUI

/// The gallery screen through `AppUpdate` and `AppRenderer`: keys, results, snapshots.
@Suite struct GalleryScreenTests {
  typealias F = GalleryFixtures

  @Test func gOpensTheGalleryWhichListsAndQGoesBack() {
    var state = StateFixtures.previewing()
    #expect(F.press([.character("g")], &state) == [.gallery(.list)])
    #expect(state.screens.focused is GalleryScreen)
    let commands = AppUpdate.update(
      &state, .gallery(.listed(F.entries, problems: [], now: F.now)), environment: .permissive)
    let screen = F.galleryScreen(state)
    // Newest first; the selected take's details and the visible cards' pictures are asked for.
    #expect(screen.shown.map(\.name).first == "2026-11-24_09-15-00")
    #expect(commands.contains(.gallery(.loadDetails(F.entries[1]))))
    #expect(commands.contains { if case .gallery(.thumbnails) = $0 { true } else { false } })
    F.press([.character("q")], &state)
    #expect(state.screens.isAtRoot && !state.quitting)
  }

  @Test func refreshesOnceASecondSoOtherTerminalsTakesAppear() {
    var state = F.gallery()
    let system = AppState.SystemStatus()
    let first = AppUpdate.update(
      &state, .tick(uptime: 10, session: nil, system: system), environment: .permissive)
    let soon = AppUpdate.update(
      &state, .tick(uptime: 10.5, session: nil, system: system), environment: .permissive)
    let later = AppUpdate.update(
      &state, .tick(uptime: 11.1, session: nil, system: system), environment: .permissive)
    #expect(first == [.gallery(.refresh)] && soon.isEmpty && later == [.gallery(.refresh)])
    var more = F.entries
    more.append(
      F.entry("2026-11-24_11-00-00", summary: TakeSummary(durationSeconds: 5), bytes: 1000))
    _ = AppUpdate.update(
      &state, .gallery(.listed(more, problems: [], now: F.now)), environment: .permissive)
    #expect(F.galleryScreen(state).shown.count == 5)
  }

  @Test func sortsFiltersAndSearches() {
    var state = F.gallery()
    func names() -> [String] { F.galleryScreen(state).shown.map(\.name) }
    F.press([.character("s")], &state)  // duration, longest first
    #expect(
      names().prefix(3) == ["2026-11-23_14-03-22", "2026-11-22_08-00-00", "2026-11-24_09-15-00"])
    F.press([.character("S")], &state)
    #expect(names().first == "2026-11-24_09-15-00")
    F.press([.character("p")], &state)
    #expect(names() == ["2026-11-23_14-03-22"])
    F.press([.character("p"), .character("f")], &state)  // today
    #expect(names() == ["2026-11-24_09-15-00"])
    F.press([.character("x"), .character("F")], &state)  // the smallest resolution recorded
    #expect(Set(names()) == ["2026-11-24_09-15-00", "2026-11-22_08-00-00"])
    F.press([.character("x"), .character("/")], &state)
    _ = F.type("kitchen", &state)
    #expect(names() == ["2026-11-23_14-03-22"])
    #expect(AppRenderer.render(state).line(22).contains("/kitchen"))
    F.press([.enter], &state)
    #expect(F.galleryScreen(state).searchInput == nil && names().count == 1)
    F.press([.escape], &state)  // clears the search, stays in the gallery
    #expect(names().count == 4 && state.screens.focused is GalleryScreen)
  }

  @Test func movesThroughTheGridAndPlaysOnlyWhatCanBePlayed() {
    var state = F.gallery(width: 140, height: 40)
    let screen = F.galleryScreen(state)
    #expect(GalleryGeometry(app: state, screen: screen).columns == 3)
    #expect(F.press([.enter], &state) == [.playTake(F.entries[1].folder)])
    F.press([.character("l"), .character("l")], &state)
    #expect(F.galleryScreen(state).selected?.name == "2026-11-22_08-00-00")
    #expect(F.press([.enter], &state).isEmpty)
    #expect(state.toasts.last?.text.contains("R recovers it first") == true)
    F.press([.character("G")], &state)
    #expect(F.galleryScreen(state).selected?.name == "2020-01-01_00-00-00")
    #expect(F.press([.enter], &state).isEmpty)
    #expect(state.toasts.last?.text.contains("metadata.json is not JSON") == true)
    F.press([.home, .down], &state)
    #expect(F.galleryScreen(state).selected?.name == "2020-01-01_00-00-00")
  }

  @Test func deletesTheSelectedTakesAfterAsking() {
    var state = F.gallery()
    F.press([.character(" "), .character(" ")], &state)
    #expect(F.galleryScreen(state).marked.count == 2)
    #expect(F.press([.character("d")], &state).isEmpty)
    #expect(AppRenderer.render(state).text.contains("Move to the Trash?"))
    let commands = F.press([.character("y")], &state)
    #expect(
      commands == [.gallery(.moveToTrash([F.entries[1].folder, F.entries[0].folder]))])
    F.press([.character("D"), .escape], &state)
    #expect(F.galleryScreen(state).dialog == nil)
    _ = AppUpdate.update(&state, .gallery(.done("2 takes moved")), environment: .permissive)
    #expect(F.galleryScreen(state).marked.isEmpty)
  }

  @Test func renamesNotesTagsAndRecovers() {
    var state = F.gallery()
    F.press([.character("r")], &state)
    F.press(Array(repeating: .backspace, count: 8), &state)
    _ = F.type("kitchen", &state)
    #expect(
      F.press([.enter], &state)
        == [.gallery(.rename(F.entries[1].folder, to: "2026-11-24_kitchen"))])
    F.press([.character("t")], &state)
    _ = F.type("a, b ,", &state)
    #expect(F.press([.enter], &state) == [.gallery(.setTags(F.entries[1].folder, ["a", "b"]))])
    F.press([.character("j"), .character("j"), .character("R")], &state)
    #expect(
      F.press([.character("y")], &state) == [.gallery(.recover(F.entries[2].folder))])
  }

  @Test func exportsWithProgressAndCancel() {
    var state = F.gallery()
    F.press([.character("e")], &state)
    assertSnapshot(AppRenderer.render(state), named: "gallery-export-folder-80x24")
    F.press([.tab], &state)  // mp4 → mkv
    _ = F.type("/srv/out", &state)  // replaces the suggestion
    F.press([.backspace], &state)
    let commands = F.press([.enter], &state)
    #expect(
      commands == [.gallery(.export([F.entries[1].folder], to: "/srv/ou", container: "mkv"))])
    _ = AppUpdate.update(
      &state,
      .gallery(
        .exportProgress(
          ExportProgress(
            take: "2026-11-24_09-15-00", file: "front_x.mkv", fraction: 0.42, index: 0, count: 1
          ))), environment: .permissive)
    assertSnapshot(AppRenderer.render(state), named: "gallery-export-progress-80x24")
    #expect(F.press([.escape], &state) == [.gallery(.cancelExport)])
    _ = AppUpdate.update(
      &state, .gallery(.exportEnded("Export cancelled", problem: false)),
      environment: .permissive)
    #expect(F.galleryScreen(state).dialog == nil)
  }

  @Test func aChangedTakeGetsANewPicture() {
    var state = F.gallery()
    let id = F.entries[1].id
    #expect(F.galleryScreen(state).thumbnails[id] != nil)
    var changed = F.entries
    changed[1] = F.entry(
      "2026-11-24_09-15-00",
      summary: TakeSummary(durationSeconds: 12, notes: "new"), bytes: 9_100_000)
    let commands = AppUpdate.update(
      &state, .gallery(.listed(changed, problems: [], now: F.now)), environment: .permissive)
    #expect(F.galleryScreen(state).thumbnails[id] == .pending)
    #expect(commands.contains(.gallery(.thumbnails([changed[1]]))))
  }

  // MARK: - Snapshots

  @Test func gridSnapshot() {
    assertSnapshot(AppRenderer.render(F.gallery()), named: "gallery-grid-80x24")
  }

  @Test func wideGridSnapshot() {
    var state = F.gallery(width: 140, height: 40)
    F.press([.character(" ")], &state)
    assertSnapshot(AppRenderer.render(state), named: "gallery-grid-140x40")
  }

  @Test func listSnapshot() {
    var state = F.gallery(width: 120, height: 30)
    F.press([.character("v")], &state)
    assertSnapshot(AppRenderer.render(state), named: "gallery-list-120x30")
  }

  @Test func narrowListWithoutPanelSnapshot() {
    var state = F.gallery()
    F.press([.character("v"), .character("i"), .character("G")], &state)
    assertSnapshot(AppRenderer.render(state), named: "gallery-list-80x24")
  }

  @Test func emptyLibrarySnapshot() {
    assertSnapshot(AppRenderer.render(F.gallery(entries: [])), named: "gallery-empty-80x24")
  }

  @Test func helpListsTheGallerysKeys() {
    var state = F.gallery()
    F.press([.character("?")], &state)
    let text = AppRenderer.render(state).text
    #expect(text.contains("Search: name, date, device, note, tag"))
  }
}

extension GalleryScreenTests {
  @Test func aTakeDeletedWhileListedGoesAndTheSelectionStaysNearby() {
    var state = GalleryFixtures.gallery()
    GalleryFixtures.press([.down], &state)
    let selected = GalleryFixtures.galleryScreen(state).selected
    #expect(selected?.name == "2026-11-23_14-03-22")
    let remaining = GalleryFixtures.entries.filter { $0.id != selected?.id }
    _ = AppUpdate.update(
      &state, .gallery(.listed(remaining, problems: [], now: GalleryFixtures.now)),
      environment: .permissive)
    let screen = GalleryFixtures.galleryScreen(state)
    #expect(screen.shown.count == 3 && screen.selected?.name == "2026-11-22_08-00-00")
  }
}

extension GalleryScreenTests {
  @Test func everyActionIsInAMenuAndTheCameraMenuOpensTheGallery() {
    var camera = StateFixtures.previewing()
    let opened = F.press([.character("m"), .end, .up, .up, .enter], &camera)
    #expect(opened == [.gallery(.list)] && camera.screens.focused is GalleryScreen)

    var state = F.gallery()
    F.press([.character("m"), .end, .up, .enter], &state)
    #expect(F.galleryScreen(state).deletesPermanently)
    F.press([.character("d")], &state)
    #expect(AppRenderer.render(state).text.contains("Delete for good?"))
    #expect(
      F.press([.character("y")], &state) == [.gallery(.deletePermanently([F.entries[1].folder]))])
  }
}
