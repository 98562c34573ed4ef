/*
 * A salon's members besides its owner (issue 41 item 5). What each may call is decided on the
 * server (trpc/procedures.ts STAFF_PROCEDURES); this module only names the roles and the merchant
 * pages the panel shows each of them (the server refuses everything else anyway). No zod here: the
 * merchant layout imports it.
 */

export const STAFF_ROLES = ['receptionist', 'professional'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
/** Who is signed in to the merchant panel: the salon's owner, or one of its members. */
export type SalonRole = 'owner' | StaffRole;

export const SALON_ROLE_LABELS: Record<SalonRole, string> = {
  owner: 'Owner',
  receptionist: 'Receptionist',
  professional: 'Professional',
};

/** The merchant pages (path prefixes) a member's panel shows; the owner sees every page. */
export const STAFF_PAGES: Record<StaffRole, readonly string[]> = {
  receptionist: [
    '/merchant/appointments',
    '/merchant/customers',
    '/merchant/clients',
    '/merchant/checkout',
    '/merchant/receipts',
    '/merchant/my-day',
  ],
  professional: ['/merchant/my-day', '/merchant/my-pay'],
};

/** The page a member lands on after signing in. */
export const STAFF_HOME: Record<StaffRole, string> = {
  receptionist: '/merchant/appointments',
  professional: '/merchant/my-day',
};

/** Whether a member of this role may open the merchant page at `path` (the owner: any). */
export function salonRoleMayOpen(role: SalonRole, path: string): boolean {
  if (role === 'owner') return true;
  const p = path.split(/[?#]/)[0].toLowerCase();
  return STAFF_PAGES[role].some((prefix) => p === prefix || p.startsWith(`${prefix}/`));
}
