import * as s from '../../shared/schemas/crm.js';
import * as marketing from '../services/crm/marketing.js';
import * as crm from '../services/crm/service.js';
import { merchantProcedure } from '../trpc/procedures.js';

const tags = ['Customers'];

/** Customer management (merchant panel): customers from real bookings, messages and templates. */
export const crmMerchantProcedures = {
  getCustomers: merchantProcedure
    .meta({ openapi: { method: 'POST', path: '/merchants/getCustomers', tags } })
    .input(s.customersInput)
    .output(s.customersAnswer)
    .query(({ ctx, input }) => crm.getCustomers(ctx.deps, ctx.actor, input)),
  sendCustomerMessage: merchantProcedure
    .meta({ openapi: { method: 'POST', path: '/merchants/sendCustomerMessage', tags }, successStatus: 201 })
    .input(s.sendMessageInput)
    .output(s.sendMessageAnswer)
    .mutation(({ ctx, input }) => crm.sendMessage(ctx.deps, ctx.actor, input)),
  getMessageContext: merchantProcedure
    .meta({ openapi: { method: 'POST', path: '/merchants/getMessageContext', tags } })
    .input(s.messageContextInput)
    .output(s.messageContextAnswer)
    .query(({ ctx, input }) => crm.getMessageContext(ctx.deps, ctx.actor, input)),
  getSentMessages: merchantProcedure
    .meta({ openapi: { method: 'POST', path: '/merchants/getSentMessages', tags } })
    .input(s.sentMessagesInput)
    .output(s.sentMessagesAnswer)
    .query(({ ctx, input }) => crm.getSentMessages(ctx.deps, ctx.actor, input.merchantId)),
  getMessageTemplates: merchantProcedure
    .meta({ openapi: { method: 'POST', path: '/merchants/getMessageTemplates', tags } })
    .input(s.templatesInput)
    .output(s.templatesAnswer)
    .query(({ ctx, input }) => crm.getTemplates(ctx.deps, ctx.actor, input.merchantId)),
  createMessageTemplate: merchantProcedure
    .meta({ openapi: { method: 'POST', path: '/merchants/createMessageTemplate', tags }, successStatus: 201 })
    .input(s.createTemplateInput)
    .output(s.templateAnswer)
    .mutation(({ ctx, input }) => crm.createTemplate(ctx.deps, ctx.actor, input)),
  updateMessageTemplate: merchantProcedure
    .meta({ openapi: { method: 'POST', path: '/merchants/updateMessageTemplate', tags } })
    .input(s.updateTemplateInput)
    .output(s.templateAnswer)
    .mutation(({ ctx, input }) => crm.updateTemplate(ctx.deps, ctx.actor, input)),
  deleteMessageTemplate: merchantProcedure
    .meta({ openapi: { method: 'POST', path: '/merchants/deleteMessageTemplate', tags } })
    .input(s.templateIdInput)
    .output(s.deleteTemplateAnswer)
    .mutation(({ ctx, input }) => crm.deleteTemplate(ctx.deps, ctx.actor, input)),
};

const marketingTags = ['Marketing'];

/** Marketing tools: campaigns to segments, SMS, social connections and analytics from real sends. */
export const marketingProcedures = {
  getMarketing: merchantProcedure
    .meta({ openapi: { method: 'POST', path: '/marketing/getMarketing', tags: marketingTags } })
    .input(s.marketingInput)
    .output(s.marketingAnswer)
    .query(({ ctx, input }) => marketing.getMarketing(ctx.deps, ctx.actor, input.merchantId)),
  createCampaign: merchantProcedure
    .meta({ openapi: { method: 'POST', path: '/marketing/createCampaign', tags: marketingTags }, successStatus: 201 })
    .input(s.createCampaignInput)
    .output(s.campaignAnswer)
    .mutation(({ ctx, input }) => marketing.createCampaign(ctx.deps, ctx.actor, input)),
  resendCampaign: merchantProcedure
    .meta({ openapi: { method: 'POST', path: '/marketing/resendCampaign', tags: marketingTags }, successStatus: 201 })
    .input(s.campaignIdInput)
    .output(s.campaignAnswer)
    .mutation(({ ctx, input }) => marketing.resendCampaign(ctx.deps, ctx.actor, input)),
  setSocialLink: merchantProcedure
    .meta({ openapi: { method: 'POST', path: '/marketing/setSocialLink', tags: marketingTags } })
    .input(s.socialLinkInput)
    .output(s.socialAnswer)
    .mutation(({ ctx, input }) => marketing.setSocialLink(ctx.deps, ctx.actor, input)),
};
