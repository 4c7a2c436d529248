/* s1.call: inline helpers for the bodies in call.def (included through stage1.h). */
#ifndef FIVEFOLD_S1_CALL_H
#define FIVEFOLD_S1_CALL_H

#endif
