#include "CLocateSys.h"
#include <asm/termbits.h>
#include <sys/ioctl.h>

int clocate_get_speed(int fd, unsigned int *ispeed, unsigned int *ospeed) {
  struct termios2 t;
  if (ioctl(fd, TCGETS2, &t) != 0) return -1;
  *ispeed = t.c_ispeed;
  *ospeed = t.c_ospeed;
  return 0;
}

int clocate_set_custom_speed(int fd, unsigned int speed) {
  struct termios2 t;
  if (ioctl(fd, TCGETS2, &t) != 0) return -1;
  t.c_cflag &= ~CBAUD;
  t.c_cflag |= BOTHER;
  t.c_ispeed = speed;
  t.c_ospeed = speed;
  return ioctl(fd, TCSETS2, &t);
}
