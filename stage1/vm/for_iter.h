/* s1.for_iter: inline helpers for the bodies in for_iter.def (included through stage1.h). */
#ifndef FIVEFOLD_S1_FOR_ITER_H
#define FIVEFOLD_S1_FOR_ITER_H

#endif
