#ifndef CLOCATESYS_H
#define CLOCATESYS_H
/// Reads the termios2 input and output speeds of a terminal (TCGETS2); returns -1 with errno set.
int clocate_get_speed(int fd, unsigned int *ispeed, unsigned int *ospeed);
/// Sets an arbitrary speed with termios2 (BOTHER); returns -1 with errno set.
int clocate_set_custom_speed(int fd, unsigned int speed);
/// Reads whether a terminal is in exclusive mode (TIOCGEXCL); returns -1 with errno set.
int clocate_get_exclusive(int fd, int *exclusive);
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
#endif
