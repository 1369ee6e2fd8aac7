/* serve_floor.c: the floor for `locate serve`'s latency, what this machine allows a relay.
 *
 * One thread, one poll(2) over a pseudo-terminal, a listening TCP socket and its clients. Each
 * read of the pty is scanned for an RMC sentence; after the read, every watching client is
 * sent one TPV line with the RMC's time (no checksum, no fix assembly, no policies). The
 * gpsd protocol only as far as `LocateBench serve` needs it: VERSION on connect, then WATCH
 * and DEVICE for a `?WATCH`. So the pty's wake-up, the scheduler, loopback TCP and the
 * bench's own wake-up are all in its latency, and nothing else.
 *
 *   gcc -O2 -o serve_floor serve_floor.c && ./serve_floor PTY   prints 127.0.0.1:PORT
 */
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <termios.h>
#include <unistd.h>

enum { MAX_CLIENTS = 64 };

static int clients[MAX_CLIENTS];
static int watching[MAX_CLIENTS];
static int client_count;

static void send_line(int fd, const char *line, size_t length) {
  (void)send(fd, line, length, MSG_DONTWAIT | MSG_NOSIGNAL);
}

static void drop(int index) {
  close(clients[index]);
  clients[index] = clients[client_count - 1];
  watching[index] = watching[client_count - 1];
  client_count--;
}

/* Copies field `number` (0 = the address) of the sentence at `line` into `out`. */
static void field(const char *line, const char *end, int number, char *out, size_t size) {
  const char *p = line;
  for (int i = 0; i < number && p < end; p++)
    if (*p == ',') i++;
  size_t n = 0;
  while (p < end && *p != ',' && *p != '*' && n + 1 < size) out[n++] = *p++;
  out[n] = 0;
}

/* The TPV line for the last RMC in buffer[0..count), or 0 bytes when it holds none. */
static size_t tpv(const char *buffer, size_t count, const char *device, char *out, size_t size) {
  const char *rmc = NULL, *rmc_end = NULL;
  for (const char *line = buffer; line < buffer + count;) {
    const char *end = memchr(line, '\n', buffer + count - line);
    if (!end) end = buffer + count;
    if (end - line > 7 && line[0] == '$' && memcmp(line + 3, "RMC,", 4) == 0) {
      rmc = line;
      rmc_end = end;
    }
    line = end + 1;
  }
  if (!rmc) return 0;
  char time[16], date[8];
  field(rmc, rmc_end, 1, time, sizeof time);
  field(rmc, rmc_end, 9, date, sizeof date);
  if (strlen(time) < 9 || strlen(date) != 6) return 0;
  int length = snprintf(out, size,
                        "{\"class\":\"TPV\",\"device\":\"%s\",\"mode\":2,"
                        "\"time\":\"20%.2s-%.2s-%.2sT%.2s:%.2s:%.2s.%.2s0Z\"}\n",
                        device, date + 4, date + 2, date, time, time + 2, time + 4, time + 7);
  return length > 0 && (size_t)length < size ? (size_t)length : 0;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: serve_floor PTY\n");
    return 64;
  }
  signal(SIGPIPE, SIG_IGN);
  int pty = open(argv[1], O_RDWR | O_NOCTTY | O_NONBLOCK);
  if (pty < 0) {
    perror(argv[1]);
    return 66;
  }
  struct termios raw;
  if (tcgetattr(pty, &raw) == 0) {
    cfmakeraw(&raw);
    tcsetattr(pty, TCSANOW, &raw);
  }
  int listener = socket(AF_INET, SOCK_STREAM, 0);
  struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = 0};
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  if (bind(listener, (struct sockaddr *)&address, sizeof address) != 0 ||
      listen(listener, 64) != 0 ||
      getsockname(listener, (struct sockaddr *)&address, &length) != 0) {
    perror("listen");
    return 71;
  }
  printf("127.0.0.1:%d\n", ntohs(address.sin_port));
  fflush(stdout);

  static const char version[] =
      "{\"class\":\"VERSION\",\"release\":\"floor\",\"proto_major\":3,\"proto_minor\":14}\n";
  char watch[512];
  int watch_length = snprintf(watch, sizeof watch,
                              "{\"class\":\"WATCH\",\"enable\":true,\"json\":true}\n"
                              "{\"class\":\"DEVICE\",\"path\":\"%s\"}\n",
                              argv[1]);
  char buffer[16384], line[512];
  struct pollfd polled[MAX_CLIENTS + 2];
  for (;;) {
    polled[0] = (struct pollfd){.fd = pty, .events = POLLIN};
    polled[1] = (struct pollfd){.fd = listener, .events = POLLIN};
    for (int i = 0; i < client_count; i++)
      polled[i + 2] = (struct pollfd){.fd = clients[i], .events = POLLIN};
    int watched = client_count;
    if (poll(polled, (nfds_t)(watched + 2), -1) < 0) continue;
    if (polled[0].revents & POLLIN) {
      ssize_t count = read(pty, buffer, sizeof buffer);
      size_t n = count > 0 ? tpv(buffer, (size_t)count, argv[1], line, sizeof line) : 0;
      for (int i = 0; n > 0 && i < client_count; i++)
        if (watching[i]) send_line(clients[i], line, n);
    } else if (polled[0].revents & (POLLHUP | POLLERR)) {
      usleep(10000); /* the bench has not written yet, or closed the master: wait */
    }
    for (int i = watched - 1; i >= 0; i--) {
      if (!polled[i + 2].revents) continue;
      ssize_t count = recv(clients[i], buffer, sizeof buffer - 1, MSG_DONTWAIT);
      if (count <= 0) {
        drop(i);
        continue;
      }
      buffer[count] = 0;
      if (strstr(buffer, "?WATCH") && !watching[i]) {
        watching[i] = 1;
        send_line(clients[i], watch, (size_t)watch_length);
      }
    }
    if (polled[1].revents & POLLIN) {
      int client = accept(listener, NULL, NULL);
      if (client >= 0 && client_count < MAX_CLIENTS) {
        clients[client_count] = client;
        watching[client_count++] = 0;
        send_line(client, version, sizeof version - 1);
      } else if (client >= 0) {
        close(client);
      }
    }
  }
}
