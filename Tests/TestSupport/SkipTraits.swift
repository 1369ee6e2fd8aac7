// Tests that read other projects' data in place (gpsd's captures from ../shared or Debian's
// source; OurAirports' navaids and GPSBabel's captures from ../shared): skipped, with a line
// naming what is missing, where it is absent.
// Swift Testing's traits only where Swift Testing is (not in the static release build of
// LocateBench, which links this target too).
#if canImport(Testing)
  import Testing

  extension GpsdCaptures {
    /// The trait of a test that reads the captures `names`: skipped, with a line naming the
    /// missing ones, unless all are here.
    public static func needs(_ names: String...) -> ConditionTrait {
      let missing = names.filter { !has($0) }
      return .enabled(if: missing.isEmpty, Comment(rawValue: absence(missing)))
    }

    /// The trait of a test that needs the whole test bed (all 57): skipped, naming the missing
    /// ones, unless all are here (Debian's gpsd 3.22 has 45 of them).
    public static var needsAll: ConditionTrait {
      .enabled(if: missing.isEmpty, Comment(rawValue: absence(missing)))
    }

    /// The trait of a test over every capture that is here: skipped, saying so, when none is.
    public static var needsAny: ConditionTrait {
      .enabled(if: !names.isEmpty, Comment(rawValue: absence([])))
    }
  }

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
#endif
