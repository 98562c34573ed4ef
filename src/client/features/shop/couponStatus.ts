import type { CouponStatus } from '../../../shared/schemas/coupons';
import type { BadgeTone } from '../../components/ui/Badge';

/** How each coupon status reads and is coloured, on the merchant's and the admin's coupon lists. */
export const COUPON_STATUS: Record<CouponStatus, { tone: BadgeTone; label: string }> = {
  active: { tone: 'success', label: 'Active' },
  scheduled: { tone: 'info', label: 'Scheduled' },
  expired: { tone: 'danger', label: 'Expired' },
  used_up: { tone: 'warning', label: 'Used up' },
  inactive: { tone: 'neutral', label: 'Inactive' },
};
