import * as s from '../../shared/schemas/wallet.js';
import { profile } from '../services/auth/service.js';
import * as wallet from '../services/wallet/service.js';
import { accountProcedure, authedProcedure } from '../trpc/procedures.js';
import { errors } from './common.docs.js';

const tags = ['Wallet, loyalty and profile'];

/** Wallet, loyalty points and rewards, gift cards, and the profile, under users/*. */
export const walletUserProcedures = {
  getWallet: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/users/getWallet',
        tags,
        summary: 'Read the wallet balance and its entries',
        errorResponses: errors(400, 401),
      },
    })
    .input(s.walletPageInput)
    .output(s.walletAnswer)
    .query(({ ctx, input }) => wallet.getWallet(ctx.deps, ctx.actor, input)),
  getLoyalty: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/users/getLoyalty',
        tags,
        summary: 'Read loyalty points and rewards',
        errorResponses: errors(400, 401),
      },
    })
    .input(s.walletPageInput)
    .output(s.loyaltyAnswer)
    .query(({ ctx, input }) => wallet.getLoyalty(ctx.deps, ctx.actor, input)),
  redeemReward: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/redeemReward',
        tags,
        summary: 'Redeem loyalty points for a reward',
        errorResponses: errors(400, 401, 409),
      },
      successStatus: 201,
    })
    .input(s.walletInput)
    .output(s.redeemRewardAnswer)
    .mutation(({ ctx }) => wallet.redeemReward(ctx.deps, ctx.actor)),
  getGiftCards: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/users/getGiftCards',
        tags,
        summary: 'List gift cards bought and received',
        errorResponses: errors(400, 401),
      },
    })
    .input(s.walletPageInput)
    .output(s.giftCardsAnswer)
    .query(({ ctx, input }) => wallet.getGiftCards(ctx.deps, ctx.actor, input)),
  purchaseGiftCard: authedProcedure
    .meta({
      openapi: { method: 'POST', path: '/users/purchaseGiftCard', tags, summary: 'Buy a gift card', errorResponses: errors(400, 401, 409) },
      successStatus: 201,
    })
    .input(s.purchaseGiftCardInput)
    .output(s.purchaseGiftCardAnswer)
    .mutation(({ ctx, input }) => wallet.purchaseGiftCard(ctx.deps, ctx.actor, input)),
  giftCardPaymentOptions: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/users/giftCardPaymentOptions',
        tags,
        description:
          'How gift cards can be paid on this server: a live gateway (checkoutKey set: pay in its Checkout) or the offline test gateway (testMode, the test card).',
        summary: 'Read how gift cards can be paid here',
        errorResponses: errors(400, 401),
      },
    })
    .input(s.walletInput)
    .output(s.giftCardPaymentOptionsAnswer)
    .query(({ ctx }) => wallet.giftCardPaymentOptions(ctx.deps)),
  createGiftCardOrder: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/createGiftCardOrder',
        tags,
        description:
          'Live gateway only: fixes the gift card (amount, recipient) and creates the order to pay in Razorpay Checkout; then purchaseGiftCard with paymentMethod razorpay and the payment proof issues it.',
        summary: 'Create a payment order for a gift card',
        errorResponses: errors(400, 401, 409),
      },
      successStatus: 201,
    })
    .input(s.createGiftCardOrderInput)
    .output(s.giftCardOrderAnswer)
    .mutation(({ ctx, input }) => wallet.createGiftCardOrder(ctx.deps, ctx.actor, input)),
  redeemGiftCard: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/redeemGiftCard',
        tags,
        summary: 'Redeem a gift card into the wallet',
        errorResponses: errors(400, 401, { 404: 'No gift card has this code', 409: 'The gift card has already been redeemed' }),
      },
    })
    .input(s.redeemGiftCardInput)
    .output(s.redeemGiftCardAnswer)
    .mutation(({ ctx, input }) => wallet.redeemGiftCard(ctx.deps, ctx.actor, input)),
  getUsersById: accountProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/getUsersById',
        tags,
        description:
          'The profile of `userId`: the caller’s own (leave it out or send your own id); admins may read anyone’s. Another account’s id is 403.',
        summary: 'Read an account profile',
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(s.getUserByIdInput)
    .output(s.getUserByIdAnswer)
    .mutation(({ ctx, input }) => profile(ctx.deps, input?.userId ?? ctx.actor.id)),
  updateProfile: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/updateProfile',
        tags,
        summary: 'Update the signed-in profile',
        errorResponses: errors(400, 401, 409),
      },
    })
    .input(s.updateProfileInput)
    .output(s.updateProfileAnswer)
    .mutation(({ ctx, input }) => wallet.updateProfile(ctx.deps, ctx.actor, input)),
  getNotificationPreferences: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/users/getNotificationPreferences',
        tags,
        summary: 'Read notification preferences',
        errorResponses: errors(400, 401),
      },
    })
    .input(s.walletInput)
    .output(s.preferencesAnswer)
    .query(({ ctx }) => wallet.getPreferences(ctx.deps, ctx.actor)),
  updateNotificationPreferences: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/updateNotificationPreferences',
        tags,
        summary: 'Change notification preferences',
        errorResponses: errors(400, 401, 409),
      },
    })
    .input(s.updatePreferencesInput)
    .output(s.preferencesAnswer)
    .mutation(({ ctx, input }) => wallet.updatePreferences(ctx.deps, ctx.actor, input)),
};
