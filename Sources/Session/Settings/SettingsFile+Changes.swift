extension SettingsFile {
  /// This file (as saved) with the entries that changed from `before` to `after`, and only
  /// those: an entry the two agree on keeps this file's value.
  ///
  /// The interface runs with the file's settings and the command line's flags over them, and
  /// a flag is for that run only. Saving what changed, rather than everything the interface
  /// runs with, keeps a flag out of the file unless the user changed that setting there; the
  /// entries are compared as the file writes them, so every key takes part without a list of
  /// fields kept in step by hand.
  ///
  /// When the merged entries do not read back as settings (two keys that only go together),
  /// `after` is the answer: everything the user has in front of them.
  public func keeping(changesFrom before: SettingsFile, to after: SettingsFile) -> SettingsFile {
    guard let saved = try? TOMLParser.parse(text), let old = try? TOMLParser.parse(before.text),
      let new = try? TOMLParser.parse(after.text)
    else { return after }
    var reader = SettingsReader(
      table: Self.merge(saved, old: old, new: new), path: "the settings to save")
    return (try? reader.read()) ?? after
  }

  /// `saved` with every key whose value differs between `old` and `new` set to `new`'s (or
  /// removed where `new` has none); tables are merged key by key.
  private static func merge(_ saved: TOMLTable, old: TOMLTable, new: TOMLTable) -> TOMLTable {
    var merged = saved
    for key in old.keys + new.keys.filter({ old[$0] == nil }) where old[key] != new[key] {
      switch (old[key], new[key]) {
      case (.table(let oldTable)?, .table(let newTable)?):
        merged.set(
          key, .table(merge(saved[key]?.table ?? TOMLTable(), old: oldTable, new: newTable)))
      case (_, let value?):
        merged.set(key, value)
      case (_, nil):
        merged.remove(key)
      }
    }
    return merged
  }
}
