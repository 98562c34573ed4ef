import * as s from '../../shared/schemas/admin.js';
import { merchantBookingAnswer } from '../../shared/schemas/bookings.js';
import { getBooking, listBookings } from '../services/admin/bookings.js';
import { closeFeedback, listFeedback, replyFeedback } from '../services/admin/feedback.js';
import { addFeatured, listFeatured, removeFeatured } from '../services/admin/locations.js';
import { broadcast, listBroadcasts } from '../services/admin/notifications.js';
import { getAudit, getCommissions, getOutbox, getSystem, retryJob } from '../services/admin/operations.js';
import { getDashboard, getReport, getReportCsv, getUserBase } from '../services/admin/reports.js';
import { approveSalon, getSalonCompletion, listSalons, rejectSalon, sponsorSalon, unpublishSalon } from '../services/admin/salons.js';
import { getSecurity } from '../services/admin/security.js';
import { getEmailTemplates, saveEmailTemplate } from '../services/admin/templates.js';
import { blockUser, listUsers, promoteUser, unblockUser } from '../services/admin/users.js';
import { adminProcedure } from '../trpc/procedures.js';
import { errors, NO_SUCH_ACCOUNT } from './common.docs.js';

const tags = ['Admin'];

/** The admin area, under admin/*. Every procedure is adminProcedure: non-admins get 403, anonymous 401. */
export const adminProcedures = {
  dashboard: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/dashboard',
        tags,
        summary: 'Read the platform dashboard',
        errorResponses: errors(400, 401, 403),
      },
    })
    .input(s.noInput)
    .output(s.dashboardAnswer)
    .query(({ ctx }) => getDashboard(ctx.deps)),

  getUserBaseByAdmin: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/getUserBaseByAdmin',
        tags,
        summary: 'Count accounts by role',
        errorResponses: errors(400, 401, 403),
      },
    })
    .input(s.noInput)
    .output(s.userBaseAnswer)
    .query(({ ctx }) => getUserBase(ctx.deps)),

  listUsers: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/users', tags, summary: 'List accounts', errorResponses: errors(400, 401, 403) } })
    .input(s.usersInput)
    .output(s.usersAnswer)
    .query(({ ctx, input }) => listUsers(ctx.deps, input)),

  blockUser: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/users/block',
        tags,
        summary: 'Block an account',
        errorResponses: errors(400, 401, 403, 409, { 404: NO_SUCH_ACCOUNT }),
      },
    })
    .input(s.blockUserInput)
    .output(s.userAnswer)
    .mutation(({ ctx, input }) => blockUser(ctx.deps, ctx.actor, input)),

  unblockUser: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/users/unblock',
        tags,
        summary: 'Unblock an account',
        errorResponses: errors(400, 401, 403, 409, { 404: NO_SUCH_ACCOUNT }),
      },
    })
    .input(s.userTargetInput)
    .output(s.userAnswer)
    .mutation(({ ctx, input }) => unblockUser(ctx.deps, ctx.actor, input)),

  promoteUser: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/users/promote',
        tags,
        summary: 'Make an account an administrator',
        errorResponses: errors(400, 401, 403, { 404: NO_SUCH_ACCOUNT, 409: 'The account is already an administrator' }),
      },
    })
    .input(s.userTargetInput)
    .output(s.userAnswer)
    .mutation(({ ctx, input }) => promoteUser(ctx.deps, ctx.actor, input)),

  listBookings: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/bookings',
        tags,
        summary: 'List bookings across salons',
        errorResponses: errors(400, 401, 403),
      },
    })
    .input(s.adminBookingsInput)
    .output(s.adminBookingsAnswer)
    .query(({ ctx, input }) => listBookings(ctx.deps, input)),

  getBooking: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/bookings/{id}',
        tags,
        summary: 'Read any booking',
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(s.adminBookingByIdInput)
    .output(merchantBookingAnswer)
    .query(({ ctx, input }) => getBooking(ctx.deps, input)),

  listSalons: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/salons',
        tags,
        summary: 'List salons and publish requests',
        errorResponses: errors(400, 401, 403),
      },
    })
    .input(s.salonsInput)
    .output(s.salonsAnswer)
    .query(({ ctx, input }) => listSalons(ctx.deps, input)),

  salonCompletion: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/salons/{id}/completion',
        tags,
        summary: "Read what a salon's profile still lacks",
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(s.salonCompletionInput)
    .output(s.salonCompletionAnswer)
    .query(({ ctx, input }) => getSalonCompletion(ctx.deps, input)),

  approveSalon: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/salons/approve',
        tags,
        summary: 'Approve a publish request',
        errorResponses: errors(400, 401, 403, 404, {
          409: 'Only a pending publish request can be approved, and only of a salon whose team fits its plan',
        }),
      },
    })
    .input(s.salonTargetInput)
    .output(s.salonAnswer)
    .mutation(({ ctx, input }) => approveSalon(ctx.deps, ctx.actor, input)),

  rejectSalon: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/salons/reject',
        tags,
        summary: 'Reject a publish request',
        errorResponses: errors(400, 401, 403, 404, { 409: 'Only a pending publish request can be rejected' }),
      },
    })
    .input(s.salonReasonInput)
    .output(s.salonAnswer)
    .mutation(({ ctx, input }) => rejectSalon(ctx.deps, ctx.actor, input)),

  unpublishSalon: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/salons/unpublish',
        tags,
        summary: 'Unpublish a salon',
        errorResponses: errors(400, 401, 403, 404, { 409: 'The salon is not published' }),
      },
    })
    .input(s.salonReasonInput)
    .output(s.salonAnswer)
    .mutation(({ ctx, input }) => unpublishSalon(ctx.deps, ctx.actor, input)),

  sponsorSalon: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/salons/sponsor',
        tags,
        summary: 'Mark a salon sponsored or not',
        errorResponses: errors(400, 401, 403, 404, { 409: '`merchantId`: a sponsored listing needs the Enterprise plan' }),
      },
    })
    .input(s.sponsorInput)
    .output(s.salonAnswer)
    .mutation(({ ctx, input }) => sponsorSalon(ctx.deps, ctx.actor, input)),

  listFeedback: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/feedback',
        tags,
        summary: 'List contact messages and tickets',
        errorResponses: errors(400, 401, 403),
      },
    })
    .input(s.feedbackInput)
    .output(s.feedbackListAnswer)
    .query(({ ctx, input }) => listFeedback(ctx.deps, input)),

  replyFeedback: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/feedback/reply',
        tags,
        summary: 'Reply to a message or ticket',
        errorResponses: errors(400, 401, 403, 404, { 409: 'The message is closed; it takes no more replies' }),
      },
    })
    .input(s.feedbackReplyInput)
    .output(s.feedbackAnswer)
    .mutation(({ ctx, input }) => replyFeedback(ctx.deps, ctx.actor, input)),

  closeFeedback: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/feedback/close',
        tags,
        summary: 'Close a message or ticket',
        errorResponses: errors(400, 401, 403, 404, 409),
      },
    })
    .input(s.feedbackTargetInput)
    .output(s.feedbackAnswer)
    .mutation(({ ctx, input }) => closeFeedback(ctx.deps, ctx.actor, input)),

  reports: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/reports',
        tags,
        summary: 'Read booking and revenue reports',
        errorResponses: errors(400, 401, 403),
      },
    })
    .input(s.reportsInput)
    .output(s.reportsAnswer)
    .query(({ ctx, input }) => getReport(ctx.deps, input)),

  reportsCsv: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/reports/csv',
        tags,
        summary: 'Download reports as CSV',
        errorResponses: errors(400, 401, 403),
      },
    })
    .input(s.reportsInput)
    .output(s.reportsCsvAnswer)
    .query(({ ctx, input }) => getReportCsv(ctx.deps, input)),

  security: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/security',
        tags,
        summary: 'Read recent sign-in failures and blocks',
        errorResponses: errors(400, 401, 403),
      },
    })
    .input(s.securityInput)
    .output(s.securityAnswer)
    .query(({ ctx, input }) => getSecurity(ctx.deps, input)),

  broadcast: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/notifications/broadcast',
        tags,
        summary: 'Send an announcement to users',
        errorResponses: errors(400, 401, 403, 409),
      },
      successStatus: 201,
    })
    .input(s.broadcastInput)
    .output(s.broadcastAnswer)
    .mutation(({ ctx, input }) => broadcast(ctx.deps, ctx.actor, input)),

  listBroadcasts: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/notifications',
        tags,
        summary: 'List announcements sent',
        errorResponses: errors(400, 401, 403),
      },
    })
    .input(s.broadcastsInput)
    .output(s.broadcastsAnswer)
    .query(({ ctx, input }) => listBroadcasts(ctx.deps, input)),

  commissions: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/payments/commissions',
        tags,
        summary: 'List commission entries',
        errorResponses: errors(400, 401, 403),
      },
    })
    .input(s.commissionsInput)
    .output(s.commissionsAnswer)
    .query(({ ctx, input }) => getCommissions(ctx.deps, input)),

  outbox: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/email/outbox',
        tags,
        summary: 'List outgoing messages',
        errorResponses: errors(400, 401, 403),
      },
    })
    .input(s.outboxInput)
    .output(s.outboxAnswer)
    .query(({ ctx, input }) => getOutbox(ctx.deps, input)),

  emailTemplates: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/email/templates',
        tags,
        summary: 'List e-mail templates',
        errorResponses: errors(400, 401, 403),
      },
    })
    .input(s.noInput)
    .output(s.emailTemplatesAnswer)
    .query(({ ctx }) => getEmailTemplates(ctx.deps)),

  updateEmailTemplate: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/email/templates',
        tags,
        summary: 'Change an e-mail template',
        errorResponses: errors(400, 401, 403, 409, { 404: 'No e-mail template has this key' }),
      },
    })
    .input(s.updateEmailTemplateInput)
    .output(s.emailTemplateAnswer)
    .mutation(({ ctx, input }) => saveEmailTemplate(ctx.deps, ctx.actor, input)),

  system: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/system',
        tags,
        summary: 'Read job queue and system health',
        errorResponses: errors(400, 401, 403),
      },
    })
    .input(s.noInput)
    .output(s.systemAnswer)
    .query(({ ctx }) => getSystem(ctx.deps)),
  retryJob: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/system/retryJob',
        tags,
        summary: 'Retry a failed job',
        errorResponses: errors(400, 401, 403, 404, 409),
      },
    })
    .input(s.retryJobInput)
    .output(s.retryJobAnswer)
    .mutation(({ ctx, input }) => retryJob(ctx.deps, ctx.actor, input)),

  audit: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/audit', tags, summary: 'Read the audit log', errorResponses: errors(400, 401, 403) } })
    .input(s.auditInput)
    .output(s.auditAnswer)
    .query(({ ctx, input }) => getAudit(ctx.deps, input)),

  featuredLocations: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/settings/locations',
        tags,
        summary: 'List featured locations',
        errorResponses: errors(400, 401, 403),
      },
    })
    .input(s.noInput)
    .output(s.featuredLocationsAnswer)
    .query(({ ctx }) => listFeatured(ctx.deps)),

  addFeaturedLocation: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/settings/locations',
        tags,
        summary: 'Add a featured location',
        errorResponses: errors(400, 401, 403, { 409: 'This place is already in the featured list' }),
      },
      successStatus: 201,
    })
    .input(s.addFeaturedLocationInput)
    .output(s.featuredLocationAnswer)
    .mutation(({ ctx, input }) => addFeatured(ctx.deps, ctx.actor, input)),

  removeFeaturedLocation: adminProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/admin/settings/locations',
        tags,
        summary: 'Remove a featured location',
        errorResponses: errors(400, 401, 403, 404, 409),
      },
    })
    .input(s.removeFeaturedLocationInput)
    .output(s.messageAnswer)
    .mutation(({ ctx, input }) => removeFeatured(ctx.deps, ctx.actor, input)),
};
