import CLocateStartup
import Dispatch
import Glibc
import LocateCLI

// SIGQUIT already ends the program at once, not through the runtime's backtracer (see
// CLocateStartup); referenced so that its start-up code is linked.
_ = locate_startup_quit_claimed()
Locate.prepareProcess()
let arguments = Array(CommandLine.arguments.dropFirst())
// Version and help answer before the concurrency runtime starts (no top-level `await` here,
// which would start it first): as fast as the process can start.
if let status = Locate.runAtOnce(arguments) { exit(status) }
// What a top-level `await` does: the command runs on the main actor, its queue drained by
// dispatchMain().
Task { @MainActor in exit(await Locate.run(arguments)) }
dispatchMain()
