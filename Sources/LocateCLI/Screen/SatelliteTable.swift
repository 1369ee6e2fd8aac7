import LocationEngine

/// The satellite table: per constellation a heading (`GPS 9/12`: used of in view), then a
/// row per satellite and signal — name, signal, elevation, azimuth, SNR as a number and a
/// bar, `✓` when used — in as many columns of ``entryWidth`` as the width holds, filled top
/// to bottom. When they do not all fit, satellites without a signal are left out first, then
/// the last ones, and the last place says how many are not shown.
enum SatelliteTable {
  /// One column of the table: `G12  L1 45 123 42 ████▌ ✓`.
  static let entryWidth = 26
  /// SNR of a full bar, dB-Hz.
  static let fullBar = 50.0

  /// One place in the table.
  enum Entry: Hashable {
    case heading(GNSSSystem, used: Int, inView: Int)
    case satellite(GNSSSatellite)
    case more(Int)
  }

  /// Satellites used and in view (a satellite counted once, however many signals).
  static func counts(_ satellites: [GNSSSatellite]) -> (used: Int, inView: Int) {
    var inView = Set<Int>()
    var used = Set<Int>()
    for satellite in satellites {
      let key = satellite.system.rawValue << 16 | satellite.svid
      inView.insert(key)
      if satellite.used { used.insert(key) }
    }
    return (used.count, inView.count)
  }

  /// One constellation of a sky view: its counts and its satellites in order.
  struct Group: Sendable {
    var system: GNSSSystem
    var used: Int
    var inView: Int
    var satellites: [GNSSSatellite]
  }

  /// `view`'s satellites by constellation, in ``SatelliteName/order``, each by number and
  /// signal.
  static func groups(_ view: GNSSSkyView) -> [Group] {
    SatelliteName.order.compactMap { system in
      let mine = view.satellites.filter { $0.system == system }
      guard !mine.isEmpty else { return nil }
      let (used, inView) = counts(mine)
      return Group(
        system: system, used: used, inView: inView,
        satellites: mine.sorted { ($0.svid, $0.signalID ?? 0) < ($1.svid, $1.signalID ?? 0) })
    }
  }

  /// The entries for `view` in at most `capacity` places.
  static func entries(_ view: GNSSSkyView, capacity: Int) -> [Entry] {
    entries(groups(view), total: view.satellites.count, capacity: capacity)
  }

  /// The entries for `groups` (`total` satellites) in at most `capacity` places.
  static func entries(_ groups: [Group], total: Int, capacity: Int) -> [Entry] {
    guard capacity > 0 else { return [] }
    func build(_ keep: (GNSSSatellite) -> Bool) -> [Entry] {
      var entries: [Entry] = []
      for group in groups {
        entries.append(.heading(group.system, used: group.used, inView: group.inView))
        for satellite in group.satellites where keep(satellite) {
          entries.append(.satellite(satellite))
        }
      }
      return entries
    }
    var entries = build { _ in true }
    if entries.count > capacity { entries = build { $0.used || ($0.snr ?? 0) > 0 } }
    if entries.count > capacity { entries = build(\.used) }
    func shown(_ entries: [Entry]) -> Int {
      entries.reduce(0) { count, entry in
        if case .satellite = entry { return count + 1 }
        return count
      }
    }
    guard entries.count > capacity || shown(entries) < total else { return entries }
    if entries.count >= capacity { entries = Array(entries.prefix(capacity - 1)) }
    if case .heading = entries.last { entries.removeLast() }
    return entries + [.more(total - shown(entries))]
  }

  /// Draws the table of `model`'s sky view into `rect`.
  static func draw(
    _ model: ScreenModel, in rect: ScreenRect, on buffer: inout CellBuffer, palette: ScreenPalette
  ) {
    guard let view = model.sky, rect.height > 0 else {
      buffer.write(
        "no satellites described yet (no GSV from the receiver)", row: rect.row,
        column: rect.column, style: palette.faint, limit: rect.width)
      return
    }
    let columns = max(1, (rect.width + 1) / (entryWidth + 1))
    let list = entries(model.groups, total: view.satellites.count, capacity: columns * rect.height)
    for (index, entry) in list.enumerated() {
      let row = rect.row + index % rect.height
      let column = rect.column + index / rect.height * (entryWidth + 1)
      draw(
        entry, row: row, column: column, limit: rect.column + rect.width - column, on: &buffer,
        palette: palette)
    }
  }

  private static func draw(
    _ entry: Entry, row: Int, column: Int, limit: Int, on buffer: inout CellBuffer,
    palette: ScreenPalette
  ) {
    let width = min(limit, entryWidth)
    switch entry {
    case .heading(let system, let used, let inView):
      let written = buffer.write(
        system.label, row: row, column: column, style: palette.label, limit: width)
      buffer.write(
        " \(used)/\(inView) used", row: row, column: column + written, style: palette.faint,
        limit: width - written)
    case .more(let count):
      buffer.write(
        "+\(count) more", row: row, column: column, style: palette.faint,
        limit: width)
    case .satellite(let satellite):
      var at = column
      func put(_ text: String, _ style: CellStyle, _ cells: Int, right: Bool = false) {
        let padding = String(repeating: " ", count: max(0, cells - text.count))
        at += buffer.write(
          right ? padding + text : text + padding, row: row, column: at, style: style,
          limit: column + width - at)
      }
      let style = satellite.used ? palette.value : palette.faint
      put(SatelliteName.short(satellite), satellite.used ? palette.label : palette.faint, 4)
      put(" " + SatelliteName.signal(satellite.system, satellite.signalID), palette.faint, 4)
      put(ScreenText.number(satellite.elevation, 0), style, 3, right: true)
      put(ScreenText.number(satellite.azimuth, 0), style, 4, right: true)
      if let snr = satellite.snr, snr > 0 {
        put(ScreenText.number(snr, 0), style, 3, right: true)
        put(" " + ScreenText.bar(snr / fullBar, width: 5), palette.signal(snr), 6)
      } else {
        put("  -", palette.faint, 9)
      }
      if satellite.used { put(" ✓", palette.good, 2) }
    }
  }
}
