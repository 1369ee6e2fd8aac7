import CLocateStartup
import Glibc
import LocateCLI

// SIGQUIT already ends the program at once, not through the runtime's backtracer (see
// CLocateStartup); referenced so that its start-up code is linked.
_ = locate_startup_quit_claimed()
Locate.prepareProcess()
exit(await Locate.run(Array(CommandLine.arguments.dropFirst())))
