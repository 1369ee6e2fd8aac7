// The gazetteer's bytes, compiled in: gazetteer.bin is GeoNames' populated places (data from
// https://www.geonames.org, CC BY 4.0), packed by Tests/Tools/make_gazetteer_table.py (the
// layout is described there). A C array of the file's bytes (#embed) compiles in well under a
// second, where a Swift literal of the same 3.5 MB would take minutes; Swift reads it in place
// (Sources/Gazetteer), with no copy.
#include "CGazetteer.h"

#pragma clang diagnostic ignored "-Wc23-extensions"

static const unsigned char gazetteer[] = {
#embed "gazetteer.bin"
};

const unsigned char *clocate_gazetteer_bytes(void) { return gazetteer; }

size_t clocate_gazetteer_size(void) { return sizeof gazetteer; }
