/** What a refused write or call becomes on screen: the reason in words, never the SDK's codes or rule lines. */
/** A refusal: the SDK's code and the server's own message, shown to the user as it is. */
export class ActionError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ActionError';
  }
}

export function rethrow(error: unknown): never {
  if (error instanceof ActionError) throw error;
  const { code, message } = error as { code?: string; message?: string };
  const short = (code ?? 'unknown').replace(/^(functions|firestore|auth)\//, '');
  // The rules answer with their own line numbers; a person needs to know it was a permission.
  if (short === 'permission-denied' && !code?.startsWith('functions/')) {
    throw new ActionError(short, 'the security rules refuse this change: you may not make it');
  }
  // The Functions SDK appends the HTTP status ("... [400]"): the server's sentence is what a person reads.
  throw new ActionError(short, (message ?? String(error)).replace(/ \[\d{3}\]$/, ''));
}
