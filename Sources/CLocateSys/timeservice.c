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
// stored and loaded whole (relaxed atomic accesses: plain moves on this hardware, which
// ThreadSanitizer also knows for what they are), with full fences between the steps.
#define FENCE() __atomic_thread_fence(__ATOMIC_SEQ_CST)
#define STORE(member, value) __atomic_store_n(&(member), (value), __ATOMIC_RELAXED)
#define LOAD(member) __atomic_load_n(&(member), __ATOMIC_RELAXED)

void clocate_ntpshm_begin(volatile struct clocate_ntpshm *segment) {
  STORE(segment->valid, 0);
  FENCE();
  STORE(segment->count, LOAD(segment->count) + 1);
  FENCE();
}

void clocate_ntpshm_set(volatile struct clocate_ntpshm *segment, long long clock_sec,
                        long clock_nsec, long long receive_sec, long receive_nsec, int leap,
                        int precision) {
  STORE(segment->mode, 1);
  STORE(segment->clock_sec, (time_t)clock_sec);
  STORE(segment->clock_usec, (int)(clock_nsec / 1000));
  STORE(segment->clock_nsec, (unsigned)clock_nsec);
  STORE(segment->receive_sec, (time_t)receive_sec);
  STORE(segment->receive_usec, (int)(receive_nsec / 1000));
  STORE(segment->receive_nsec, (unsigned)receive_nsec);
  STORE(segment->leap, leap);
  STORE(segment->precision, precision);
}

void clocate_ntpshm_commit(volatile struct clocate_ntpshm *segment) {
  FENCE();
  STORE(segment->count, LOAD(segment->count) + 1);
  FENCE();
  STORE(segment->valid, 1);
  FENCE();
}

void clocate_ntpshm_invalidate(volatile struct clocate_ntpshm *segment) {
  STORE(segment->valid, 0);
  FENCE();
  STORE(segment->count, LOAD(segment->count) + 1);
  FENCE();
}

int clocate_ntpshm_load(const volatile struct clocate_ntpshm *segment,
                        struct clocate_ntpshm_sample *sample) {
  if (!LOAD(segment->valid)) return 1;
  FENCE();
  int before = LOAD(segment->count);
  FENCE();
  sample->mode = LOAD(segment->mode);
  sample->clock_sec = (long long)LOAD(segment->clock_sec);
  sample->clock_nsec = (long)LOAD(segment->clock_nsec);
  sample->receive_sec = (long long)LOAD(segment->receive_sec);
  sample->receive_nsec = (long)LOAD(segment->receive_nsec);
  sample->leap = LOAD(segment->leap);
  sample->precision = LOAD(segment->precision);
  // `valid` again, then `count`: in the other order a writer's commit could come between the
  // two loads, its `valid` = 1 seen with the `count` of before it, and a copy taken in the
  // middle of that write would pass (the test against a writer at full speed took 23 so).
  FENCE();
  int valid = LOAD(segment->valid);
  FENCE();
  int after = LOAD(segment->count);
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
