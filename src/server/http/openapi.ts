import { generateOpenApiDocument } from 'trpc-to-openapi';
import { z } from 'zod';
import { DATABASE_UNAVAILABLE, HOURS_CHANGED, RETRY_AFTER_SECONDS, SLOT_TAKEN } from '../errors.js';
import type { AppRouter } from '../routers/index.js';
import type { AppMeta } from '../trpc/init.js';
import {
  accountProcedure,
  adminProcedure,
  authedProcedure,
  customerProcedure,
  merchantProcedure,
  publicProcedure,
} from '../trpc/procedures.js';
import { SUMMARIES } from './openapiSummaries.js';

const errorBody = z.object({ message: z.string(), code: z.string() });
const jsonError = (description: string) => ({ description, content: { 'application/json': { schema: errorBody } } });

/** Plain express routes under /api (files and links, not JSON procedures), documented alongside them. */
const extraPaths = {
  '/invoices/{id}/pdf': {
    get: {
      operationId: 'invoices-pdf',
      summary: 'Download an invoice as PDF',
      description: "The invoice's salon owner or an admin; the same bearer token as the rest of the API.",
      tags: ['Subscription & Billing'],
      security: [{ Authorization: [] }],
      requestParams: { path: z.object({ id: z.string().uuid().meta({ description: 'The invoice `_id`' }) }) },
      responses: {
        200: { description: 'The invoice PDF', content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } } },
        401: jsonError('No or bad token'),
        404: jsonError('Unknown invoice, or one of another salon'),
      },
    },
  },
  '/credit-notes/{id}/pdf': {
    get: {
      operationId: 'credit-notes-pdf',
      summary: 'Download a credit note as PDF',
      description: "The credit note's salon owner or an admin; the same bearer token as the rest of the API.",
      tags: ['Subscription & Billing'],
      security: [{ Authorization: [] }],
      requestParams: { path: z.object({ id: z.string().uuid().meta({ description: 'The credit note `_id`' }) }) },
      responses: {
        200: { description: 'The credit note PDF', content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } } },
        401: jsonError('No or bad token'),
        404: jsonError('Unknown credit note, or one of another salon'),
      },
    },
  },
  '/marketing/unsubscribe': {
    get: {
      operationId: 'marketing-unsubscribe',
      summary: 'Unsubscribe from offers (the link in campaign e-mails)',
      description: 'Switches the customer’s marketing preference off. Browsers get a confirmation page; other clients JSON.',
      tags: ['Marketing'],
      requestParams: { query: z.object({ token: z.string().max(200).meta({ description: 'The signed token from the e-mail' }) }) },
      responses: {
        200: {
          description: 'Unsubscribed',
          content: {
            'application/json': { schema: z.object({ success: z.literal(true), message: z.string() }) },
            'text/html': { schema: z.string() },
          },
        },
        400: jsonError('The token is missing or not valid'),
      },
    },
    post: {
      operationId: 'marketing-unsubscribe-one-click',
      summary: 'Unsubscribe from offers in one click (RFC 8058, from the List-Unsubscribe header)',
      description:
        'What a mail client sends for the one-click unsubscribe of the `List-Unsubscribe` header: the token in the query; the body (`List-Unsubscribe=One-Click`) is not read.',
      tags: ['Marketing'],
      requestParams: { query: z.object({ token: z.string().max(200).meta({ description: 'The signed token from the e-mail' }) }) },
      responses: {
        200: {
          description: 'Unsubscribed',
          content: { 'application/json': { schema: z.object({ success: z.literal(true), message: z.string() }) } },
        },
        400: jsonError('The token is missing or not valid'),
      },
    },
  },
};

/** The plain express routes of extraPaths, by method and path (the /api gate answers 405 for the others). */
export const EXTRA_ROUTES = Object.entries(extraPaths).flatMap(([path, methods]) =>
  Object.keys(methods).map((method) => ({ path, method: method.toUpperCase() })),
);

/** The error codes the API answers (the `code` of an error body), with the HTTP status of each. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** What each error means where a procedure has nothing more particular to say. */
const GENERIC_ERRORS: Record<ErrorCode, string> = {
  BAD_REQUEST:
    'The input is not valid: the message starts with the name of the offending field, which `data.field` gives too (null when no single field is at fault). Malformed or too deeply nested JSON is a 400 as well.',
  UNAUTHORIZED: 'No bearer token, or one that is invalid, expired or revoked (blocking an account or changing its password signs it out)',
  FORBIDDEN:
    "The account may not do this: the wrong role (customer, salon owner, administrator), or another account's or salon's data (a `userId` or `merchantId` in the input must be the caller's own; administrators may act for anyone)",
  NOT_FOUND: "A record the request names does not exist, or is not the caller's to see",
  METHOD_NOT_SUPPORTED: 'The path exists but does not answer this method; the `Allow` header lists the ones it does',
  CONFLICT:
    'The request clashes with the current state of the data, or with a concurrent request that changed the same records first ("The request clashed with another one; please try again": repeat it)',
  PRECONDITION_FAILED: 'This server is not configured for the request',
  PAYLOAD_TOO_LARGE: 'The request body is larger than 1 MB (15 MB for image uploads)',
  UNSUPPORTED_MEDIA_TYPE: 'The body was not sent as `Content-Type: application/json`',
  UNPROCESSABLE_CONTENT: 'The request cannot be applied as sent',
  TOO_MANY_REQUESTS: 'Too many attempts or codes in a short time: the message says how long to wait',
  INTERNAL_SERVER_ERROR: 'An unexpected error (it is logged); the message is always "Something went wrong"',
  SERVICE_UNAVAILABLE: `The database is briefly unreachable (a restart or a fail-over): "${DATABASE_UNAVAILABLE}" Repeat the request after \`Retry-After\` seconds.`,
};

/** Per procedure: an error's particular meaning, a further error, or (false) a default it cannot answer. */
type ErrorNotes = Partial<Record<ErrorCode, string | false>>;

const EMAIL_TAKEN = 'This e-mail is already registered';
const JUST_CHANGED = 'The booking was changed by another request meanwhile ("This booking has just been changed; please reload it")';
const passwordSignIn: ErrorNotes = {
  UNAUTHORIZED: 'The e-mail or the password is wrong (the same answer for an unknown e-mail)',
  FORBIDDEN: 'The account is blocked, or it belongs to the other sign-in (customers and administrators, or salon owners)',
  TOO_MANY_REQUESTS: 'Too many failed sign-ins for this e-mail or from this IP address; the message says when to try again',
};
const codeRequest: ErrorNotes = {
  TOO_MANY_REQUESTS: 'A code was sent to this address less than 30 seconds ago, or 3 codes in the last 10 minutes',
};
const codeCheck: ErrorNotes = {
  BAD_REQUEST: '`otp`: the code is wrong, has expired or was used already (or another field is not valid)',
  TOO_MANY_REQUESTS: 'Too many wrong codes for this address or from this IP address; the message says when to try again',
};
/** services/auth/passwords.ts: a process hashes 2 passwords at once with 32 waiting; beyond that, 429 at once. */
const PASSWORDS_BUSY = 'Too many passwords are being checked on this server right now; try again in a few seconds';
const hashesPassword: ErrorNotes = { TOO_MANY_REQUESTS: PASSWORDS_BUSY };
const googleSignIn: ErrorNotes = {
  ...hashesPassword,
  PRECONDITION_FAILED: 'Google sign-in is not configured on this server (GET /users/auth/providers says so beforehand)',
  UNAUTHORIZED: 'The Google credential is not valid or has expired',
  FORBIDDEN: 'The account is blocked',
};

/**
 * What each procedure (by tRPC path) can answer beyond the defaults that `procedureErrors` derives
 * from the procedure itself. Conflicts come from the services' `conflict(...)` and from unique
 * constraints (services/errors.ts maps those to 409); throttling from the sign-in throttle.
 */
export const PROCEDURE_ERRORS: Record<string, ErrorNotes> = {
  // Sign-in and registration
  'users.registerUser': { ...hashesPassword, CONFLICT: EMAIL_TAKEN },
  'merchants.registerMerchants': { ...hashesPassword, CONFLICT: EMAIL_TAKEN },
  'merchantAuth.register': { ...hashesPassword, CONFLICT: EMAIL_TAKEN },
  'users.changePassword': {
    TOO_MANY_REQUESTS: `Too many wrong current passwords for this account or from this IP address (the message says when to try again), or ${PASSWORDS_BUSY.charAt(0).toLowerCase()}${PASSWORDS_BUSY.slice(1)}`,
  },
  'users.resetPassword': hashesPassword,
  'users.loginEmail': passwordSignIn,
  'merchants.loginMerchant': passwordSignIn,
  'merchantAuth.login': passwordSignIn,
  'users.forgotPassword': { TOO_MANY_REQUESTS: '3 codes were sent to this address in the last 10 minutes' },
  'users.sendResetOtp': { TOO_MANY_REQUESTS: '3 codes were sent to this address in the last 10 minutes' },
  'users.sendOTPonEmailForLogin': codeRequest,
  'users.sendOTPonWhatsappForLogin': codeRequest,
  'merchants.sendOTP': codeRequest,
  'users.sendOTPToEmailDuringRegistration': { ...codeRequest, CONFLICT: `${EMAIL_TAKEN} (\`data.field\`: email)` },
  'users.sendOTPonWhatsappForRegister': {
    ...codeRequest,
    CONFLICT: 'The e-mail or the mobile number is already registered (`data.field` says which)',
  },
  'users.sendPhoneVerificationCode': codeRequest,
  'users.verifyPhone': codeCheck,
  'users.verifyOTPForEmailLogin': codeCheck,
  'users.verifyOTPForMobileLogin': codeCheck,
  'merchants.verifyOTP': codeCheck,
  'users.verifyOTPForEmailRegistration': {
    ...codeCheck,
    CONFLICT: `${EMAIL_TAKEN}: another account took the e-mail since the code was sent`,
  },
  'users.verifyOTPForMobileRegistration': {
    ...codeCheck,
    CONFLICT: `${EMAIL_TAKEN}: another account took the e-mail since the code was sent`,
  },
  'users.registerUserViaGoogle': googleSignIn,
  'users.firebaseLogin': googleSignIn,
  // Bookings
  'users.createBooking': {
    NOT_FOUND:
      'The salon does not exist or is not published (an unknown service or staff member is a 400 naming `serviceIds` or `staffId`)',
    CONFLICT: `"${SLOT_TAKEN}": another booking holds the time (also the loser of two requests racing for it), or "${HOURS_CHANGED}": the salon changed its opening hours while the booking was being placed. A repeat with the same \`Idempotency-Key\` never conflicts with its own booking.`,
    UNPROCESSABLE_CONTENT:
      'The `Idempotency-Key` was already used by this customer for a different booking request (other salon, services, professional, date, time, coupon or payment)',
  },
  'users.rescheduleBooking': {
    CONFLICT: `"${SLOT_TAKEN}" (for a booking made with a chosen professional: that professional is busy then; it never moves to another), ${JUST_CHANGED.charAt(0).toLowerCase()}${JUST_CHANGED.slice(1)}, or "${HOURS_CHANGED}" (the salon's hours changed meanwhile)`,
  },
  'users.cancelBooking': { CONFLICT: JUST_CHANGED },
  'users.disputeNoShow': { CONFLICT: 'This no-show has already been disputed' },
  'merchants.createSlot': {
    BAD_REQUEST:
      'The input is not valid (the message names the field), the e-mail belongs to a salon or admin account, or the time is past, off the grid or outside opening hours',
    CONFLICT: `"${SLOT_TAKEN}": another booking holds the time (also the loser of two requests racing for it), or "${HOURS_CHANGED}"`,
  },
  'merchants.updateBookingStatus': { CONFLICT: JUST_CHANGED },
  'merchants.updateBusinessHours': {
    CONFLICT:
      'Upcoming bookings fall outside the new opening hours and no `decision` was sent, or (with `bookingIds`) some of them are not among the bookings the decision was taken on: nothing is saved. `data.clashes` lists them all (booking, date, time, customer, services, reason); send again with `decision` `keep` or `cancel`.',
  },
  // Salon management
  'merchants.createPublishRequest': {
    CONFLICT: 'The shop is already published, or its team is bigger than its plan allows (`data.field`: staff)',
  },
  'merchants.addStaffByMerchant': {
    CONFLICT:
      '`email`: another staff member of the shop already uses this e-mail, or the plan’s staff limit is reached (`data.field`: staff; the message names the plan and its limit)',
  },
  'merchants.updateStaffByMerchant': {
    CONFLICT:
      '`email`: another staff member of the shop already uses this e-mail, or the plan’s staff limit is reached (`data.field`: staff; the message names the plan and its limit) (bringing someone back from Inactive)',
  },
  'merchants.getStaffAnalytics': {
    FORBIDDEN:
      "The salon's plan does not include this tool (the message names the plan and the plan that has it), or another salon's `merchantId`",
  },
  'merchants.sendCustomerMessage': {
    BAD_REQUEST:
      'The input is not valid (the message names the field), or `bookingId`: a message about a booking (`category: transactional`) must name one of this customer’s bookings at the salon that is upcoming or from the last 7 days',
    FORBIDDEN:
      "`category`: a promotional message to a customer who has not opted in to offers and news (the message names the opt-out; walk-ins never opted in); or the salon's plan does not include this tool (the message names the plan and the plan that has it), or another salon's `merchantId`",
    TOO_MANY_REQUESTS:
      'The salon has reached its daily limit of 100 one-to-one messages (each channel counts; the India day resets at midnight IST): the message names the limit and what is left',
  },
  'marketing.createCampaign': {
    FORBIDDEN:
      "The salon's plan does not include this tool (the message names the plan and the plan that has it), or another salon's `merchantId`",
  },
  'merchants.deleteStaffByMerchant': { CONFLICT: 'The staff member still has upcoming bookings' },
  'services.createService': { CONFLICT: '`service.name`: the shop already has a service of this name' },
  'services.updateService': { CONFLICT: '`service.name`: the shop already has a service of this name' },
  'Coupons.createCoupon': {
    CONFLICT: '`code`: a coupon with this code already exists',
    FORBIDDEN:
      "The salon's plan does not include this tool (the message names the plan and the plan that has it), or another salon's `merchantId`",
  },
  'Coupons.updateCoupon': {
    CONFLICT: '`code`: a coupon with this code already exists',
    FORBIDDEN:
      "The salon's plan does not include this tool (the message names the plan and the plan that has it) (switching a coupon off is always allowed), or another salon's `merchantId`",
  },
  'categories.deleteMerchantSelectedCategories': { CONFLICT: 'Services of the shop are still in the category; move or delete them first' },
  'categories.createCategory': { CONFLICT: 'A category of this name already exists for this shop category' },
  'categories.updateCategory': { CONFLICT: 'A category of this name already exists for this shop category' },
  'categories.deleteCategory': { CONFLICT: 'Services still use this category; salons must move them first' },
  'reviewRoutes.createReview': { CONFLICT: 'This booking has already been reviewed' },
  'reviewRoutes.deleteReview': { FORBIDDEN: 'A salon cannot delete the reviews of its own salon; it replies to them instead' },
  'marketing.resendCampaign': {
    CONFLICT: 'The campaign is still being sent',
    FORBIDDEN:
      "The salon's plan does not include this tool (the message names the plan and the plan that has it), or another salon's `merchantId`",
  },
  'merchants.changePlan': {
    NOT_FOUND: 'No payment order with this `razorpay_order_id` for the salon',
    CONFLICT: 'The payment attempt (`attemptId` or `Idempotency-Key`) was for another plan, or is still being processed',
  },
  'merchants.schedulePlanChange': { CONFLICT: 'The team is bigger than the lower plan allows (`data.field`: staff)' },
  'merchants.cancelScheduledPlanChange': { CONFLICT: 'There is no scheduled plan change to cancel' },
  'merchants.createPlanOrder': { CONFLICT: 'The payment attempt (`attemptId`) was for another plan, or has already finished' },
  'admin.recordCommissionPayment': {
    NOT_FOUND: 'No salon has this `merchantId`',
    CONFLICT: '`amount`: more than the month’s outstanding commission',
  },
  'users.redeemGiftCard': { NOT_FOUND: 'No gift card has this code', CONFLICT: 'The gift card has already been redeemed' },
  // Administration
  'admin.blockUser': { NOT_FOUND: 'No account has this `userId`' },
  'admin.unblockUser': { NOT_FOUND: 'No account has this `userId`' },
  'admin.promoteUser': { NOT_FOUND: 'No account has this `userId`', CONFLICT: 'The account is already an administrator' },
  'admin.approveSalon': { CONFLICT: 'Only a pending publish request can be approved, and only of a salon whose team fits its plan' },
  'admin.sponsorSalon': { CONFLICT: '`merchantId`: a sponsored listing needs the Enterprise plan' },
  'admin.rejectSalon': { CONFLICT: 'Only a pending publish request can be rejected' },
  'admin.unpublishSalon': { CONFLICT: 'The salon is not published' },
  'admin.replyFeedback': { CONFLICT: 'The message is closed; it takes no more replies' },
  'admin.addFeaturedLocation': { CONFLICT: 'This place is already in the featured list' },
  'admin.updateEmailTemplate': { NOT_FOUND: 'No e-mail template has this key' },
  // Ids that only filter a list: an unknown one gives an empty list, not a 404.
  'admin.listBookings': { NOT_FOUND: false },
  'admin.commissions': { NOT_FOUND: false },
  'admin.audit': { NOT_FOUND: false },
  'users.getAllBookings': { NOT_FOUND: false },
  // Public procedures that read the caller when a token is sent
  'support.createContactUs': {
    TOO_MANY_REQUESTS:
      'Several messages came from this sender (account or IP address) in the last hour, or for this e-mail address today: "Please wait a while; we answer every one."',
    UNAUTHORIZED: 'A support ticket (with a `category` or `priority`) needs a signed-in caller',
    FORBIDDEN: "`merchantId`: not the caller's own salon",
    NOT_FOUND: '`merchantId`: no salon has this id (an administrator may name any salon)',
  },
  'blogs.getAllBlogs': { FORBIDDEN: '`status`: only administrators list drafts (`all`)' },
  'geo.reverse': { NOT_FOUND: 'No place is known near these coordinates' },
};

/**
 * Public procedures whose answer depends on the caller when a bearer token is sent (optional
 * authentication): what the token changes.
 */
export const OPTIONAL_AUTH: Record<string, string> = {
  'users.getAvailableSlots': "The salon's owner and administrators also see the slots of an unpublished salon.",
  'merchants.getMerchantById': "The salon's owner and administrators also see an unpublished salon.",
  'services.getServiceById': "The salon's owner and administrators also see an inactive service or one of an unpublished salon.",
  'blogs.getAllBlogs': 'Administrators may list drafts too (`status=all`).',
  'blogs.getBlogById': 'Administrators also see drafts.',
  'support.createContactUs':
    'Signed in, the message is linked to the account, and a support ticket (`category`, `priority`) can be opened.',
  'users.answerDeskInvite':
    'Confirming needs the token of the customer account with the booking’s e-mail; declining with the link’s token needs none.',
  'merchantAuth.logout': 'With a token, that session ends; without one (or with one that no longer works) there is nothing to end.',
};

/** Procedures that honour an `Idempotency-Key` request header (read in trpc/context.ts), and how. */
export const IDEMPOTENT: Record<string, string> = {
  'users.createBooking':
    'Optional. A key of up to 200 characters (a UUID, say) chosen by the client for this booking. A repeat of the request by the same customer with the same key answers the booking the first one made (201, the same `_id`) instead of booking again, even when the two requests run at the same time: a retry after a lost answer or a double click never books twice. The same key with a different request (salon, services, professional, date, time, coupon or payment) is a 422. Keys are kept per customer; an empty or longer key is ignored (the request is then not idempotent).',
  'merchants.changePlan':
    'Optional. When the body has no `attemptId` (card payments through the built-in gateway), the key of the payment attempt: a repeat by the same salon with the same key answers the outcome of the first attempt and never charges twice; the same key for another plan is a 409. Up to 200 characters; an empty or longer key is ignored.',
};

/** Procedures whose success status depends on the outcome (they set ctx.responseStatus): the other status. */
export const ALSO_SUCCEEDS: Record<string, Record<number, string>> = {
  'newsletter.subscribe': { 200: 'The address was already subscribed: nothing new is created, the same thanks' },
};

type ProcedureDef = {
  _def: {
    meta?: AppMeta;
    type: 'query' | 'mutation' | 'subscription';
    inputs: unknown[];
    middlewares: unknown[];
  };
};

const middlewaresOf = (p: unknown) => (p as ProcedureDef)._def.middlewares;
const addedTo = (base: unknown, ...builders: unknown[]) => {
  const seen = new Set(middlewaresOf(base));
  return new Set(builders.flatMap(middlewaresOf).filter((m) => !seen.has(m)));
};
/**
 * The middlewares that guard a procedure, by identity: the sign-in check an authenticated procedure
 * adds over a public one (401), and the role and ownership checks the narrower builders add (403).
 */
const guards = () => ({
  signIn: addedTo(publicProcedure, authedProcedure),
  role: addedTo(authedProcedure, customerProcedure, merchantProcedure, adminProcedure, accountProcedure),
});

const isVoid = (schema: unknown) => (schema as { _zod?: { def?: { type?: string } } })?._zod?.def?.type === 'void';
const inputKeys = (inputs: unknown[]) =>
  inputs.flatMap((i) => {
    let def = (i as { _zod?: { def?: { type?: string; shape?: object; innerType?: unknown } } })?._zod?.def;
    while (def && (def.type === 'optional' || def.type === 'nullable' || def.type === 'default') && def.innerType) {
      def = (def.innerType as { _zod?: { def?: typeof def } })._zod?.def;
    }
    return def?.shape ? Object.keys(def.shape) : [];
  });
/** An input that names a record: an unknown one is a 404. `userId` is the caller's own (403 otherwise). */
const NAMES_A_RECORD = /^(id|_id|(?!user)[a-z][A-Za-z]*Ids?)$/;

export interface ProcedureDoc {
  procedure: string;
  method: string;
  path: string;
  protected: boolean;
  successStatus: number;
  errors: Partial<Record<ErrorCode, string>>;
}

/** What the document says of each procedure: its guard, success status and errors (with their meaning). */
export function procedureDocs(router: AppRouter): ProcedureDoc[] {
  const { signIn, role } = guards();
  const procedures = router._def.procedures as unknown as Record<string, ProcedureDef>;
  return Object.entries(procedures).flatMap(([name, proc]) => {
    const { meta, inputs, middlewares } = proc._def;
    const openapi = meta?.openapi;
    if (!openapi) return [];
    const isProtected = openapi.protect !== false && middlewares.some((m) => signIn.has(m));
    const checksRole = isProtected && middlewares.some((m) => role.has(m));
    const method = openapi.method.toUpperCase();
    const takesBody = method !== 'GET' && method !== 'DELETE';
    const hasInput = inputs.length > 0 && !inputs.every(isVoid);
    const namesRecord = /\{[^}]+\}/.test(openapi.path) || inputKeys(inputs).some((k) => NAMES_A_RECORD.test(k));
    // A write can meet a concurrent one: a deadlock, or a unique value taken meanwhile (services/errors → 409).
    // The legacy contract's reads sent as POST (getAllBookings, getSlots...) are mutations by name only.
    const writes = proc._def.type === 'mutation' && !/^get[A-Z]/.test(name.split('.').pop()!);
    const codes: ErrorCode[] = [
      ...(hasInput || takesBody ? (['BAD_REQUEST'] as const) : []),
      ...(isProtected ? (['UNAUTHORIZED'] as const) : []),
      ...(checksRole ? (['FORBIDDEN'] as const) : []),
      ...(namesRecord ? (['NOT_FOUND'] as const) : []),
      ...(writes ? (['CONFLICT'] as const) : []),
      ...(takesBody ? (['PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'] as const) : []),
      'INTERNAL_SERVER_ERROR',
      'SERVICE_UNAVAILABLE',
    ];
    const errors: Partial<Record<ErrorCode, string>> = Object.fromEntries(codes.map((c) => [c, GENERIC_ERRORS[c]]));
    for (const [code, note] of Object.entries(PROCEDURE_ERRORS[name] ?? {}) as [ErrorCode, string | false][]) {
      if (note === false) delete errors[code];
      else errors[code] = note;
    }
    return [{ procedure: name, method, path: openapi.path, protected: isProtected, successStatus: meta?.successStatus ?? 200, errors }];
  });
}

type Json = Record<string, unknown>;
type Operation = Json & { responses?: Record<string, Json>; parameters?: Json[]; security?: Json[]; description?: string };

const errorRef = { $ref: '#/components/schemas/Error' };
const errorSchema = {
  type: 'object',
  description:
    'Every error answer. Errors of the API procedures carry `data`; the few answered before a procedure is reached (malformed JSON, a body over the limit) have only `message` and `code`.',
  properties: {
    message: { type: 'string', description: 'A human message; for invalid input it starts with the field name (`bookingTime: ...`)' },
    code: { type: 'string', enum: Object.keys(ERROR_STATUS), description: 'The error code; the HTTP status follows from it' },
    data: {
      type: 'object',
      properties: {
        code: { type: 'string', description: 'The same error code' },
        httpStatus: { type: 'integer', description: 'The HTTP status of the answer' },
        path: { type: 'string', description: 'The procedure (tRPC path, e.g. `users.createBooking`)' },
        field: { type: ['string', 'null'], description: 'The input field at fault (400 and some 409), else null' },
        clashes: {
          type: 'array',
          description: "Only in merchants/updateBusinessHours' 409: the upcoming bookings the new opening hours leave uncovered",
          items: {
            type: 'object',
            properties: {
              bookingId: { type: 'string' },
              bookingDate: { type: 'string', description: "Salon-local 'YYYY-MM-DD'" },
              bookingTime: { type: 'string', description: "'h:mm AM/PM', as booked" },
              status: { type: 'string', enum: ['pending', 'upcoming', 'confirmed'] },
              customerName: { type: 'string' },
              services: { type: 'array', items: { type: 'string' } },
              reason: { type: 'string', enum: ['dayOff', 'outsideHours', 'salonClosed'] },
            },
            required: ['bookingId', 'bookingDate', 'bookingTime', 'status', 'customerName', 'services', 'reason'],
          },
        },
      },
      required: ['code', 'httpStatus', 'field'],
    },
  },
  required: ['message', 'code'],
};

function errorResponse(code: ErrorCode, description: string): Json {
  return {
    description,
    ...(code === 'SERVICE_UNAVAILABLE'
      ? {
          headers: {
            'Retry-After': {
              description: 'Seconds to wait before repeating the request',
              schema: { type: 'integer', example: Number(RETRY_AFTER_SECONDS) },
            },
          },
        }
      : {}),
    content: { 'application/json': { schema: errorRef } },
  };
}

const EXAMPLE_SALON = '6b1f3c2a-8d4e-4f5a-9b6c-7d8e9f0a1b2c';
const EXAMPLE_SERVICE = '0c9d8e7f-6a5b-4c3d-8e1f-2a3b4c5d6e7f';
const EXAMPLE_STAFF = '9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b';
const EXAMPLE_BOOKING = '4d5e6f70-8192-4a3b-8c4d-5e6f70819203';
const signInExample = (email: string) => ({ summary: 'The demo account', value: { email, password: 'Demo@1234' } });

/** Request examples of the main calls (what a client developer copies first), by tRPC path. */
export const REQUEST_EXAMPLES: Record<string, Record<string, { summary: string; value: Record<string, unknown> }>> = {
  'users.loginEmail': { customer: signInExample('customer@demo.in'), admin: signInExample('admin@demo.in') },
  'merchants.loginMerchant': { owner: signInExample('merchant@demo.in') },
  'merchantAuth.login': { owner: signInExample('merchant@demo.in') },
  'users.getAvailableSlots': {
    anyone: { summary: 'Any professional', value: { merchantId: EXAMPLE_SALON, date: '2026-03-14', serviceIds: [EXAMPLE_SERVICE] } },
    chosen: {
      summary: 'One professional',
      value: { merchantId: EXAMPLE_SALON, date: '2026-03-14', serviceIds: [EXAMPLE_SERVICE], staffId: EXAMPLE_STAFF },
    },
  },
  'merchants.getSlots': { desk: { summary: "The salon's own day", value: { date: '2026-03-14', serviceIds: [EXAMPLE_SERVICE] } } },
  'users.createBooking': {
    anyone: {
      summary: 'Any free professional, paid at the salon',
      value: { merchantId: EXAMPLE_SALON, serviceIds: [EXAMPLE_SERVICE], bookingDate: '2026-03-14', bookingTime: '11:30 AM' },
    },
    chosen: {
      summary: 'A chosen professional, with a coupon, from the wallet',
      value: {
        merchantId: EXAMPLE_SALON,
        serviceIds: [EXAMPLE_SERVICE],
        staffId: EXAMPLE_STAFF,
        bookingDate: '2026-03-14',
        bookingTime: '14:00',
        couponCode: 'GLOW20',
        paymentMethod: 'wallet',
      },
    },
  },
  'merchants.createSlot': {
    phone: {
      summary: 'A customer on the phone',
      value: {
        serviceIds: [EXAMPLE_SERVICE],
        bookingDate: '2026-03-14',
        bookingTime: '4:00 PM',
        name: 'Meera Iyer',
        mobile: '9876543210',
        email: 'meera.iyer@example.in',
      },
    },
  },
  'merchants.updateBookingStatus': {
    confirm: { summary: 'Check the customer in', value: { bookingId: EXAMPLE_BOOKING, status: 'confirmed' } },
    complete: { summary: 'Complete it, paid', value: { bookingId: EXAMPLE_BOOKING, status: 'completed', paymentReceived: true } },
    cancel: {
      summary: 'Cancel it, with the reason',
      value: { bookingId: EXAMPLE_BOOKING, status: 'cancelled', cancellationReason: 'The customer called to cancel' },
    },
  },
};

/** Query parameter examples of the main GET calls, by tRPC path. */
export const PARAMETER_EXAMPLES: Record<string, Record<string, unknown>> = {
  'merchants.search': {
    service: 'haircut',
    location: 'Pune',
    date: '2026-03-14',
    time: 'evening',
    prices: '500-1500',
    ratings: 4,
    sortBy: 'rating',
    page: 1,
    limit: 12,
  },
};

/**
 * Amounts of money on the wire, by property name: rupees as JSON numbers with at most 2 decimals
 * (`multipleOf: 0.01`). Inputs say so through their zod schemas (shop.ts moneySchema); answers are
 * rounded by the services, and this gives their schemas the same words.
 */
const MONEY_PROPERTIES = new Set([
  'amount',
  'amountPaid',
  'balance',
  'baseAmount',
  'cgst',
  'sgst',
  'igst',
  'gst',
  'commission',
  'commissionEarned',
  'discount',
  'discountValue',
  'earnings',
  'finalPrice',
  'grossAmount',
  'grossBookingValue',
  'lowestPrice',
  'maxDiscount',
  'merchantEarning',
  'minAmount',
  'price',
  'refundAmount',
  'subtotal',
  'totalPrice',
  'totalRevenue',
  'totalEarnings',
]);

/** Marks every number-typed money property below `schema` (objects, arrays, unions) as rupees with 2 decimals. */
function markMoney(schema: unknown): void {
  if (!schema || typeof schema !== 'object') return;
  const s = schema as Json & { properties?: Record<string, Json> };
  for (const [name, prop] of Object.entries(s.properties ?? {})) {
    const types = ([] as unknown[]).concat(prop.type ?? []);
    if (MONEY_PROPERTIES.has(name) && types.includes('number')) prop.multipleOf = 0.01;
    markMoney(prop);
  }
  for (const key of ['items', 'anyOf', 'oneOf', 'allOf', 'additionalProperties']) {
    const v = s[key];
    if (Array.isArray(v)) v.forEach(markMoney);
    else markMoney(v);
  }
}

/** Whether an operation's input (parameters or body, at any depth) carries a record id. */
const namesARecord = (op: Operation) => JSON.stringify([op.parameters ?? [], op.requestBody ?? {}]).includes('"format":"uuid"');

const isErrorStatus = (status: string) => Number(status) >= 400;

/** Replaces an operation's error responses with `errors`, the rest (success answers) kept first, in status order. */
function setErrors(op: Operation, errors: Partial<Record<ErrorCode, string>>) {
  const kept = Object.entries(op.responses ?? {}).filter(([status]) => !isErrorStatus(status));
  const added = (Object.entries(errors) as [ErrorCode, string][]).map(
    ([code, text]) => [String(ERROR_STATUS[code]), errorResponse(code, text)] as const,
  );
  op.responses = Object.fromEntries([...kept, ...added].sort(([a], [b]) => Number(a) - Number(b)));
}

/**
 * The generated document says what trpc-to-openapi can see: 200 for every success, a guess at the
 * errors, a bearer token wherever `protect` is not false. This pass makes it say what the server
 * answers: the meta's success status (201 for creations), the errors each procedure can really
 * answer with the real body, authentication as the procedure's middlewares enforce it, and the
 * Idempotency-Key header where it is honoured.
 */
function reconcile(doc: { paths?: Record<string, Record<string, Operation>>; components?: Json }, router: AppRouter) {
  const paths = doc.paths ?? {};
  const bearer = [{ Authorization: [] }];
  for (const p of procedureDocs(router)) {
    const op = paths[p.path]?.[p.method.toLowerCase()];
    if (!op) continue;
    const responses = { ...(op.responses ?? {}) };
    // Success: the status the server answers, and any other it may (ctx.responseStatus).
    if (p.successStatus !== 200 && responses['200']) {
      const ok = responses['200'];
      delete responses['200'];
      responses[String(p.successStatus)] = {
        ...ok,
        description: ok.description === 'Successful response' ? (p.successStatus === 201 ? 'Created' : ok.description) : ok.description,
      };
    }
    for (const [status, description] of Object.entries(ALSO_SUCCEEDS[p.procedure] ?? {})) {
      const main = responses[String(p.successStatus)];
      responses[status] = { ...main, description };
    }
    op.responses = responses;
    // Any id the input carries (a UUID, here or nested) may name a record that does not exist.
    const errors = { ...p.errors };
    if (!errors.NOT_FOUND && PROCEDURE_ERRORS[p.procedure]?.NOT_FOUND !== false && namesARecord(op))
      errors.NOT_FOUND = GENERIC_ERRORS.NOT_FOUND;
    setErrors(op, errors);
    // Authentication as enforced: required, optional, or none (an explicit empty list: public).
    if (p.protected) op.security = bearer;
    else if (OPTIONAL_AUTH[p.procedure]) {
      op.security = [{}, ...bearer];
      op.description = [op.description, `Authentication is optional. ${OPTIONAL_AUTH[p.procedure]}`].filter(Boolean).join('\n\n');
    } else op.security = [];
    op.summary ??= SUMMARIES[p.procedure];
    const examples = REQUEST_EXAMPLES[p.procedure];
    const media = (op.requestBody as { content?: Record<string, Json> } | undefined)?.content?.['application/json'];
    if (examples && media) media.examples = examples;
    for (const param of op.parameters ?? []) {
      const example = PARAMETER_EXAMPLES[p.procedure]?.[String(param.name)];
      if (example !== undefined) param.example = example;
    }
    for (const r of Object.values(op.responses ?? {}))
      markMoney((r.content as Record<string, Json> | undefined)?.['application/json']?.schema);
    const idempotency = IDEMPOTENT[p.procedure];
    if (idempotency) {
      op.parameters = [
        ...(op.parameters ?? []).filter((x) => String(x.name).toLowerCase() !== 'idempotency-key'),
        {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: idempotency,
          schema: { type: 'string', minLength: 1, maxLength: 200 },
        },
      ];
    }
  }
  // The plain express routes: their own errors, the same body, and the error handler's 500 and 503.
  for (const [path, methods] of Object.entries(extraPaths)) {
    for (const [method, extra] of Object.entries(methods)) {
      const op = paths[path]?.[method];
      if (!op) continue;
      op.security ??= [];
      const errors: Partial<Record<ErrorCode, string>> = {};
      for (const [status, r] of Object.entries(extra.responses as Record<string, { description: string }>)) {
        const code = (Object.keys(ERROR_STATUS) as ErrorCode[]).find((c) => String(ERROR_STATUS[c]) === status);
        if (code) errors[code] = r.description;
      }
      // Express answers these before the route: a malformed %-escape in the path, a body over the limit or in a charset it cannot read.
      if (/\{[^}]+\}/.test(path)) errors.BAD_REQUEST ??= 'A path segment is not valid (a malformed %-escape)';
      if (method === 'post') {
        errors.PAYLOAD_TOO_LARGE = GENERIC_ERRORS.PAYLOAD_TOO_LARGE;
        errors.UNSUPPORTED_MEDIA_TYPE = 'A JSON body in a charset other than UTF-8';
      }
      errors.INTERNAL_SERVER_ERROR = GENERIC_ERRORS.INTERNAL_SERVER_ERROR;
      errors.SERVICE_UNAVAILABLE = GENERIC_ERRORS.SERVICE_UNAVAILABLE;
      setErrors(op, errors);
    }
  }
  // One error schema replaces the generated ones (which had neither `data` nor the real codes).
  const components = (doc.components ??= {}) as { schemas?: Json };
  const schemas = (components.schemas ??= {});
  schemas.Error = errorSchema;
  const text = JSON.stringify(doc);
  for (const name of Object.keys(schemas)) {
    if (name.startsWith('error.') && !text.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
  }
  return doc;
}

/**
 * The document as served: `servers` and the license link point at `origin` (PUBLIC_URL, or the
 * scheme and host the request came to; '' leaves them relative to the document).
 */
export function documentFor<T extends { info: object }>(doc: T, origin: string): T & { servers: { url: string }[] } {
  const base = origin.replace(/\/$/, '');
  return {
    ...doc,
    info: { ...doc.info, license: { name: 'Proprietary: GlowBook terms and conditions', url: `${base}/terms-and-conditions` } },
    servers: [{ url: `${base}/api` }],
  };
}

export function buildOpenApiDocument(router: AppRouter, baseUrl: string) {
  const doc = generateOpenApiDocument(router, {
    title: 'GlowBook marketplace API',
    description: [
      'The REST face of the tRPC procedures. Authenticate with `Authorization: Bearer <token>` from a sign-in call.',
      'Creations answer **201**. Errors answer `{message, code, data: {code, httpStatus, path, field}}`: a 400 names the field at fault in its message and in `data.field`. A 503 (the database briefly unreachable) carries `Retry-After`; repeat the request then.',
    ].join('\n\n'),
    version: '1.0.0',
    baseUrl: `${baseUrl.replace(/\/$/, '')}/api`,
    paths: extraPaths as never,
  });
  return reconcile(doc as unknown as Parameters<typeof reconcile>[0], router) as unknown as typeof doc;
}

const statusCache = new Map<string, number | undefined>();

/** The success status a procedure declares in its meta (201 for creations), looked up by tRPC path. */
export function successStatusFor(router: AppRouter, procedurePath: string): number | undefined {
  if (statusCache.has(procedurePath)) return statusCache.get(procedurePath);
  const procedures = router._def.procedures as unknown as Record<string, { _def: { meta?: AppMeta } }>;
  const status = procedures[procedurePath]?._def.meta?.successStatus;
  statusCache.set(procedurePath, status);
  return status;
}
