import { describe, expect, it } from 'vitest';
import { noPlanModal, planModalReducer } from '../../src/client/pages/merchant/subscription/planModalState';

/** Issue 37.7: which dialog the Subscription page shows is one reducer's state. */
describe('the Subscription page dialog reducer', () => {
  it('opens paying for a plan, or scheduling a change, one at a time', () => {
    const choosing = planModalReducer(noPlanModal, { type: 'choose', plan: 'professional' });
    expect(choosing).toEqual({ kind: 'choose', plan: 'professional' });
    expect(planModalReducer(choosing, { type: 'schedule', target: 'free' })).toEqual({ kind: 'schedule', target: 'free' });
    expect(planModalReducer(noPlanModal, { type: 'schedule', target: 'basic' })).toEqual({ kind: 'schedule', target: 'basic' });
  });

  it('closes whichever is open', () => {
    expect(planModalReducer({ kind: 'choose', plan: 'professional' }, { type: 'close' })).toEqual({ kind: 'none' });
    expect(planModalReducer({ kind: 'schedule', target: 'free' }, { type: 'close' })).toEqual({ kind: 'none' });
  });
});
