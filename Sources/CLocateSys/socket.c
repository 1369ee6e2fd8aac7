#define _GNU_SOURCE
#include "CLocateSys.h"
#include <sys/socket.h>

int clocate_accept(int fd, void *address, unsigned int *length) {
  return accept4(fd, (struct sockaddr *)address, (socklen_t *)length, SOCK_NONBLOCK | SOCK_CLOEXEC);
}
