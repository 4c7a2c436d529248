"""Files generated from the instruction definitions (shared/vm/*.def, stage*/vm/*.def): do not edit."""
