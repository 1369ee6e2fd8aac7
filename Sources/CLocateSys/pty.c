#define _GNU_SOURCE
#include "CLocateSys.h"
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

int clocate_open_pty(char *name, unsigned long size) {
  int fd = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) return -1;
  if (grantpt(fd) != 0 || unlockpt(fd) != 0 || ptsname_r(fd, name, size) != 0) {
    int saved = errno;
    close(fd);
    errno = saved;
    return -1;
  }
  return fd;
}
