/**
 * The signed-in caller as the guard loads it (lib/auth.ts) and the actor cache keeps it
 * (lib/actor-cache.ts). Its own file so those two do not import each other.
 */
import type { SystemRole } from '#shared/domain/roles.ts';
import type { Locale } from '#shared/i18n/locales.ts';

export interface Actor {
  id: string;
  name: string;
  email: string;
  roleId: string;
  roleName: string;
  policyRole: SystemRole;
  regionId: string | null;
  sessionId: string;
  /** The language the user chose (ADR 022), null to follow the request's Accept-Language. */
  locale: Locale | null;
}
