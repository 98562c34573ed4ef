import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CODES_PER_IP_HOUR } from '../../src/server/services/auth/otp.js';
import { RESET_SENT_MESSAGE } from '../../src/server/services/auth/service.js';
import { ageCodesAndLimits } from '../helpers/limits.js';
import { createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

/* Codes cost money and open accounts: who can ask for them, how often, and what the answers reveal. */

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt.close();
});

let seq = 0;
async function registerCustomer() {
  const email = `codes.${++seq}.${Date.now()}@attacks.in`;
  await rt.caller().users.registerUser({ firstName: 'Asha', lastName: 'Rao', email, password: 'secret123' });
  return email;
}
const resetsTo = async (email: string) =>
  (await rt.deps.db.selectFrom('outbox_messages').select('id').where('recipient', '=', email).execute()).length;

describe('password reset codes', () => {
  it('answer an unknown address alike, after the same work (a decoy code, no e-mail)', async () => {
    const known = await registerCustomer();
    const a = await rt.caller(null, { ip: '192.0.2.10' }).users.forgotPassword({ email: known });
    const b = await rt.caller(null, { ip: '192.0.2.10' }).users.forgotPassword({ email: 'nobody.at.all@attacks.in' });
    expect(a).toEqual({ message: RESET_SENT_MESSAGE });
    expect(b).toEqual(a);
    const decoys = await rt.deps.db
      .selectFrom('one_time_codes')
      .select(['account_id'])
      .where('destination', '=', 'nobody.at.all@attacks.in')
      .execute();
    expect(decoys).toEqual([{ account_id: null }]);
    expect(await resetsTo('nobody.at.all@attacks.in')).toBe(0);
  });

  it('a stranger using up the reset limit from elsewhere does not block the owner', async () => {
    const email = await registerCustomer();
    const stranger = rt.caller(null, { ip: '192.0.2.20' });
    for (let i = 0; i < 3; i++) {
      await stranger.users.forgotPassword({ email });
      await ageCodesAndLimits(rt.deps.db, email, 31);
    }
    await expect(stranger.users.forgotPassword({ email })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    await rt.caller(null, { ip: '192.0.2.21' }).users.forgotPassword({ email });
    expect(await resetsTo(email)).toBe(4);
  });
});

describe('code pumping', () => {
  it('one IP cannot send codes to any number of phones', async () => {
    const ip = '192.0.2.30';
    const results = await Promise.allSettled(
      Array.from({ length: MAX_CODES_PER_IP_HOUR + 5 }, (_, i) =>
        rt.caller(null, { ip }).users.sendOTPonWhatsappForLogin({ phone: `98765${String(10000 + i).slice(-5)}` }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(MAX_CODES_PER_IP_HOUR);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });
});
