/**
 * The admin panel's contract for people (docs/admin.md): sign-in, the signed-in member, the one-time set-up
 * and invitation links, and the owner's staff list. Shared by the admin's forms and the `/api/v1/admin/*`
 * routes. Roles: `owner` (everything) and `staff` (orders, products, stock; not settings, not staff).
 */
import { z } from 'zod';
import { emailSchema, newPasswordSchema } from '../accounts/account-schemas';

/** The roles a member of a store may hold. */
export const MEMBER_ROLES = ['owner', 'staff'] as const;
export const memberRoleSchema = z.enum(MEMBER_ROLES);
export type MemberRoleName = z.infer<typeof memberRoleSchema>;

/** The answer to a member's first sign-in attempt without a membership: the same as a wrong password. */
export const ADMIN_SIGN_IN_FAILED = 'Invalid email or password';

/** `POST /api/v1/admin/sign-in` body (the storefront's sign-in rules) and the admin sign-in form. */
export const adminSignInBodySchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128),
});
export type AdminSignInBody = z.output<typeof adminSignInBodySchema>;
export type AdminSignInInput = z.input<typeof adminSignInBodySchema>;

/** `POST /api/v1/admin/sign-in` answer: the session token (sent as `Authorization: Bearer`) and the role. */
export const adminSignInResponseSchema = z.object({ token: z.string(), role: memberRoleSchema });
export type AdminSignInResponse = z.infer<typeof adminSignInResponseSchema>;

/** `GET /api/v1/admin/me`: who is signed in to the admin, in which store, with which role. */
export const adminMeSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  role: memberRoleSchema,
  storeName: z.string(),
});
export type AdminMe = z.infer<typeof adminMeSchema>;

/** Texts of the set-up link (exact). */
export const memberLinkMessages = {
  invalidLink: 'This set-up link is invalid, used or expired. Ask the shop owner for a new one.',
  done: 'Your password is set. Sign in to the admin.',
} as const;

/** `POST /api/v1/admin/set-up` body: the token of a set-up or invitation link and the new password. */
export const memberSetUpBodySchema = z.object({
  token: z.string({ error: memberLinkMessages.invalidLink }),
  password: newPasswordSchema,
});
export type MemberSetUpBody = z.output<typeof memberSetUpBodySchema>;

/** `POST /api/v1/admin/set-up` answer: the e-mail to sign in with. */
export const memberSetUpResponseSchema = z.object({ email: z.string(), message: z.string() });
export type MemberSetUpResponse = z.infer<typeof memberSetUpResponseSchema>;

/** The set-up form: the password twice. */
export const memberSetUpFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type MemberSetUpFormValues = z.output<typeof memberSetUpFormSchema>;

/** A member as the owner's staff screen shows them. `status`: invited (link not used yet), active, revoked. */
export const memberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: memberRoleSchema,
  status: z.enum(['invited', 'active', 'revoked']),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Member = z.infer<typeof memberSchema>;

/** `GET /api/v1/admin/members` answer (owner only). */
export const memberListSchema = z.object({ members: z.array(memberSchema) });
export type MemberList = z.infer<typeof memberListSchema>;

/** `POST /api/v1/admin/members` body (owner only): invite a staff member by e-mail. */
export const inviteMemberBodySchema = z.object({ email: emailSchema });
export type InviteMemberBody = z.output<typeof inviteMemberBodySchema>;

/** `:memberId` of `/api/v1/admin/members/:memberId/revoke`. */
export const memberParamsSchema = z.object({
  memberId: z.coerce.number({ error: 'must be a member id' }).int('must be a member id').positive(),
});

/** One entry of the audit log as shown on the thing changed: who, what, when, before → after. */
export const auditEntrySchema = z.object({
  actor: z.string(),
  action: z.string(),
  at: z.iso.datetime({ offset: true }),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
