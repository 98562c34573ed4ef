import { randomUUID } from 'node:crypto';
import { CUSTOMERS } from '../salons.js';
import { ago, DAY, type DemoBuild, type SeedCustomer } from './kit.js';

/**
 * The admin and the customers (the first is the demo customer, customer@demo.in). Salon owners'
 * accounts come with their salons (salons.ts).
 */
export function addPeople(build: DemoBuild): SeedCustomer[] {
  const { data, rng, now, passwordHash } = build;
  data.accounts.push({
    id: randomUUID(),
    email: 'admin@demo.in',
    password_hash: passwordHash,
    role: 'admin',
    first_name: 'Asha',
    last_name: 'Verma',
    phone: '9000012345',
    avatar_url: null,
    created_at: ago(now, 400 * DAY),
    email_verified_at: ago(now, 400 * DAY),
    phone_verified_at: ago(now, 400 * DAY),
  });
  const customers: SeedCustomer[] = CUSTOMERS.map((def, i) => {
    const id = randomUUID();
    const joined = ago(now, (i === 0 ? 180 : rng.int(75, 360)) * DAY + rng.int(0, 86_399) * 1000);
    data.accounts.push({
      id,
      email: i === 0 ? 'customer@demo.in' : `${def.first}.${def.last}@demo.in`.toLowerCase(),
      password_hash: passwordHash,
      role: 'customer',
      first_name: def.first,
      last_name: def.last,
      phone: def.phone,
      avatar_url: `/images/demo/customers/${i + 1}.svg`,
      created_at: joined,
      // The demo's people proved their addresses and numbers when they joined: WhatsApp sign-in works.
      email_verified_at: joined,
      phone_verified_at: joined,
    });
    return { id, def, name: `${def.first} ${def.last}` };
  });
  return customers;
}
