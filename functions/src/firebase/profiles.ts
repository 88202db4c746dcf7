import { getAuth } from 'firebase-admin/auth';
import { DisplayName } from '@competition/engine/schemas';
import { defaultApp } from './app.js';

/**
 * The display name the account chose on its Auth profile, as the role documents keep it (undefined when it has
 * none). Never the email: other people read these names.
 */
export async function profileDisplayName(uid: string | undefined): Promise<string | undefined> {
  if (!uid) return undefined;
  const user = await getAuth(defaultApp()).getUser(uid);
  const parsed = DisplayName.safeParse(user.displayName ?? '');
  return parsed.success ? parsed.data : undefined;
}
