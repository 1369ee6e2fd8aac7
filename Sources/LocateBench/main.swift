// In-process benchmarks: `LocateBench decode FILE`, `LocateBench corpus …`,
// `LocateBench geodesy PAIRS`, `LocateBench nearest …`, `LocateBench service FILE`,
// `LocateBench live LOCATE`, `LocateBench serve LOCATE`, `LocateBench serve-floor FLOOR`,
// `LocateBench relay LOCATE`, `LocateBench screen LOCATE`, `LocateBench places`,
// `LocateBench timeservice LOCATE --shim SHIM`. Each subcommand lives in its own file.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "decode": exit(decodeBench(Array(arguments.dropFirst())))
case "corpus": exit(corpusBench(Array(arguments.dropFirst())))
case "geodesy": exit(geodesyBench(Array(arguments.dropFirst())))
case "nearest": exit(nearestBench(Array(arguments.dropFirst())))
case "service": exit(serviceBench(Array(arguments.dropFirst())))
case "live": exit(liveBench(Array(arguments.dropFirst())))
case "serve": exit(serveBench(Array(arguments.dropFirst())))
case "serve-floor": exit(serveBench(Array(arguments.dropFirst()), floor: true))
case "relay": exit(relayBench(Array(arguments.dropFirst())))
case "timeservice": exit(timeBench(Array(arguments.dropFirst())))
case "screen": exit(screenBench(Array(arguments.dropFirst())))
case "places": exit(placesBench(Array(arguments.dropFirst())))
default:
  FileHandle.standardError.write(
    Data(
      ("usage: LocateBench decode|corpus|geodesy|nearest|service|live|serve|serve-floor|relay"
        + "|screen|places|timeservice …\n").utf8))
  exit(64)
}
