/* limit.c: the floor for decoding NMEA 0183 from a file, with no field parsing.
 *
 * Big read()s into a 1 MiB buffer, memchr for each LF, the XOR checksum of every line, and a
 * count of the lines that pass: `$`, `*` third from the end (after an optional CR), two hex
 * digits equal to the XOR of the bytes between. A line longer than the buffer is rejected.
 *
 *   gcc -O2 -o limit limit.c && ./limit FILE     prints: lines=N valid=N bytes=N
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { CAPACITY = 1 << 20 };

static int hex(unsigned char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

static int valid(const unsigned char *line, size_t n) {
  if (n > 0 && line[n - 1] == '\r') n--;
  if (n < 4 || line[0] != '$' || line[n - 3] != '*') return 0;
  int high = hex(line[n - 2]), low = hex(line[n - 1]);
  if (high < 0 || low < 0) return 0;
  unsigned char sum = 0;
  for (size_t i = 1; i < n - 3; i++) sum ^= line[i];
  return sum == (unsigned char)(high << 4 | low);
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s FILE\n", argv[0]);
    return 64;
  }
  int fd = open(argv[1], O_RDONLY);
  if (fd < 0) {
    perror(argv[1]);
    return 66;
  }
  unsigned char *buffer = malloc(CAPACITY);
  if (!buffer) return 71;
  size_t kept = 0; /* bytes of an unfinished line at the start of the buffer */
  int skipping = 0; /* inside a line longer than the buffer */
  uint64_t lines = 0, good = 0, bytes = 0;
  for (;;) {
    ssize_t got = read(fd, buffer + kept, CAPACITY - kept);
    if (got < 0) {
      perror("read");
      return 74;
    }
    if (got == 0) break;
    bytes += (uint64_t)got;
    unsigned char *p = buffer, *end = buffer + kept + got, *lf;
    while ((lf = memchr(p, '\n', (size_t)(end - p))) != NULL) {
      lines++;
      if (!skipping) good += valid(p, (size_t)(lf - p));
      skipping = 0;
      p = lf + 1;
    }
    kept = (size_t)(end - p);
    if (kept == CAPACITY) {
      skipping = 1;
      kept = 0;
    } else if (kept > 0) {
      memmove(buffer, p, kept);
    }
  }
  if (kept > 0 || skipping) {
    lines++;
    if (!skipping) good += valid(buffer, kept);
  }
  printf("lines=%llu valid=%llu bytes=%llu\n", (unsigned long long)lines,
         (unsigned long long)good, (unsigned long long)bytes);
  free(buffer);
  return 0;
}
