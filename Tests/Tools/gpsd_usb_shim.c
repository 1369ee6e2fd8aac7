/*
 * gpsd_usb_shim.c — an LD_PRELOAD library for `make bench`'s side-by-side of serial time
 * samples: Debian's gpsd 3.22 takes no time from a pseudo-terminal (ntpshm_link_activate
 * leaves out source_pty, which it tells by the device's major number), so on the virtual
 * receiver it writes no NTP segment. Preloaded into gpsd, this makes stat(2) of the one path
 * named in $LOCATE_FAKE_USB report major 188 (ttyUSB): gpsd then reads the same pty as a USB
 * receiver and ships its time as it does for one. Nothing else gpsd does is changed.
 *
 * Built by Tests/Benchmarks/bench.sh: gcc -O2 -shared -fPIC -o gpsd_usb_shim.so this -ldl
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

int stat(const char *restrict path, struct stat *restrict status) {
  static int (*real)(const char *restrict, struct stat *restrict);
  if (real == NULL) real = (int (*)(const char *restrict, struct stat *restrict))dlsym(RTLD_NEXT, "stat");
  int result = real(path, status);
  const char *fake = getenv("LOCATE_FAKE_USB");
  if (result == 0 && fake != NULL && strcmp(path, fake) == 0 && S_ISCHR(status->st_mode))
    status->st_rdev = makedev(188, minor(status->st_rdev));
  return result;
}
