#define _GNU_SOURCE
#include "CLocateSys.h"
#include <fcntl.h>
#include <pthread.h>
#include <sys/syscall.h>
#include <unistd.h>

int clocate_pipe(int fds[2]) { return pipe2(fds, O_CLOEXEC | O_NONBLOCK); }

int clocate_set_thread_name(const char *name) {
  return pthread_setname_np(pthread_self(), name);
}

int clocate_thread_id(void) { return (int)syscall(SYS_gettid); }
