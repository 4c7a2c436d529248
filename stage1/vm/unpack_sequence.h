/* s1.unpack_sequence: inline helpers for the bodies in unpack_sequence.def (included through stage1.h). */
#ifndef FIVEFOLD_S1_UNPACK_SEQUENCE_H
#define FIVEFOLD_S1_UNPACK_SEQUENCE_H

#endif
