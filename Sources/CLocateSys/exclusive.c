#include "CLocateSys.h"
#include <sys/ioctl.h>

int clocate_get_exclusive(int fd, int *exclusive) {
  return ioctl(fd, TIOCGEXCL, exclusive);
}

int clocate_bytes_waiting(int fd) {
  int count = 0;
  return ioctl(fd, FIONREAD, &count) < 0 ? -1 : count;
}
