/** How the dashboard names an account to others: the name it chose, never its id or email. */
export const NO_NAME = 'someone without a name yet';

export const nameOf = (person: { displayName?: string }): string => person.displayName ?? NO_NAME;
