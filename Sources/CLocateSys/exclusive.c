#include "CLocateSys.h"
#include <sys/ioctl.h>

int clocate_get_exclusive(int fd, int *exclusive) {
  return ioctl(fd, TIOCGEXCL, exclusive);
}
