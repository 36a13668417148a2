import DualCamCore
import Foundation
import Session

/// Recovery and export: they rewrite or copy whole videos, so they run on the executor's own
/// serial queue and answer through the inbox.
extension GalleryExecutor {
  func recover(_ folder: URL) -> [AppEvent] {
    let inbox = inbox
    work.async {
      do throws(DualCamError) {
        let outcome = try TakeRecovery.recover(folder)
        inbox.post(
          .gallery(
            .done("Recovered \(outcome.folder.lastPathComponent): \(outcome.frames) frames")))
      } catch {
        inbox.post(.failed(ErrorReport(title: "Could not recover the take", error: error)))
      }
    }
    return [.notice("Recovering \(folder.lastPathComponent)…")]
  }

  func export(_ folders: [URL], to path: String, container: String?) -> [AppEvent] {
    let control = exportControl
    guard
      control.running.compareExchange(expected: false, desired: true, ordering: .relaxed)
        .exchanged
    else {
      return [.gallery(.exportEnded("An export is already running", problem: true))]
    }
    control.cancelled.store(false, ordering: .relaxed)
    let destination = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
      .standardizedFileURL
    let inbox = inbox
    work.async {
      defer { control.running.store(false, ordering: .relaxed) }
      do {
        try FileManager.default.createDirectory(
          at: destination, withIntermediateDirectories: true)
      } catch {
        inbox.post(.gallery(.exportEnded("Export failed", problem: true)))
        inbox.post(
          .failed(
            ErrorReport(
              title: "Export failed",
              problem: "cannot create \(destination.path): \(error.localizedDescription)",
              fix: "choose a folder you can write to")))
        return
      }
      var exported = 0
      for (position, folder) in folders.enumerated() {
        var lastShown = -1.0
        do throws(DualCamError) {
          let outcome = try TakeExporter.export(folder, to: destination, container: container) {
            share, file in
            if share - lastShown >= 0.01 || share >= 1 {
              lastShown = share
              inbox.post(
                .gallery(
                  .exportProgress(
                    ExportProgress(
                      take: folder.lastPathComponent, file: file,
                      fraction: (Double(position) + share) / Double(folders.count),
                      index: position, count: folders.count))))
            }
            return !control.cancelled.load(ordering: .relaxed)
          }
          guard case .exported = outcome else {
            inbox.post(
              .gallery(
                .exportEnded(
                  "Export cancelled: \(exported) of \(folders.count) exported, nothing "
                    + "half-written left", problem: false)))
            return
          }
          exported += 1
        } catch {
          inbox.post(.gallery(.exportEnded("Export failed", problem: true)))
          inbox.post(
            .failed(
              ErrorReport(title: "Export of \(folder.lastPathComponent) failed", error: error)))
          return
        }
      }
      let what = exported == 1 ? folders[0].lastPathComponent : "\(exported) takes"
      inbox.post(.gallery(.exportEnded("Exported \(what) to \(destination.path)", problem: false)))
    }
    return [
      .gallery(
        .exportProgress(
          ExportProgress(
            take: folders.first?.lastPathComponent ?? "", file: "", fraction: 0, index: 0,
            count: folders.count)))
    ]
  }
}
