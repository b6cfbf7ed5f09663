/** Up to this many workplaces, the route form lists them all; past it, it searches (issue 24 §2). */
export const WORKPLACE_CHOICES_ALL = 100;
/** What a search of the route form shows at most. */
export const WORKPLACE_CHOICES_FOUND = 30;
