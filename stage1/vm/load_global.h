/* s1.load_global: inline helpers for the bodies in load_global.def (included through stage1.h). */
#ifndef FIVEFOLD_S1_LOAD_GLOBAL_H
#define FIVEFOLD_S1_LOAD_GLOBAL_H

#endif
