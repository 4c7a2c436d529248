/* s1.store_attr: inline helpers for the bodies in store_attr.def (included through stage1.h). */
#ifndef FIVEFOLD_S1_STORE_ATTR_H
#define FIVEFOLD_S1_STORE_ATTR_H

#endif
