import type { PlanId, TierId } from '../../../../shared/plans';

/** The one dialog the Subscription page shows: pay for a plan now, or schedule a change for the period's end. */
export type PlanModal = { kind: 'none' } | { kind: 'choose'; plan: PlanId } | { kind: 'schedule'; target: TierId };

export type PlanModalAction = { type: 'choose'; plan: PlanId } | { type: 'schedule'; target: TierId } | { type: 'close' };

export const noPlanModal: PlanModal = { kind: 'none' };

export function planModalReducer(_state: PlanModal, action: PlanModalAction): PlanModal {
  switch (action.type) {
    case 'choose':
      return { kind: 'choose', plan: action.plan };
    case 'schedule':
      return { kind: 'schedule', target: action.target };
    case 'close':
      return noPlanModal;
  }
}
