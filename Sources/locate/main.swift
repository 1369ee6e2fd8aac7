import Foundation
import LocateCLI

exit(await Locate.run(Array(CommandLine.arguments.dropFirst())))
