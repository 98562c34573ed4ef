import * as s from '../../shared/schemas/crm.js';
import * as marketing from '../services/crm/marketing.js';
import * as crm from '../services/crm/service.js';
import { merchantProcedure } from '../trpc/procedures.js';
import { errors, PLAN_TOOL } from './common.docs.js';
import { sendCustomerMessageErrors } from './crm.docs.js';

const tags = ['Customers'];

/** Customer management (merchant panel): customers from real bookings, messages and templates. */
export const crmMerchantProcedures = {
  getCustomers: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/getCustomers',
        tags,
        summary: "List the salon's customers",
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(s.customersInput)
    .output(s.customersAnswer)
    .query(({ ctx, input }) => crm.getCustomers(ctx.deps, ctx.actor, input)),
  sendCustomerMessage: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/sendCustomerMessage',
        tags,
        summary: 'Send a message to a customer',
        errorResponses: errors(401, 404, 409, sendCustomerMessageErrors),
      },
      successStatus: 201,
    })
    .input(s.sendMessageInput)
    .output(s.sendMessageAnswer)
    .mutation(({ ctx, input }) => crm.sendMessage(ctx.deps, ctx.actor, input)),
  getMessageContext: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/getMessageContext',
        tags,
        summary: "What the message dialog needs: consent, bookings to reference, today's limit, quiet hours",
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(s.messageContextInput)
    .output(s.messageContextAnswer)
    .query(({ ctx, input }) => crm.getMessageContext(ctx.deps, ctx.actor, input)),
  getSentMessages: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/getSentMessages',
        tags,
        summary: 'List messages sent to customers',
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(s.sentMessagesInput)
    .output(s.sentMessagesAnswer)
    .query(({ ctx, input }) => crm.getSentMessages(ctx.deps, ctx.actor, input)),
  getMessageTemplates: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/getMessageTemplates',
        tags,
        summary: 'List message templates',
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(s.templatesInput)
    .output(s.templatesAnswer)
    .query(({ ctx, input }) => crm.getTemplates(ctx.deps, ctx.actor, input.merchantId)),
  createMessageTemplate: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/createMessageTemplate',
        tags,
        summary: 'Create a message template',
        errorResponses: errors(400, 401, 403, 404, 409),
      },
      successStatus: 201,
    })
    .input(s.createTemplateInput)
    .output(s.templateAnswer)
    .mutation(({ ctx, input }) => crm.createTemplate(ctx.deps, ctx.actor, input)),
  updateMessageTemplate: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/updateMessageTemplate',
        tags,
        summary: 'Update a message template',
        errorResponses: errors(400, 401, 403, 404, 409),
      },
    })
    .input(s.updateTemplateInput)
    .output(s.templateAnswer)
    .mutation(({ ctx, input }) => crm.updateTemplate(ctx.deps, ctx.actor, input)),
  deleteMessageTemplate: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/deleteMessageTemplate',
        tags,
        summary: 'Delete a message template',
        errorResponses: errors(400, 401, 403, 404, 409),
      },
    })
    .input(s.templateIdInput)
    .output(s.deleteTemplateAnswer)
    .mutation(({ ctx, input }) => crm.deleteTemplate(ctx.deps, ctx.actor, input)),
};

const marketingTags = ['Marketing'];

/** Marketing tools: campaigns to segments, SMS, social connections and analytics from real sends. */
export const marketingProcedures = {
  getMarketing: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/marketing/getMarketing',
        tags: marketingTags,
        summary: "Read the salon's campaigns and social connections",
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(s.marketingInput)
    .output(s.marketingAnswer)
    .query(({ ctx, input }) => marketing.getMarketing(ctx.deps, ctx.actor, input.merchantId)),
  createCampaign: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/marketing/createCampaign',
        tags: marketingTags,
        summary: 'Send a marketing campaign',
        errorResponses: errors(400, 401, 404, 409, { 403: PLAN_TOOL }),
      },
      successStatus: 201,
    })
    .input(s.createCampaignInput)
    .output(s.campaignAnswer)
    .mutation(({ ctx, input }) => marketing.createCampaign(ctx.deps, ctx.actor, input)),
  resendCampaign: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/marketing/resendCampaign',
        tags: marketingTags,
        summary: 'Send a campaign again',
        errorResponses: errors(400, 401, 404, { 403: PLAN_TOOL, 409: 'The campaign is still being sent' }),
      },
      successStatus: 201,
    })
    .input(s.campaignIdInput)
    .output(s.campaignAnswer)
    .mutation(({ ctx, input }) => marketing.resendCampaign(ctx.deps, ctx.actor, input)),
  setSocialLink: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/marketing/setSocialLink',
        tags: marketingTags,
        summary: "Set or clear the salon's social network link",
        errorResponses: errors(400, 401, 403, 404, 409),
      },
    })
    .input(s.socialLinkInput)
    .output(s.socialAnswer)
    .mutation(({ ctx, input }) => marketing.setSocialLink(ctx.deps, ctx.actor, input)),
};
