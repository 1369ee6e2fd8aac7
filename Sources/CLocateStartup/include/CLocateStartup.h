// What the `locate` program does before the Swift runtime hands over to main (only the
// executable links it: a library must not change a process's signal actions).
#ifndef CLOCATE_STARTUP_H
#define CLOCATE_STARTUP_H

/// Whether the start-up SIGQUIT action was installed (1), or SIGQUIT was ignored at start and
/// left so (0). Calling it also keeps the constructor's object file in the link.
int locate_startup_quit_claimed(void);

#endif
