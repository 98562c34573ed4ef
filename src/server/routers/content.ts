/** Blogs and content pages (issue 7). */
export const blogProcedures = {};
export const contentProcedures = {};
