/** Spec §2 "Dashboard": the 5 latest calculations (spec §9). */
export const recentCalculationsCount = 5;
