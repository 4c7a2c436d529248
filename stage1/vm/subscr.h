/* s1.subscr: inline helpers for the bodies in subscr.def (included through stage1.h). */
#ifndef FIVEFOLD_S1_SUBSCR_H
#define FIVEFOLD_S1_SUBSCR_H

#endif
