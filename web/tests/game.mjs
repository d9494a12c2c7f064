// The game page's scenarios (/games/{id}: a player's, the arbiter's, a
// spectator's), each finding the controls by role and accessible name.
export const scenarios = [];
