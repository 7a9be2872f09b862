import { z } from 'zod';
import { MIN_PASSWORD } from '../domain/constants.ts';
import { PROOF_MODES } from '../domain/messages.ts';
import { LOCALES } from '../i18n/locales.ts';
import { nameRef } from './common.ts';

export const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Invalid email')
  .pipe(z.email('Invalid email'))
  .transform((v) => v.toLowerCase());

export const password = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(MIN_PASSWORD, `Password must be at least ${MIN_PASSWORD} characters`)
  .max(200, 'Password is too long');

export const loginBody = z.object({ email, password });
export type LoginBody = z.input<typeof loginBody>;

/** The signed-in user as every response shows it: never a hash. */
export const authUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  roleId: z.string(),
  role: nameRef,
  /** The system role whose rights this user's role carries (equal to role.name for system roles). */
  policyRole: z.string(),
  regionId: z.string().nullable(),
  region: nameRef.nullable(),
  status: z.string(),
  /** The language the user chose (ADR 022), or null: the app follows the browser's. Added field. */
  locale: z.enum(LOCALES).nullable(),
});
export type AuthUser = z.infer<typeof authUser>;

export const authResponse = z.object({ accessToken: z.string(), user: authUser });
export type AuthResponse = z.infer<typeof authResponse>;

export const refreshBody = z.object({ userId: z.string().optional() }).optional();
export const refreshResponse = z.object({ accessToken: z.string(), user: authUser });

export const registerBody = z.object({
  name: z.string().trim().min(2, 'Name must be at least 2 characters').max(120),
  email,
  password,
  phone: z.string().trim().max(20).nullish(),
});

/**
 * PATCH /auth/me: the caller's own settings; today the language (null: follow the browser). Other
 * fields are dropped, as on every body (R2: an injected role or status changes nothing).
 */
export const updateMeBody = z.object({
  locale: z.enum(LOCALES, { error: 'Choose one of the languages offered' }).nullable(),
});
export type UpdateMeBody = z.infer<typeof updateMeBody>;

export const changePasswordBody = z.object({
  currentPassword: z.string().min(1, 'Current password is required'),
  newPassword: password,
});

export const publicConfig = z.object({
  serviceName: z.string(),
  demo: z.boolean(),
  registration: z.boolean(),
  demoAccounts: z
    .object({
      admin: z.object({ email: z.string(), password: z.string() }),
      technician: z.object({ email: z.string(), password: z.string() }),
    })
    .nullable(),
  /**
   * PROOF_OF_COMPLETION (issue 35 item 1): what the technician's Complete Work must carry. Added
   * after the spec, so optional, and last (the compiled serializer's order, lib/serializer.ts).
   */
  proofOfCompletion: z.enum(PROOF_MODES).optional(),
  /**
   * Issue 37: the business's GST state code ('29'; BUSINESS_GSTIN's first two digits, else
   * GST_STATE_CODE), null when unset: the purchase form's live totals tell CGST + SGST from IGST
   * by it, as the server does. Optional and last, as above.
   */
  gstStateCode: z.string().nullable().optional(),
});
export type PublicConfig = z.infer<typeof publicConfig>;
