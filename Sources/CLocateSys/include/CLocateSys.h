#ifndef CLOCATESYS_H
#define CLOCATESYS_H
#include <stddef.h>
#include <sys/time.h>
#include <time.h>
/// Reads the termios2 input and output speeds of a terminal (TCGETS2); returns -1 with errno set.
int clocate_get_speed(int fd, unsigned int *ispeed, unsigned int *ospeed);
/// Sets an arbitrary speed with termios2 (BOTHER); returns -1 with errno set.
int clocate_set_custom_speed(int fd, unsigned int speed);
/// Reads whether a terminal is in exclusive mode (TIOCGEXCL); returns -1 with errno set.
int clocate_get_exclusive(int fd, int *exclusive);
/// The bytes received and not yet read on a terminal, pipe or socket (FIONREAD); returns -1
/// with errno set.
int clocate_bytes_waiting(int fd);
/// Makes a close-on-exec, non-blocking pipe (pipe2, a GNU extension Swift cannot see).
int clocate_pipe(int fds[2]);
/// Names the calling thread (pthread_setname_np, at most 15 bytes).
int clocate_set_thread_name(const char *name);
/// The calling thread's kernel ID (gettid).
int clocate_thread_id(void);
/// Opens a new pseudo-terminal master (posix_openpt with O_RDWR | O_NOCTTY | O_CLOEXEC, then
/// grantpt and unlockpt) and writes the slave's path into `name`; returns the master descriptor,
/// or -1 with errno set.
int clocate_open_pty(char *name, unsigned long size);
/// Accepts a connection as a close-on-exec, non-blocking socket (accept4, a GNU extension Swift
/// cannot see); `address` and `length` as for accept. Returns -1 with errno set.
int clocate_accept(int fd, void *address, unsigned int *length);
/// The process and user at the other end of a connected Unix socket (SO_PEERCRED, whose
/// struct ucred Swift cannot see). Returns -1 with errno set.
int clocate_peer_credentials(int fd, int *pid, unsigned int *uid);
/// Makes a close-on-exec Unix stream socket bound to `path` and listening (non-blocking), or
/// connected to `path` (blocking) with `listening` 0; returns -1 with errno set (ENAMETOOLONG
/// for a path longer than sun_path).
int clocate_unix_socket(const char *path, int listening);
/// Makes a close-on-exec, non-blocking Unix datagram socket, bound to `path` unless it is NULL
/// (what chrony's SOCK refclock listens on); returns -1 with errno set.
int clocate_unix_datagram(const char *path);
/// Sends one datagram to the socket bound at `path`; returns the bytes sent, or -1 with errno
/// set (ENOENT when nothing is bound there, ECONNREFUSED when nobody reads it any more).
long clocate_unix_send_to(int fd, const char *path, const void *bytes, size_t count);

/// The NTP shared-memory segment of ntpd's SHM driver (type 28) and chrony's SHM refclock:
/// ntpd's `struct shmTime`, member for member, as this platform's C compiler lays it out
/// (96 bytes on 64-bit Linux). `clock` is the reference's time (the receiver's), `receive` the
/// system clock's at the same instant.
struct clocate_ntpshm {
  int mode;
  volatile int count;
  time_t clock_sec;
  int clock_usec;
  time_t receive_sec;
  int receive_usec;
  int leap;
  int precision;
  int nsamples;
  volatile int valid;
  unsigned clock_nsec;
  unsigned receive_nsec;
  int dummy[8];
};

/// One sample as a reader takes it out of a segment.
struct clocate_ntpshm_sample {
  long long clock_sec;
  long clock_nsec;
  long long receive_sec;
  long receive_nsec;
  int leap;
  int precision;
  int mode;
  int count;
};

/// Mode 1's first step: `valid` cleared and `count` advanced before any value changes (a
/// reader that finds `valid` 0, or `count` changed across its read, takes nothing).
void clocate_ntpshm_begin(volatile struct clocate_ntpshm *segment);
/// Mode 1's second step: the values, nanoseconds and microseconds.
void clocate_ntpshm_set(volatile struct clocate_ntpshm *segment, long long clock_sec,
                        long clock_nsec, long long receive_sec, long receive_nsec, int leap,
                        int precision);
/// Mode 1's last step: `count` advanced again, then `valid` set.
void clocate_ntpshm_commit(volatile struct clocate_ntpshm *segment);
/// Marks the segment as holding no sample (`valid` 0, `count` advanced).
void clocate_ntpshm_invalidate(volatile struct clocate_ntpshm *segment);
/// Reads a sample as ntpd's mode 1 does (without clearing `valid`): 0 when one was taken,
/// 1 when the segment holds none (`valid` 0), 2 when a writer changed it meanwhile.
int clocate_ntpshm_load(const volatile struct clocate_ntpshm *segment,
                        struct clocate_ntpshm_sample *sample);

/// chrony's `struct sock_sample` (refclock_sock.c), as this platform lays it out: what its
/// SOCK refclock reads, one datagram per sample.
struct clocate_chrony_sample {
  struct timeval tv;
  double offset;
  int pulse;
  int leap;
  int pad;
  int magic;
};

/// The system clock's state as adjtimex(2) reports it (nothing is changed).
struct clocate_clock_status {
  int state;
  int status;
  long long maxerror;
  long long esterror;
  long long offset;
  int nanoseconds;
  int tai;
};
/// Reads the kernel clock's state (adjtimex with modes 0); returns the clock state (TIME_OK…),
/// or -1 with errno set.
int clocate_clock_status(struct clocate_clock_status *status);

/// One PPS event as the kernel timestamped it (CLOCK_REALTIME).
struct clocate_pps_event {
  long long sec;
  long nsec;
  unsigned sequence;
};
/// The RFC 2783 capabilities of a PPS device (PPS_GETCAP); -1 with errno set.
int clocate_pps_capabilities(int fd, int *capabilities);
/// Asks a PPS device to capture assert events as timespecs (PPS_GETPARAMS, PPS_SETPARAMS);
/// -1 with errno set.
int clocate_pps_capture_assert(int fd);
/// Waits up to `timeout` seconds for the next event (PPS_FETCH) and gives the last assert and
/// clear events; -1 with errno set (ETIMEDOUT when none came).
int clocate_pps_fetch(int fd, double timeout, struct clocate_pps_event *assert_event,
                      struct clocate_pps_event *clear_event);
/// Installs (once) a handler for `signal` that does nothing, without SA_RESTART, so that the
/// signal sent to a thread blocked in a system call ends that call with EINTR.
int clocate_install_wake_signal(int signal);
/// Sends `signal` to the calling process's thread `thread` (a pthread_t).
int clocate_signal_thread(unsigned long thread, int signal);
#endif
