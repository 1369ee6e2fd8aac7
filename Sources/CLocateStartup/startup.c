// SIGQUIT before `locate` catches it.
//
// Until SignalTrap's Dispatch source registers, a signal takes its current action. For SIGINT,
// SIGTERM and SIGHUP that is the kernel's default (the process ends at once, 128 + N, before it
// opened anything). For SIGQUIT it is the Swift runtime's backtracer, installed by the
// runtime's own initializer: it prints "Program crashed" and symbolicates a backtrace, which
// takes seconds (tens of seconds on a loaded machine). This constructor, which runs after the
// runtime's initializers (the runtime is a dependency of the executable), replaces that with
// an immediate end, status 131, as a SIGQUIT that stops `locate` before anything began ends.
// A SIGQUIT ignored at start (a background job) stays ignored.
#include "CLocateStartup.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

static int quit_claimed = 0;

static void quit_before_ready(int number) {
  (void)number;
  _exit(128 + SIGQUIT);
}

__attribute__((constructor)) static void claim_quit(void) {
  struct sigaction current;
  if (sigaction(SIGQUIT, NULL, &current) != 0 || current.sa_handler == SIG_IGN) return;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = quit_before_ready;
  sigemptyset(&action.sa_mask);
  if (sigaction(SIGQUIT, &action, NULL) == 0) quit_claimed = 1;
}

int locate_startup_quit_claimed(void) { return quit_claimed; }
