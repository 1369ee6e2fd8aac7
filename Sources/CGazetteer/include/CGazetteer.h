#ifndef CGAZETTEER_H
#define CGAZETTEER_H
#include <stddef.h>
/// The packed gazetteer (gazetteer.bin, written by Tests/Tools/make_gazetteer_table.py from
/// GeoNames, CC BY 4.0): its first byte. Read only; it lives as long as the program.
const unsigned char *clocate_gazetteer_bytes(void);
/// The packed gazetteer's length in bytes.
size_t clocate_gazetteer_size(void);
#endif
