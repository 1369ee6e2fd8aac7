import Foundation
import Testing

/// Each error names its real cause and exits with its documented status. Before, these were
/// blamed on something else: `/dev/null` "busy, held by bash", `/dev/ptmx` another locate, a
/// symbolic link loop or a 5000-character path "read failed … check the cable", an unwritable
/// `--link` directory 69, and a second `simulate --link L` took L over (and deleted it, even a
/// user's own link, on exit).
@Suite struct MisattributedErrorTests {
  @Test(
    "not a serial port: /dev/null, a directory, the pty multiplexer (64)",
    arguments: [
      ("/dev/null", "locate: /dev/null: not a serial port"),
      ("/tmp", "locate: /tmp: a directory, not a serial port"),
      ("/dev/ptmx", "locate: /dev/ptmx: the pseudo-terminal multiplexer, not a receiver"),
    ])
  func notASerialPort(path: String, message: String) throws {
    for command in [
      ["current", "--device", path, "--timeout", "5"], ["watch", "--device", path],
      ["devices", "--device", path],
    ] {
      let result = try CLI.run(command)
      #expect(result.status == 64, "\(command): \(result)")
      #expect(result.stderr.hasPrefix(message), "\(command): \(result.stderr)")
      #expect(!result.stderr.contains("busy"))
      #expect(result.stderr.split(separator: "\n").count == 1)
    }
  }

  @Test("a symbolic link loop and a name too long: the system's reason, 69")
  func badPaths() throws {
    let directory = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let loop = directory + "/a"
    #expect(symlink(directory + "/b", loop) == 0 && symlink(loop, directory + "/b") == 0)
    let long = "/" + String(repeating: "x", count: 5000)
    for (path, reason) in [
      (loop, "too many levels of symbolic links"), (long, "file name too long"),
    ] {
      for command in [
        ["current", "--device", path, "--timeout", "5"], ["watch", "--device", path],
      ] {
        let result = try CLI.run(command)
        #expect(result.status == 69, "\(command.prefix(2)): \(result.stderr)")
        #expect(result.stderr.contains(": \(reason) (check the path)"), "\(result.stderr)")
        #expect(!result.stderr.contains("cable"))
      }
    }
  }

  @Test("simulate --link in a directory that may not be written: 77, permission denied")
  func unwritableLinkDirectory() throws {
    try #require(getuid() == 0, "needs root to run as nobody")
    let directory = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let copy = directory + "/locate"
    try PermissionEndToEndTests.copyExecutable(Paths.locate, to: copy)
    let locked = directory + "/locked"
    #expect(mkdir(locked, 0o755) == 0)
    #expect(chmod(directory, 0o755) == 0)
    let result = try PermissionEndToEndTests.runAsNobody(
      [copy, "simulate", "--link", locked + "/gps", "--duration", "1"])
    #expect(result.status == 77, "\(result)")
    #expect(
      result.stderr
        == "locate: \(locked)/gps: cannot make the link: permission denied (choose a --link path"
        + " in a directory you may write, e.g. /tmp/gps)\n")
  }

  @Test("a second simulate on the same --link: 75, and the first keeps its link")
  func linkInUse() throws {
    let first = try Simulator()
    defer { first.stop() }
    let target = try FileManager.default.destinationOfSymbolicLink(atPath: first.path)
    let second = try CLI.run(["simulate", "--link", first.path, "--duration", "1"])
    #expect(second.status == 75, "\(second)")
    #expect(second.stderr.contains("in use: it points to a running pseudo-terminal"))
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: first.path) == target)
    let reading = try CLI.run(["current", "--device", first.path, "--timeout", "30"])
    #expect(reading.status == 0, "\(reading)")
  }

  @Test("a user's own link is refused (64) and left alone; a simulator's stale one is reused")
  func foreignAndStaleLinks() throws {
    let directory = try Paths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let file = directory + "/notes.txt"
    #expect(FileManager.default.createFile(atPath: file, contents: Data("mine\n".utf8)))
    let mine = directory + "/mine"
    #expect(symlink(file, mine) == 0)
    let refused = try CLI.run(["simulate", "--link", mine, "--duration", "1"])
    #expect(refused.status == 64, "\(refused)")
    #expect(refused.stderr.hasPrefix("locate: \(mine): is a link to \(file), not a free path"))
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: mine) == file)
    #expect(FileManager.default.contents(atPath: file) == Data("mine\n".utf8))
    // A link left by a simulator that was killed points to a pty that is gone: reused.
    let stale = directory + "/stale"
    #expect(symlink("/dev/pts/98765", stale) == 0)
    let reused = try CLI.run(["simulate", "--link", stale, "--duration", "1"])
    #expect(reused.status == 0, "\(reused)")
    #expect(reused.stdout.hasPrefix(stale + "\n"))
    var info = stat()
    #expect(lstat(stale, &info) != 0, "the simulator's own link is removed at its end")
  }

  @Test("HOME relative: no cache directory made anywhere (was /relative/dir/.cache)")
  func relativeHome() throws {
    let simulator = try Simulator()
    defer { simulator.stop() }
    let name = "locate-relative-home-\(getpid())"
    defer {
      try? FileManager.default.removeItem(atPath: "/" + name)
      try? FileManager.default.removeItem(atPath: simulator.directory + "/" + name)
    }
    let result = try CLI.runProgram(
      "/bin/sh",
      [
        "-c",
        "cd '\(simulator.directory)' && exec '\(Paths.locate)' current --device gps --timeout 30",
      ],
      stdin: nil, environment: ["HOME": name + "/home", "XDG_CACHE_HOME": ""], timeout: 120)
    #expect(result.status == 0, "\(result)")
    #expect(!FileManager.default.fileExists(atPath: "/" + name))
    #expect(!FileManager.default.fileExists(atPath: simulator.directory + "/" + name))
  }
}
