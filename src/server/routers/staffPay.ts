import { z } from 'zod';
import { merchantAuthAnswer } from '../../shared/schemas/auth.js';
import { merchantScopeInput } from '../../shared/schemas/shop.js';
import {
  acceptStaffInviteInput,
  inviteAnswer,
  inviteMemberInput,
  memberAnswer,
  membersAnswer,
  memberTargetInput,
  myMembershipAnswer,
  payStatementAnswer,
  payStatementInput,
  setStaffPayInput,
  staffInviteAnswer,
  staffInviteInput,
  staffPayAnswer,
  staffPayListAnswer,
} from '../../shared/schemas/staffPay.js';
import * as members from '../services/staff/members.js';
import * as pay from '../services/staff/pay.js';
import { toMerchantAccountWire } from '../services/wire.js';
import { merchantProcedure, publicProcedure, secretCheckProcedure } from '../trpc/procedures.js';
import { errors, PASSWORDS_BUSY } from './common.docs.js';

const tags = ['Staff roles and pay'];
const OWNER_ONLY =
  "Not the salon owner: a receptionist or professional signed in (they call only their role's procedures), the wrong role, or another salon's `merchantId`";

/** Salon members who sign in (receptionist, professional) and staff pay (docs/identity.md, docs/clients-and-reports.md). */
export const staffPayMerchantProcedures = {
  myMembership: merchantProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/merchants/myMembership',
        tags,
        summary: 'Who is signed in to the merchant panel',
        description:
          'The owner, or a member of the salon (receptionist or professional, with a professional’s staff id): the panel shows the pages of that role.',
        errorResponses: errors(400, 401, 403),
      },
    })
    .input(z.object({}).optional())
    .output(myMembershipAnswer)
    .query(({ ctx }) => members.myMembership(ctx.deps, ctx.actor)),

  getStaffMembers: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/getStaffMembers',
        tags,
        summary: "List the salon's members who sign in",
        errorResponses: errors(400, 401, { 403: OWNER_ONLY }, 404),
      },
    })
    .input(merchantScopeInput)
    .output(membersAnswer)
    .query(({ ctx, input }) => members.listMembers(ctx.deps, ctx.actor, input.merchantId)),

  inviteStaffMember: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/inviteStaffMember',
        tags,
        summary: 'Invite a receptionist or professional to sign in',
        description:
          'Sends a one-time link (valid 7 days) by e-mail, and by WhatsApp when a mobile number is given, through the outbox; the member sets a password there and then signs in at the salon owners’ sign-in. A professional’s login is linked to their staff row.',
        errorResponses: errors(400, 401, { 403: OWNER_ONLY }, 404, {
          409: '`email`: the e-mail has a GlowBook account or is already a live member; or `staffId`: that staff member already has a login',
        }),
      },
      successStatus: 201,
    })
    .input(inviteMemberInput)
    .output(inviteAnswer)
    .mutation(({ ctx, input }) => members.inviteMember(ctx.deps, ctx.actor, input)),

  resendStaffInvite: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/resendStaffInvite',
        tags,
        summary: 'Send an invitation again with a new link',
        errorResponses: errors(400, 401, { 403: OWNER_ONLY }, 404, { 409: 'The member already accepted or was revoked' }),
      },
    })
    .input(memberTargetInput)
    .output(inviteAnswer)
    .mutation(({ ctx, input }) => members.resendInvite(ctx.deps, ctx.actor, input)),

  revokeStaffMember: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/revokeStaffMember',
        tags,
        summary: "Revoke a member's sign-in",
        description:
          'The member’s sessions end at once (their next request is 401) and the invitation link, if any, stops working. Revoking twice answers the member as it is.',
        errorResponses: errors(400, 401, { 403: OWNER_ONLY }, 404),
      },
    })
    .input(memberTargetInput)
    .output(memberAnswer)
    .mutation(({ ctx, input }) => members.revokeMember(ctx.deps, ctx.actor, input)),

  getStaffPay: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/getStaffPay',
        tags,
        summary: "Read every professional's commission rates and base",
        errorResponses: errors(400, 401, { 403: OWNER_ONLY }, 404),
      },
    })
    .input(merchantScopeInput)
    .output(staffPayListAnswer)
    .query(({ ctx, input }) => pay.listStaffPay(ctx.deps, ctx.actor, input.merchantId)),

  setStaffPay: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/setStaffPay',
        tags,
        summary: "Set a professional's commission rates and base",
        description:
          'Rates in percent (0–100, 2 decimals): on services (per category, else `serviceRate`) and on product sales; `baseMonthly` in rupees. Replaces the professional’s settings as a whole.',
        errorResponses: errors(400, 401, { 403: OWNER_ONLY }, 404),
      },
    })
    .input(setStaffPayInput)
    .output(staffPayAnswer)
    .mutation(({ ctx, input }) => pay.setStaffPay(ctx.deps, ctx.actor, input)),

  getPayStatement: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/getPayStatement',
        tags,
        summary: "A professional's pay statement for a period",
        description:
          'Services done and products sold by the professional on completed checkouts dated in the period (Indian dates, both included), each at what was charged without GST with its commission, their tips, the monthly base for the period (pro rata by days) and the total. The owner reads anyone’s; a professional only their own.',
        errorResponses: errors(
          400,
          401,
          {
            403: "Another professional's `staffId` (a professional reads only their own), a receptionist, or another salon's `merchantId`",
          },
          404,
        ),
      },
    })
    .input(payStatementInput)
    .output(payStatementAnswer)
    .query(({ ctx, input }) => pay.payStatement(ctx.deps, ctx.actor, input)),
};

/** The invitation link's page: anyone holding the link. */
export const staffInvitePublicProcedures = {
  getStaffInvite: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/staffInvite',
        tags,
        protect: false,
        summary: 'Read an invitation to sign in to a salon',
        errorResponses: errors(400, { 404: 'The link was used, has expired or was withdrawn (`data.field`: token)' }),
      },
    })
    .input(staffInviteInput)
    .output(staffInviteAnswer)
    .query(({ ctx, input }) => members.getInvite(ctx.deps, input.token)),

  acceptStaffInvite: secretCheckProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/acceptStaffInvite',
        tags,
        protect: false,
        summary: 'Set a password from an invitation and sign in',
        errorResponses: errors(400, { 404: 'The link was used, has expired or was withdrawn (`data.field`: token)', 429: PASSWORDS_BUSY }),
      },
    })
    .input(acceptStaffInviteInput)
    .output(merchantAuthAnswer)
    .mutation(async ({ ctx, input }) => {
      const r = await members.acceptInvite(ctx.deps, input);
      return { token: r.token, merchant: toMerchantAccountWire(r.account, r.merchant) };
    }),
};
