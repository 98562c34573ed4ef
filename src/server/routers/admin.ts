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

const tags = ['Admin'];

/** The admin area, under admin/*. Every procedure is adminProcedure: non-admins get 403, anonymous 401. */
export const adminProcedures = {
  dashboard: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/dashboard', tags } })
    .input(s.noInput)
    .output(s.dashboardAnswer)
    .query(({ ctx }) => getDashboard(ctx.deps)),

  getUserBaseByAdmin: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/getUserBaseByAdmin', tags } })
    .input(s.noInput)
    .output(s.userBaseAnswer)
    .query(({ ctx }) => getUserBase(ctx.deps)),

  listUsers: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/users', tags } })
    .input(s.usersInput)
    .output(s.usersAnswer)
    .query(({ ctx, input }) => listUsers(ctx.deps, input)),

  blockUser: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/users/block', tags } })
    .input(s.blockUserInput)
    .output(s.userAnswer)
    .mutation(({ ctx, input }) => blockUser(ctx.deps, ctx.actor, input)),

  unblockUser: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/users/unblock', tags } })
    .input(s.userTargetInput)
    .output(s.userAnswer)
    .mutation(({ ctx, input }) => unblockUser(ctx.deps, ctx.actor, input)),

  promoteUser: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/users/promote', tags } })
    .input(s.userTargetInput)
    .output(s.userAnswer)
    .mutation(({ ctx, input }) => promoteUser(ctx.deps, ctx.actor, input)),

  listBookings: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/bookings', tags } })
    .input(s.adminBookingsInput)
    .output(s.adminBookingsAnswer)
    .query(({ ctx, input }) => listBookings(ctx.deps, input)),

  getBooking: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/bookings/{id}', tags } })
    .input(s.adminBookingByIdInput)
    .output(merchantBookingAnswer)
    .query(({ ctx, input }) => getBooking(ctx.deps, input)),

  listSalons: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/salons', tags } })
    .input(s.salonsInput)
    .output(s.salonsAnswer)
    .query(({ ctx, input }) => listSalons(ctx.deps, input)),

  salonCompletion: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/salons/{id}/completion', tags } })
    .input(s.salonCompletionInput)
    .output(s.salonCompletionAnswer)
    .query(({ ctx, input }) => getSalonCompletion(ctx.deps, input)),

  approveSalon: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/salons/approve', tags } })
    .input(s.salonTargetInput)
    .output(s.salonAnswer)
    .mutation(({ ctx, input }) => approveSalon(ctx.deps, ctx.actor, input)),

  rejectSalon: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/salons/reject', tags } })
    .input(s.salonReasonInput)
    .output(s.salonAnswer)
    .mutation(({ ctx, input }) => rejectSalon(ctx.deps, ctx.actor, input)),

  unpublishSalon: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/salons/unpublish', tags } })
    .input(s.salonReasonInput)
    .output(s.salonAnswer)
    .mutation(({ ctx, input }) => unpublishSalon(ctx.deps, ctx.actor, input)),

  sponsorSalon: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/salons/sponsor', tags } })
    .input(s.sponsorInput)
    .output(s.salonAnswer)
    .mutation(({ ctx, input }) => sponsorSalon(ctx.deps, ctx.actor, input)),

  listFeedback: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/feedback', tags } })
    .input(s.feedbackInput)
    .output(s.feedbackListAnswer)
    .query(({ ctx, input }) => listFeedback(ctx.deps, input)),

  replyFeedback: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/feedback/reply', tags } })
    .input(s.feedbackReplyInput)
    .output(s.feedbackAnswer)
    .mutation(({ ctx, input }) => replyFeedback(ctx.deps, ctx.actor, input)),

  closeFeedback: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/feedback/close', tags } })
    .input(s.feedbackTargetInput)
    .output(s.feedbackAnswer)
    .mutation(({ ctx, input }) => closeFeedback(ctx.deps, ctx.actor, input)),

  reports: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/reports', tags } })
    .input(s.reportsInput)
    .output(s.reportsAnswer)
    .query(({ ctx, input }) => getReport(ctx.deps, input)),

  reportsCsv: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/reports/csv', tags } })
    .input(s.reportsInput)
    .output(s.reportsCsvAnswer)
    .query(({ ctx, input }) => getReportCsv(ctx.deps, input)),

  security: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/security', tags } })
    .input(s.securityInput)
    .output(s.securityAnswer)
    .query(({ ctx, input }) => getSecurity(ctx.deps, input)),

  broadcast: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/notifications/broadcast', tags }, successStatus: 201 })
    .input(s.broadcastInput)
    .output(s.broadcastAnswer)
    .mutation(({ ctx, input }) => broadcast(ctx.deps, ctx.actor, input)),

  listBroadcasts: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/notifications', tags } })
    .input(s.broadcastsInput)
    .output(s.broadcastsAnswer)
    .query(({ ctx, input }) => listBroadcasts(ctx.deps, input)),

  commissions: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/payments/commissions', tags } })
    .input(s.commissionsInput)
    .output(s.commissionsAnswer)
    .query(({ ctx, input }) => getCommissions(ctx.deps, input)),

  outbox: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/email/outbox', tags } })
    .input(s.outboxInput)
    .output(s.outboxAnswer)
    .query(({ ctx, input }) => getOutbox(ctx.deps, input)),

  emailTemplates: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/email/templates', tags } })
    .input(s.noInput)
    .output(s.emailTemplatesAnswer)
    .query(({ ctx }) => getEmailTemplates(ctx.deps)),

  updateEmailTemplate: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/email/templates', tags } })
    .input(s.updateEmailTemplateInput)
    .output(s.emailTemplateAnswer)
    .mutation(({ ctx, input }) => saveEmailTemplate(ctx.deps, ctx.actor, input)),

  system: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/system', tags } })
    .input(s.noInput)
    .output(s.systemAnswer)
    .query(({ ctx }) => getSystem(ctx.deps)),
  retryJob: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/system/retryJob', tags } })
    .input(s.retryJobInput)
    .output(s.retryJobAnswer)
    .mutation(({ ctx, input }) => retryJob(ctx.deps, ctx.actor, input)),

  audit: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/audit', tags } })
    .input(s.auditInput)
    .output(s.auditAnswer)
    .query(({ ctx, input }) => getAudit(ctx.deps, input)),

  featuredLocations: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/settings/locations', tags } })
    .input(s.noInput)
    .output(s.featuredLocationsAnswer)
    .query(({ ctx }) => listFeatured(ctx.deps)),

  addFeaturedLocation: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/settings/locations', tags }, successStatus: 201 })
    .input(s.addFeaturedLocationInput)
    .output(s.featuredLocationAnswer)
    .mutation(({ ctx, input }) => addFeatured(ctx.deps, ctx.actor, input)),

  removeFeaturedLocation: adminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/admin/settings/locations', tags } })
    .input(s.removeFeaturedLocationInput)
    .output(s.messageAnswer)
    .mutation(({ ctx, input }) => removeFeatured(ctx.deps, ctx.actor, input)),
};
