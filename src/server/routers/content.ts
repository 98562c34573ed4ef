import * as s from '../../shared/schemas/content.js';
import * as blogs from '../services/content/blogs.js';
import { devMailDrop } from '../services/content/runtime.js';
import * as support from '../services/content/support.js';
import { adminProcedure, authedProcedure, publicProcedure } from '../trpc/procedures.js';

const tags = ['Blogs'];
const supportTags = ['Support'];

/** blogs/* (customer spec section 7): public reading, administrators write. */
export const blogProcedures = {
  getAllBlogs: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/blogs/getAllBlogs', tags } })
    .input(s.blogsQueryInput)
    .output(s.blogsAnswer)
    .query(({ ctx, input }) => blogs.listBlogs(ctx.deps, ctx.actor, input)),
  getBlogById: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/blogs/getBlogById/{id}', tags } })
    .input(s.blogIdInput)
    .output(s.blogAnswer)
    .query(({ ctx, input }) => blogs.getBlog(ctx.deps, ctx.actor, input.id)),
  createBlog: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/blogs/createBlog', tags }, successStatus: 201 })
    .input(s.createBlogInput)
    .output(s.blogAnswer)
    .mutation(({ ctx, input }) => blogs.createBlog(ctx.deps, ctx.actor, input)),
  updateBlog: adminProcedure
    .meta({ openapi: { method: 'PUT', path: '/blogs/updateBlog', tags } })
    .input(s.updateBlogInput)
    .output(s.blogAnswer)
    .mutation(({ ctx, input }) => blogs.updateBlog(ctx.deps, ctx.actor, input)),
  deleteBlog: adminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/blogs/deleteBlog', tags } })
    .input(s.deleteBlogInput)
    .output(s.deleteBlogAnswer)
    .mutation(({ ctx, input }) => blogs.deleteBlog(ctx.deps, ctx.actor, input.id)),
};

/** content/* : what the client needs to know about how this server runs. */
export const contentProcedures = {
  devMailDrop: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/content/devMailDrop', tags: ['Content'] } })
    .input(s.devMailDropInput)
    .output(s.devMailDropAnswer)
    .query(({ ctx }) => devMailDrop(ctx.deps)),
};

/** support/* : contact messages and tickets. */
export const supportContentProcedures = {
  createContactUs: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/support/createContactUs', tags: supportTags }, successStatus: 201 })
    .input(s.createContactUsInput)
    .output(s.createContactUsAnswer)
    .mutation(({ ctx, input }) => support.createContactUs(ctx.deps, ctx.actor, input, ctx.ip)),
  getSupportMessages: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/support/getSupportMessages', tags: supportTags } })
    .input(s.supportMessagesInput)
    .output(s.supportMessagesAnswer)
    .query(({ ctx }) => support.getSupportMessages(ctx.deps, ctx.actor)),
};
