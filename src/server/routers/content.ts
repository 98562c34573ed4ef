import * as s from '../../shared/schemas/content.js';
import * as blogs from '../services/content/blogs.js';
import { devMailDrop } from '../services/content/runtime.js';
import * as support from '../services/content/support.js';
import { adminProcedure, authedProcedure, publicProcedure } from '../trpc/procedures.js';
import { errors } from './common.docs.js';
import { createContactUsErrors } from './content.docs.js';

const tags = ['Blogs'];
const supportTags = ['Support'];

/** blogs/* (customer spec section 7): public reading, administrators write. */
export const blogProcedures = {
  getAllBlogs: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/blogs/getAllBlogs',
        tags,
        summary: 'List blog posts',
        errorResponses: errors(400, { 403: '`status`: only administrators list drafts (`all`)' }),
      },
      docs: { optionalAuth: 'Administrators may list drafts too (`status=all`).' },
    })
    .input(s.blogsQueryInput)
    .output(s.blogsAnswer)
    .query(({ ctx, input }) => blogs.listBlogs(ctx.deps, ctx.actor, input)),
  getBlogById: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/blogs/getBlogById/{id}',
        tags,
        summary: 'Read a blog post by id or slug',
        errorResponses: errors(400, 404),
      },
      docs: { optionalAuth: 'Administrators also see drafts.' },
    })
    .input(s.blogIdInput)
    .output(s.blogAnswer)
    .query(({ ctx, input }) => blogs.getBlog(ctx.deps, ctx.actor, input.id)),
  createBlog: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/blogs/createBlog',
        tags,
        summary: 'Create a blog post',
        errorResponses: errors(400, 401, 403, 409),
      },
      successStatus: 201,
    })
    .input(s.createBlogInput)
    .output(s.blogAnswer)
    .mutation(({ ctx, input }) => blogs.createBlog(ctx.deps, ctx.actor, input)),
  updateBlog: adminProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/blogs/updateBlog',
        tags,
        summary: 'Update a blog post',
        errorResponses: errors(400, 401, 403, 404, 409),
      },
    })
    .input(s.updateBlogInput)
    .output(s.blogAnswer)
    .mutation(({ ctx, input }) => blogs.updateBlog(ctx.deps, ctx.actor, input)),
  deleteBlog: adminProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/blogs/deleteBlog',
        tags,
        summary: 'Delete a blog post',
        errorResponses: errors(400, 401, 403, 404, 409),
      },
    })
    .input(s.deleteBlogInput)
    .output(s.deleteBlogAnswer)
    .mutation(({ ctx, input }) => blogs.deleteBlog(ctx.deps, ctx.actor, input.id)),
};

/** content/* : what the client needs to know about how this server runs. */
export const contentProcedures = {
  devMailDrop: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/content/devMailDrop',
        tags: ['Content'],
        summary: 'Say whether e-mails stay in the local mail drop',
        errorResponses: errors(400),
      },
    })
    .input(s.devMailDropInput)
    .output(s.devMailDropAnswer)
    .query(({ ctx }) => devMailDrop(ctx.deps)),
};

/** support/* : contact messages and tickets. */
export const supportContentProcedures = {
  createContactUs: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/support/createContactUs',
        tags: supportTags,
        summary: 'Send a contact message or open a support ticket',
        errorResponses: errors(400, 409, createContactUsErrors),
      },
      successStatus: 201,
      docs: {
        optionalAuth: 'Signed in, the message is linked to the account, and a support ticket (`category`, `priority`) can be opened.',
      },
    })
    .input(s.createContactUsInput)
    .output(s.createContactUsAnswer)
    .mutation(({ ctx, input }) => support.createContactUs(ctx.deps, ctx.actor, input, ctx.ip)),
  getSupportMessages: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/support/getSupportMessages',
        tags: supportTags,
        summary: "List the caller's support messages",
        errorResponses: errors(400, 401),
      },
    })
    .input(s.supportMessagesInput)
    .output(s.supportMessagesAnswer)
    .query(({ ctx, input }) => support.getSupportMessages(ctx.deps, ctx.actor, input)),
};
