// Tests that read other projects' data in ../shared (OurAirports' navaids, GPSBabel's
// captures…) in place: skipped, with a line naming what is missing, where it is absent.
import Testing

extension Paths {
  /// The trait of a test that reads `../shared/RELATIVE` for each of `relatives`: skipped,
  /// naming the missing files, unless all are there.
  public static func needsShared(_ relatives: String...) -> ConditionTrait {
    let missing = relatives.filter { sharedFile($0) == nil }
    let folder = shared ?? "../shared (or $LOCATE_SHARED)"
    return .enabled(
      if: missing.isEmpty,
      Comment(rawValue: "absent: \(missing.joined(separator: ", ")) in \(folder)"))
  }
}
