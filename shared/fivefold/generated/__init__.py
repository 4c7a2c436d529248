"""Files generated from the instruction definitions (shared/vm/instructions.def, stage*/vm/*.def): do not edit."""
