import { ChangePasswordBody } from '@contract/identity';
import { checkPassword } from '@kupon/domain';
import { type FieldErrors, validate } from '@/lib/form';

export type Passwords = { currentPassword: string; newPassword: string; newPasswordRepeat: string };

/**
 * The api's refusals before it is asked: its zod body (`ChangePasswordBody`), then the rules the
 * route applies in order: the new password 4–20 (`checkPassword`), the repeat, not the user name.
 * An empty current password would only come back as wrong, so it is asked for here.
 */
export function passwordErrors(values: Passwords, userName: string): FieldErrors {
  const checked = validate(ChangePasswordBody, values);
  const errors: Record<string, { key: string; params: readonly string[] }> = checked.ok ? {} : { ...checked.errors };
  if (!values.currentPassword && !errors.currentPassword) errors.currentPassword = { key: 'isRequiredArea', params: ['currentPassword'] };
  const refused = checkPassword(values.newPassword, 'newPassword');
  if (!errors.newPassword && refused) errors.newPassword = { key: refused.code, params: refused.params };
  else if (!errors.newPassword && values.newPassword.toLowerCase() === userName.toLowerCase()) errors.newPassword = { key: 'userName_password_cannot_same', params: [] };
  if (!errors.newPasswordRepeat && !errors.newPassword && values.newPasswordRepeat !== values.newPassword) errors.newPasswordRepeat = { key: 'passwordRepeatMismatch', params: [] };
  return errors;
}
