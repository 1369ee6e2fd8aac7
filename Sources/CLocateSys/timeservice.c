#define _GNU_SOURCE
#include "CLocateSys.h"
#include <errno.h>
#include <linux/pps.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/timex.h>

// The order of the stores is the protocol: a compiler or processor that moved a value's store
// past `count` or `valid` would let a reader take a half-written sample. Every member is
// written through a volatile pointer, with full fences between the steps.
#define FENCE() __atomic_thread_fence(__ATOMIC_SEQ_CST)

void clocate_ntpshm_begin(volatile struct clocate_ntpshm *segment) {
  segment->valid = 0;
  FENCE();
  segment->count = segment->count + 1;
  FENCE();
}

void clocate_ntpshm_set(volatile struct clocate_ntpshm *segment, long long clock_sec,
                        long clock_nsec, long long receive_sec, long receive_nsec, int leap,
                        int precision) {
  segment->mode = 1;
  segment->clock_sec = (time_t)clock_sec;
  segment->clock_usec = (int)(clock_nsec / 1000);
  segment->clock_nsec = (unsigned)clock_nsec;
  segment->receive_sec = (time_t)receive_sec;
  segment->receive_usec = (int)(receive_nsec / 1000);
  segment->receive_nsec = (unsigned)receive_nsec;
  segment->leap = leap;
  segment->precision = precision;
}

void clocate_ntpshm_commit(volatile struct clocate_ntpshm *segment) {
  FENCE();
  segment->count = segment->count + 1;
  FENCE();
  segment->valid = 1;
  FENCE();
}

void clocate_ntpshm_invalidate(volatile struct clocate_ntpshm *segment) {
  segment->valid = 0;
  FENCE();
  segment->count = segment->count + 1;
  FENCE();
}

int clocate_ntpshm_load(const volatile struct clocate_ntpshm *segment,
                        struct clocate_ntpshm_sample *sample) {
  if (!segment->valid) return 1;
  FENCE();
  int before = segment->count;
  FENCE();
  sample->mode = segment->mode;
  sample->clock_sec = (long long)segment->clock_sec;
  sample->clock_nsec = (long)segment->clock_nsec;
  sample->receive_sec = (long long)segment->receive_sec;
  sample->receive_nsec = (long)segment->receive_nsec;
  sample->leap = segment->leap;
  sample->precision = segment->precision;
  FENCE();
  int after = segment->count;
  int valid = segment->valid;
  sample->count = after;
  if (before != after || !valid) return 2;
  return 0;
}

int clocate_clock_status(struct clocate_clock_status *status) {
  struct timex tx;
  memset(&tx, 0, sizeof tx);
  int state = adjtimex(&tx);
  if (state < 0) return -1;
  status->state = state;
  status->status = tx.status;
  status->maxerror = tx.maxerror;
  status->esterror = tx.esterror;
  status->offset = tx.offset;
  status->nanoseconds = (tx.status & STA_NANO) != 0;
  status->tai = tx.tai;
  return state;
}

int clocate_pps_capabilities(int fd, int *capabilities) {
  return ioctl(fd, PPS_GETCAP, capabilities);
}

int clocate_pps_capture_assert(int fd) {
  struct pps_kparams parameters;
  memset(&parameters, 0, sizeof parameters);
  if (ioctl(fd, PPS_GETPARAMS, &parameters) != 0) return -1;
  parameters.mode |= PPS_CAPTUREASSERT | PPS_TSFMT_TSPEC;
  return ioctl(fd, PPS_SETPARAMS, &parameters);
}

int clocate_pps_fetch(int fd, double timeout, struct clocate_pps_event *assert_event,
                      struct clocate_pps_event *clear_event) {
  struct pps_fdata data;
  memset(&data, 0, sizeof data);
  if (timeout < 0) timeout = 0;
  data.timeout.sec = (long long)timeout;
  data.timeout.nsec = (int)((timeout - (double)data.timeout.sec) * 1e9);
  data.timeout.flags = 0;
  // Not retried on EINTR: a thread asked to stop is woken by a signal.
  if (ioctl(fd, PPS_FETCH, &data) != 0) return -1;
  assert_event->sec = data.info.assert_tu.sec;
  assert_event->nsec = data.info.assert_tu.nsec;
  assert_event->sequence = data.info.assert_sequence;
  clear_event->sec = data.info.clear_tu.sec;
  clear_event->nsec = data.info.clear_tu.nsec;
  clear_event->sequence = data.info.clear_sequence;
  return 0;
}

static void ignore_signal(int signal) { (void)signal; }

int clocate_install_wake_signal(int signal) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = ignore_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;
  return sigaction(signal, &action, NULL);
}

int clocate_signal_thread(unsigned long thread, int signal) {
  int status = pthread_kill((pthread_t)thread, signal);
  if (status != 0) {
    errno = status;
    return -1;
  }
  return 0;
}
