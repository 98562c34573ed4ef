import type { ColumnType, Generated } from 'kysely';

type Money = ColumnType<number, number | string, number | string>;

export interface WalletLedgerTable {
  id: Generated<number>;
  account_id: string;
  amount: Money;
  balance_after: Money;
  kind: 'refund' | 'booking_payment' | 'gift_card_redeemed' | 'gift_card_purchase' | 'adjustment';
  booking_id: string | null;
  gift_card_id: string | null;
  description: string;
  created_at: Generated<Date>;
}

export interface LoyaltyLedgerTable {
  id: Generated<number>;
  account_id: string;
  points: number;
  balance_after: number;
  kind: 'booking_completed' | 'reward_redeemed' | 'adjustment';
  booking_id: string | null;
  coupon_id: string | null;
  description: string;
  created_at: Generated<Date>;
}

export interface GiftCardsTable {
  id: Generated<string>;
  code: string;
  amount: Money;
  purchaser_id: string;
  payment_method: 'wallet' | 'test_card' | 'razorpay';
  payment_reference: string | null;
  recipient_name: string | null;
  recipient_email: string | null;
  message: string | null;
  status: Generated<'active' | 'redeemed'>;
  redeemed_by: string | null;
  redeemed_at: Date | null;
  created_at: Generated<Date>;
}

/** Table types for the wallet, loyalty points and gift cards; merged into Database in ../types.ts. */
export interface WalletTables {
  wallet_ledger: WalletLedgerTable;
  loyalty_ledger: LoyaltyLedgerTable;
  gift_cards: GiftCardsTable;
  gift_card_orders: GiftCardOrdersTable;
}

/** A gift card being paid in a live gateway's checkout (migration 202611252213_gift_card_orders). */
export interface GiftCardOrdersTable {
  id: Generated<string>;
  purchaser_id: string;
  amount: Money;
  recipient_name: string | null;
  recipient_email: string | null;
  message: string | null;
  gateway: string;
  order_id: string | null;
  status: Generated<'pending' | 'paid'>;
  payment_reference: string | null;
  gift_card_id: string | null;
  created_at: Generated<Date>;
}

declare module '../types.js' {
  interface CouponsTable {
    /** Set on a personal reward coupon: only this customer may use it. */
    owner_account_id: ColumnType<string | null, string | null | undefined, string | null>;
  }
  interface BookingsTable {
    payment_method: ColumnType<'pay_at_salon' | 'wallet', 'pay_at_salon' | 'wallet' | undefined, 'pay_at_salon' | 'wallet'>;
    /** What the customer prepaid (from the wallet); refunds are a share of it. */
    amount_paid: ColumnType<number, number | string | undefined, number | string>;
  }
}
