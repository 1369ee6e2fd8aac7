#define _GNU_SOURCE
#include "CLocateSys.h"
#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

int clocate_accept(int fd, void *address, unsigned int *length) {
  return accept4(fd, (struct sockaddr *)address, (socklen_t *)length, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

int clocate_peer_credentials(int fd, int *pid, unsigned int *uid) {
  struct ucred credentials;
  socklen_t length = sizeof credentials;
  if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) return -1;
  *pid = credentials.pid;
  *uid = credentials.uid;
  return 0;
}

int clocate_unix_socket(const char *path, int listening) {
  struct sockaddr_un address;
  memset(&address, 0, sizeof address);
  address.sun_family = AF_UNIX;
  if (strlen(path) >= sizeof address.sun_path) {
    errno = ENAMETOOLONG;
    return -1;
  }
  strcpy(address.sun_path, path);
  // Non-blocking both ways: a connection to a listener whose backlog is full fails at once
  // with EAGAIN (Linux's AF_UNIX never answers EINPROGRESS) instead of waiting for its accept.
  int type = SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK;
  int fd = socket(AF_UNIX, type, 0);
  if (fd < 0) return -1;
  int status;
  if (listening) {
    status = bind(fd, (struct sockaddr *)&address, sizeof address);
    if (status == 0) status = listen(fd, 16);
  } else {
    do {
      status = connect(fd, (struct sockaddr *)&address, sizeof address);
    } while (status != 0 && errno == EINTR);
  }
  if (status != 0) {
    int saved = errno;
    close(fd);
    errno = saved;
    return -1;
  }
  return fd;
}

int clocate_unix_datagram(const char *path) {
  int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  if (fd < 0 || path == NULL) return fd;
  struct sockaddr_un address;
  memset(&address, 0, sizeof address);
  address.sun_family = AF_UNIX;
  if (strlen(path) >= sizeof address.sun_path) {
    close(fd);
    errno = ENAMETOOLONG;
    return -1;
  }
  strcpy(address.sun_path, path);
  if (bind(fd, (struct sockaddr *)&address, sizeof address) != 0) {
    int saved = errno;
    close(fd);
    errno = saved;
    return -1;
  }
  return fd;
}

long clocate_unix_send_to(int fd, const char *path, const void *bytes, size_t count) {
  struct sockaddr_un address;
  memset(&address, 0, sizeof address);
  address.sun_family = AF_UNIX;
  if (strlen(path) >= sizeof address.sun_path) {
    errno = ENAMETOOLONG;
    return -1;
  }
  strcpy(address.sun_path, path);
  return (long)sendto(fd, bytes, count, MSG_NOSIGNAL, (struct sockaddr *)&address,
                      sizeof address);
}
