import DualCamCore

/// A menu page: rows with their values, the selected row's note, and the keys.
enum MenuView {
  static func draw(
    _ navigation: MenuNavigation, state: AppState, in area: ScreenRect,
    into buffer: inout CellBuffer, glyphs: Glyphs
  ) {
    let page = MenuCatalog.page(navigation.page, in: state)
    let selected = min(max(navigation.selected, 0), max(page.items.count - 1, 0))
    let budget = budgetLines(navigation, state: state)
    let geometry = Geometry(page: page, selected: selected, area: area, budget: budget)
    let box = geometry.box
    let panel = CellStyle(foreground: Palette.panelText, background: Palette.panel)
    buffer.fill(box, style: panel)
    let trail = navigation.path.map { MenuCatalog.page($0.page, in: state).title }.joined(
      separator: " › ")
    buffer.drawBox(box, title: trail, style: panel.foreground(Palette.accent), glyphs: glyphs)
    let inner = box.inset(by: 1)
    let rows = geometry.visibleRows
    let first = geometry.firstItem
    let valueColumn = inner.x + geometry.titleWidth + 1
    for (offset, item) in page.items.enumerated().dropFirst(first).prefix(rows) {
      let y = inner.y + offset - first
      let isSelected = offset == selected
      var style =
        isSelected
        ? CellStyle(foreground: .rgb(255, 255, 255), background: Palette.selection) : panel
      if !item.enabled { style = style.foreground(Palette.dim) }
      buffer.fill(ScreenRect(x: inner.x, y: y, width: inner.width, height: 1), style: style)
      let marker = isSelected ? "\(glyphs.pointer) " : "  "
      // A row without a value (an explanation, an action) has the whole width for its title.
      let titleWidth = Geometry.showsValue(item) ? geometry.titleWidth : inner.width - 1
      buffer.write(
        marker + Geometry.title(item), x: inner.x, y: y, style: style, maxWidth: titleWidth)
      var valueWidth = inner.maxX - valueColumn - 1
      if isSelected, !budget.isEmpty {
        valueWidth -= drawChoiceCosts(item, state: state, y: y, in: inner, style: style, &buffer)
      }
      drawValue(
        item, x: valueColumn, y: y, width: valueWidth, style: style, glyphs: glyphs,
        into: &buffer)
    }
    drawBudget(budget, in: inner, style: panel, glyphs: glyphs, into: &buffer)
    let note = page.items.isEmpty ? nil : page.items[selected].note
    if let note {
      buffer.write(
        note, x: inner.x + 1, y: inner.maxY - 2, style: panel.foreground(Palette.dim),
        maxWidth: inner.width - 2)
    }
    buffer.write(
      Geometry.keysLine, x: inner.x + 1, y: inner.maxY - 1,
      style: panel.foreground(Palette.accent), maxWidth: inner.width - 2)
  }

  /// Where a page's box and rows are: shared by drawing and by mouse clicks.
  ///
  /// The box is as wide as the page's content (titles, values, notes, the keys' line, the
  /// budget), up to the area less a margin; only when that is too narrow are titles cut.
  struct Geometry {
    let box: ScreenRect
    let visibleRows: Int
    let firstItem: Int
    /// Columns of the titles, the selection mark included; values start a column after.
    let titleWidth: Int

    /// Columns kept free on each side of the box.
    static let margin = 1
    /// The keys' line at the bottom of every page.
    static let keysLine = "↑↓ move  ←→ change  Enter select  Esc back  ? keys"
    /// Room for the ← and → choices' costs at the right of a row, on pages with a budget:
    /// `  ← not measured  → not measured` at the most.
    static let costsWidth = 32
    /// Room for a budget line: name, bar and figure (`MenuView.drawBudget`).
    static let budgetLineWidth = 58

    init(page: MenuPage, selected: Int, area: ScreenRect, budget: [BudgetLine] = []) {
      let items = page.items
      let marker = 2
      let valued = items.filter(Self.showsValue)
      let titles = valued.map { marker + BufferText.columns(Self.title($0)) }.max() ?? 0
      let values =
        valued.map(Self.valueWidth).max().map { $0 + (budget.isEmpty ? 0 : Self.costsWidth) }
        ?? 0
      let bare =
        items.filter { !Self.showsValue($0) }
        .map { marker + BufferText.columns(Self.title($0)) + 1 }.max() ?? 0
      let notes = items.compactMap(\.note).map { BufferText.columns($0) + 2 }.max() ?? 0
      var budgetWidth = 0
      for line in budget {
        switch line {
        case .heading(let text): budgetWidth = max(budgetWidth, BufferText.columns(text) + 2)
        case .resource: budgetWidth = max(budgetWidth, Self.budgetLineWidth)
        }
      }
      let wanted = max(
        titles + 1 + values + 1, bare, notes, BufferText.columns(Self.keysLine) + 2, budgetWidth)
      let width = min(wanted + 2, area.width - 2 * Self.margin)
      box = area.centered(width: width, height: min(items.count + 6 + budget.count, area.height))
      let inner = box.width - 2
      // Titles give way to values only down to half the row: a value is no use without its
      // name.
      titleWidth = min(titles, max(inner - 1 - values - 1, inner / 2))
      visibleRows = max(box.height - 5 - budget.count, 1)
      firstItem = max(0, min(selected - visibleRows + 1, items.count - visibleRows))
    }

    /// The row's title as drawn, with `›` after one that opens a page.
    static func title(_ item: MenuItem) -> String {
      if case .submenu = item.kind { return item.title + " ›" }
      return item.title
    }

    /// True when the row draws a value after its title.
    static func showsValue(_ item: MenuItem) -> Bool {
      switch item.kind {
      case .slider, .toggle, .choice: true
      default: !item.value.isEmpty
      }
    }

    /// The columns `MenuView.drawValue` takes for the row's value.
    static func valueWidth(_ item: MenuItem) -> Int {
      let value = BufferText.columns(item.value)
      switch item.kind {
      case .slider: return 16 + 1 + value
      case .toggle: return BufferText.columns("[ ] off")
      case .choice: return value + 4
      default: return value
      }
    }

    /// The item drawn at screen row `y`, if any.
    func item(atRow y: Int, x: Int, itemCount: Int) -> Int? {
      let inner = box.inset(by: 1)
      guard x >= inner.x, x < inner.maxX, y >= inner.y, y < inner.y + visibleRows else {
        return nil
      }
      let index = firstItem + y - inner.y
      return index < itemCount ? index : nil
    }
  }

  static func drawValue(
    _ item: MenuItem, x: Int, y: Int, width: Int, style: CellStyle, glyphs: Glyphs,
    into buffer: inout CellBuffer
  ) {
    switch item.kind {
    case .slider(let fraction):
      let barWidth = 16
      let filled = Int((min(max(fraction, 0), 1) * Double(barWidth)).rounded())
      var bar = ""
      bar.unicodeScalars.append(contentsOf: repeatElement(glyphs.sliderFilled, count: filled))
      bar.unicodeScalars.append(
        contentsOf: repeatElement(glyphs.sliderEmpty, count: barWidth - filled))
      let written = buffer.write(
        bar, x: x, y: y, style: style.foreground(Palette.accent), maxWidth: width)
      buffer.write(" \(item.value)", x: x + written, y: y, style: style, maxWidth: width - written)
    case .toggle(let on):
      buffer.write(on ? "[x] on" : "[ ] off", x: x, y: y, style: style, maxWidth: width)
    case .choice:
      buffer.write("‹ \(item.value) ›", x: x, y: y, style: style, maxWidth: width)
    default:
      buffer.write(item.value, x: x, y: y, style: style, maxWidth: width)
    }
  }
}

// MARK: - Predicted cost

extension MenuView {
  /// One row of the budget under a settings page.
  enum BudgetLine: Equatable {
    case heading(String)
    case resource(MenuBudget.Resource)
  }

  /// The ← and → settings of the highlighted item of a page that changes what the budget
  /// weighs (nil where that side changes nothing it weighs); empty on other pages (the sound's:
  /// the budget does not weigh it).
  static func budgetSettings(_ navigation: MenuNavigation, state: AppState)
    -> [RecordingSettings?]
  {
    let page = MenuCatalog.page(navigation.page, in: state)
    func weighed(_ item: MenuItem, _ delta: Int) -> RecordingSettings? {
      guard item.enabled, case .choice = item.kind,
        case .recording(let settings) = item.adjust(delta),
        changesBudget(settings, from: state.settings)
      else { return nil }
      return settings
    }
    let weighsAny = page.items.contains { weighed($0, 1) != nil || weighed($0, -1) != nil }
    guard weighsAny, !page.items.isEmpty else { return [] }
    let item = page.items[min(max(navigation.selected, 0), page.items.count - 1)]
    return [weighed(item, -1), weighed(item, 1)]
  }

  /// True when `settings` differ from `current` in what the budget weighs: everything but the
  /// sound.
  static func changesBudget(_ settings: RecordingSettings, from current: RecordingSettings)
    -> Bool
  {
    var withoutSound = settings
    withoutSound.audio = current.audio
    return withoutSound != current
  }

  /// The rows the page's budget takes: none on pages without recording settings.
  static func budgetLines(_ navigation: MenuNavigation, state: AppState) -> [BudgetLine] {
    guard !budgetSettings(navigation, state: state).isEmpty else { return [] }
    guard let current = state.menuBudgets.predicted[state.settings] else {
      return [.heading("Predicted cost: weighing…")]
    }
    guard !current.resources.isEmpty else { return [.heading("Predicted cost: not weighed")] }
    return [.heading("Predicted cost of these settings")]
      + current.resources.map(BudgetLine.resource)
  }

  /// The cost of the ← and → choices at the row's right end; returns the columns taken.
  static func drawChoiceCosts(
    _ item: MenuItem, state: AppState, y: Int, in inner: ScreenRect, style: CellStyle,
    _ buffer: inout CellBuffer
  ) -> Int {
    guard item.enabled, case .choice = item.kind else { return 0 }
    var parts: [(String, TerminalColor?)] = []
    for delta in [-1, 1] {
      guard case .recording(let settings) = item.adjust(delta), settings != state.settings else {
        continue
      }
      let arrow = delta < 0 ? "←" : "→"
      guard let predicted = state.menuBudgets.predicted[settings] else {
        parts.append(("\(arrow) …", nil))
        continue
      }
      guard let cost = predicted.cost else {
        // A number for what was never measured would read as a cost it is not.
        parts.append(("\(arrow) not measured", Palette.dim))
        continue
      }
      parts.append(("\(arrow) \(Formatting.cost(cost))", color(of: cost)))
    }
    guard !parts.isEmpty else { return 0 }
    let width = parts.reduce(0) { $0 + BufferText.columns($1.0) + 2 }
    var x = inner.maxX - width
    for part in parts {
      x += buffer.write("  ", x: x, y: y, style: style)
      x += buffer.write(part.0, x: x, y: y, style: part.1.map { style.foreground($0) } ?? style)
    }
    return width + 1
  }

  static func drawBudget(
    _ lines: [BudgetLine], in inner: ScreenRect, style: CellStyle, glyphs: Glyphs,
    into buffer: inout CellBuffer
  ) {
    let top = inner.maxY - 2 - lines.count
    for (offset, line) in lines.enumerated() {
      let y = top + offset
      guard y > inner.y else { continue }
      switch line {
      case .heading(let text):
        buffer.write(
          text, x: inner.x + 1, y: y, style: style.foreground(Palette.dim),
          maxWidth: inner.width - 2)
      case .resource(let resource):
        let name = String(resource.name.prefix(24))
        buffer.write("  " + name, x: inner.x + 1, y: y, style: style, maxWidth: 27)
        let barX = inner.x + 29
        guard let cost = resource.cost else {
          buffer.write(
            resource.note ?? "not weighed", x: barX, y: y, style: style.foreground(Palette.dim))
          continue
        }
        let barWidth = 20
        let filled = cost.isFinite ? Int((min(max(cost, 0), 1) * Double(barWidth)).rounded()) : 20
        var bar = ""
        bar.unicodeScalars.append(contentsOf: repeatElement(glyphs.sliderFilled, count: filled))
        bar.unicodeScalars.append(
          contentsOf: repeatElement(glyphs.sliderEmpty, count: barWidth - filled))
        let written = buffer.write(bar, x: barX, y: y, style: style.foreground(color(of: cost)))
        buffer.write(
          " \(Formatting.cost(cost))", x: barX + written, y: y,
          style: style.foreground(color(of: cost)))
      }
    }
  }

  /// Green below 0.95, yellow up to 1.0, red above: the budget's verdicts.
  static func color(of cost: Double) -> TerminalColor {
    cost < 0.95 ? Palette.good : (cost <= 1.0 ? Palette.warning : Palette.bad)
  }
}
