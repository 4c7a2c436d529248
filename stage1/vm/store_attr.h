/* s1.store_attr: its bodies use load_attr.h's helpers (included through stage1.h). */
#ifndef FIVEFOLD_S1_STORE_ATTR_H
#define FIVEFOLD_S1_STORE_ATTR_H

#include "load_attr.h"

#endif
