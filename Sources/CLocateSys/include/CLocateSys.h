#ifndef CLOCATESYS_H
#define CLOCATESYS_H
/// Reads the termios2 input and output speeds of a terminal (TCGETS2); returns -1 with errno set.
int clocate_get_speed(int fd, unsigned int *ispeed, unsigned int *ospeed);
/// Sets an arbitrary speed with termios2 (BOTHER); returns -1 with errno set.
int clocate_set_custom_speed(int fd, unsigned int speed);
#endif
