import { z } from 'zod';
import { ROLES } from '../roles';

export const loginBody = z.object({
  username: z.string().trim().min(1, 'enter your username').max(64),
  password: z.string().min(1, 'enter your password').max(1024),
});
export type LoginBody = z.infer<typeof loginBody>;

export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{1,31}$/;
export const username = z.string().trim().regex(USERNAME_PATTERN, '2–32 letters, digits, ".", "_" or "-", starting with a letter or digit');
export const password = z.string().min(8, 'at least 8 characters').max(1024);
export const role = z.enum(ROLES);

export interface Me {
  username: string;
  role: z.infer<typeof role>;
}

/** Changing one's own password: the current one proves it is you, the new one follows the account rules. */
export const changePasswordBody = z
  .object({
    currentPassword: z.string().min(1, 'enter your current password').max(1024),
    newPassword: password,
  })
  .refine((b) => b.newPassword !== b.currentPassword, { path: ['newPassword'], message: 'choose a password other than the current one' });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** What a password change did: the other sessions of the account were ended, this one kept. */
export interface PasswordChanged {
  ok: true;
  /** How many sessions on other devices or browsers were ended. */
  otherSessionsEnded: number;
}
