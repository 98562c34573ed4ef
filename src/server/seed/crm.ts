import { sql } from 'kysely';
import type { Db } from '../db/index.js';

const TEMPLATES = [
  {
    name: 'Appointment reminder',
    type: 'sms' as const,
    subject: null,
    content: 'Hi {customer_name}, a reminder of your appointment at {merchant_name} on {appointment_date}. Reply to reschedule.',
  },
  {
    name: 'Thank you for visiting',
    type: 'email' as const,
    subject: 'Thank you for visiting {merchant_name}',
    content:
      'Hi {customer_name},\n\nThank you for visiting us. We hope you loved the results! Book your next appointment on GlowBook any time.\n\nSee you soon,\n{merchant_name}',
  },
  {
    name: 'We miss you',
    type: 'whatsapp' as const,
    subject: null,
    content: 'Hi {customer_name}! It has been a while. Come back to {merchant_name} this week and ask about our seasonal offers.',
  },
];

/**
 * Message templates for every demo salon, so the Send Message dialog has some to pick; and every
 * other demo customer (not customer@demo.in) opted in to offers, so campaigns have an audience.
 */
export async function seedCrm(db: Db): Promise<void> {
  const salons = await db.selectFrom('merchants').select('id').execute();
  if (!salons.length) return;
  await sql`
    update accounts set notification_prefs = notification_prefs || '{"marketing": true}'::jsonb
    where id in (
      select id from (select id, row_number() over (order by email) as n from accounts where role = 'customer' and email <> 'customer@demo.in') c
      where c.n % 2 = 1
    )`.execute(db);
  await db
    .insertInto('message_templates')
    .values(salons.flatMap((s) => TEMPLATES.map((t) => ({ merchant_id: s.id, ...t }))))
    .execute();
}
