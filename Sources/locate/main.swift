import Foundation
import LocateCLI

Locate.prepareProcess()
exit(await Locate.run(Array(CommandLine.arguments.dropFirst())))
