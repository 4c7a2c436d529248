/* s1.load_attr: inline helpers for the bodies in load_attr.def (included through stage1.h). */
#ifndef FIVEFOLD_S1_LOAD_ATTR_H
#define FIVEFOLD_S1_LOAD_ATTR_H

#endif
