// STUB — the CLI work replaces this.
import Foundation

/// The `locate` command line: parses arguments, runs a command, returns the exit status.
public enum Locate {
  /// The version printed by `locate --version`.
  public static let version = "0.1.0"

  /// Runs `locate` with `arguments` (without the program name) and returns the exit status.
  public static func run(_ arguments: [String]) async -> Int32 {
    if arguments == ["--version"] {
      print("locate \(version)")
      return 0
    }
    return 64
  }
}
