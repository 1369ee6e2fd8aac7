import Foundation
import Testing

/// `make install` and the other `locate` Debian and Ubuntu ship (plocate, mlocate): it stops
/// and says so when it finds one, installs under another name with `NAME=…` without touching
/// the other, and shadows it only when told `NAME=locate`. Run as `make install-files` (the
/// same recipe without the release build) into a DESTDIR, with a fake plocate in the places it
/// searches.
@Suite struct InstallTests {
  struct Tree {
    let directory: String
    var fakeBin: String { directory + "/fakebin" }
    var fakeMan: String { directory + "/fakeman" }
    var root: String { directory + "/root" }

    init(otherLocate: Bool) throws {
      directory = try Paths.temporaryDirectory()
      for path in [fakeBin, fakeMan] {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      }
      if otherLocate {
        // Not String.write: its descriptor, inherited by a process another test spawns
        // meanwhile, made exec fail with ETXTBSY and the version read back empty (CI, ASan).
        try PermissionEndToEndTests.writeExecutable(
          Data("#!/bin/sh\necho 'plocate 1.1.19'\n".utf8), to: fakeBin + "/locate")
        FileManager.default.createFile(
          atPath: fakeMan + "/locate.1.gz", contents: Data([0x1F, 0x8B]))
      }
    }

    func make(_ extra: [String]) throws -> RunResult {
      try CLI.runProgram(
        "/usr/bin/make",
        [
          "-s", "--no-print-directory", "-C", Paths.root, "install-files", "DESTDIR=" + root,
          "BINARY=" + Paths.locate, "LOCATE_SEARCH=" + fakeBin, "MAN_SEARCH=" + fakeMan,
        ] + extra, stdin: nil, environment: [:], timeout: 120)
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: root + path) }
  }

  @Test("another locate found: install stops, names it and both ways out, installs nothing")
  func stopsForAnotherLocate() throws {
    let tree = try Tree(otherLocate: true)
    defer { try? FileManager.default.removeItem(atPath: tree.directory) }
    let result = try tree.make([])
    #expect(result.status != 0)
    #expect(
      result.stderr.contains(
        "make install: another locate is installed: \(tree.fakeBin)/locate (plocate 1.1.19)."))
    #expect(result.stderr.contains("make install NAME=gpslocate"))
    #expect(result.stderr.contains("make install NAME=locate"))
    #expect(!tree.exists("/usr/local/bin/locate"))
    #expect(!tree.exists("/usr/local/share/man/man1/locate.1"))
  }

  @Test("NAME=gpslocate: binary and man page under that name, the other left alone")
  func anotherName() throws {
    let tree = try Tree(otherLocate: true)
    defer { try? FileManager.default.removeItem(atPath: tree.directory) }
    let result = try tree.make(["NAME=gpslocate"])
    #expect(result.status == 0, "\(result)")
    #expect(!tree.exists("/usr/local/bin/locate"))
    let binary = tree.root + "/usr/local/bin/gpslocate"
    let version = try CLI.runProgram(
      binary, ["--version"], stdin: nil, environment: [:], timeout: 60)
    #expect(version.stdout == "locate 0.1.0\n")
    let page = try String(
      contentsOfFile: tree.root + "/usr/local/share/man/man1/gpslocate.1", encoding: .utf8)
    #expect(page.hasPrefix(".TH GPSLOCATE 1 "))
    #expect(page.contains("\n.SH NAME\ngpslocate \\- where am I"))
    #expect(page.contains("\n.B gpslocate current\n"))
    #expect(!page.contains("\n.B locate current\n"))
    #expect(
      try String(contentsOfFile: tree.fakeBin + "/locate", encoding: .utf8).contains("plocate"))
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/man") {
      let rendered = try CLI.runProgram(
        "/usr/bin/man", ["-l", tree.root + "/usr/local/share/man/man1/gpslocate.1"], stdin: nil,
        environment: ["MANWIDTH": "100"], timeout: 60)
      #expect(rendered.stdout.contains("gpslocate current"), "\(rendered.stderr)")
    }
  }

  @Test("NAME=locate on purpose, or no other locate: installed as locate")
  func locateName() throws {
    for (other, extra) in [(true, ["NAME=locate"]), (false, [])] {
      let tree = try Tree(otherLocate: other)
      defer { try? FileManager.default.removeItem(atPath: tree.directory) }
      let result = try tree.make(extra)
      #expect(result.status == 0, "\(result)")
      #expect(tree.exists("/usr/local/bin/locate"))
      let page = try String(
        contentsOfFile: tree.root + "/usr/local/share/man/man1/locate.1", encoding: .utf8)
      #expect(page == (try String(contentsOfFile: Paths.root + "/docs/locate.1", encoding: .utf8)))
    }
  }
}
