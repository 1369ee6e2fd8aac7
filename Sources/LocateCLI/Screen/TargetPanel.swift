import Geodesy
import JSON
import LocationEngine

/// Targets (`--to NAME=LAT,LON`): the distance and bearing from the last fix to each, as
/// `distance` gives them; and regions: each one's state and the distance to its centre.
enum TargetPanel {
  /// A line per target, then one per region.
  static func lines(_ model: ScreenModel, palette: ScreenPalette) -> [[(String, CellStyle)]] {
    let width = (model.targets.map(\.name) + model.regions.map(\.name)).map(\.count).max() ?? 0
    let name = min(max(width, 4), 20)
    var lines: [[(String, CellStyle)]] = []
    for target in model.targets {
      var line = [(TextSafety.visible(target.name).padded(to: name) + "  ", palette.label)]
      if let fix = model.fix {
        let geodesic = Geodesic.wgs84.inverse(
          latitude1: fix.coordinate.latitude, longitude1: fix.coordinate.longitude,
          latitude2: target.point.latitude, longitude2: target.point.longitude)
        let bearing = Bearing.normalized(geodesic.initialAzimuth)
        line.append((ScreenText.distance(geodesic.distance).padded(to: 12), palette.accent))
        if geodesic.distance >= 0.0005 {
          line.append(
            (JSONText.fixed(bearing, 1) + "° " + Coordinates.compassPoint(bearing), palette.value))
        } else {
          line.append(("here", palette.value))
        }
      } else {
        line.append(("no fix yet", palette.faint))
      }
      lines.append(line)
    }
    for region in model.regions {
      var line = [(TextSafety.visible(region.name).padded(to: name) + "  ", palette.label)]
      let state = RegionFormat.state(region.state)
      let style =
        region.state == .inside
        ? palette.good : region.state == .outside ? palette.value : palette.faint
      line.append((state.padded(to: 9), style))
      if let fix = model.fix {
        let distance = Geodesic.wgs84.inverse(
          latitude1: fix.coordinate.latitude, longitude1: fix.coordinate.longitude,
          latitude2: region.center.latitude, longitude2: region.center.longitude
        ).distance
        line.append((ScreenText.distance(distance) + " from centre", palette.value))
      }
      line.append(("  r " + ScreenText.distance(region.radius), palette.faint))
      lines.append(line)
    }
    return lines
  }
}
