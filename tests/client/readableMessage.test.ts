import { describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { errorMessage, failureMessage, readableMessage } from '../../src/client/trpc';

describe('server messages on screen', () => {
  it('drop the field name the API puts first and start with a capital', () => {
    expect(readableMessage('currentPassword: the current password is not correct')).toBe('The current password is not correct');
    expect(readableMessage('services.0.price: must be at least 0')).toBe('Must be at least 0');
    expect(readableMessage('This time slot is no longer available')).toBe('This time slot is no longer available');
    // A colon later in the sentence is the sentence's own.
    expect(readableMessage('Coupon applied at 10:30 today')).toBe('Coupon applied at 10:30 today');
    expect(readableMessage('Invalid email or password: try again')).toBe('Invalid email or password: try again');
  });

  it('errorMessage and failureMessage show them so, and the fallback for anything else', () => {
    const refusal = new TRPCClientError('name: name the campaign', { result: { error: { message: 'name: name the campaign', code: -32600, data: { httpStatus: 400, code: 'BAD_REQUEST' } } } as never });
    expect(errorMessage(refusal, 'Failed.')).toBe('Name the campaign');
    expect(failureMessage(refusal, 'Failed.')).toBe('Name the campaign');
    expect(errorMessage(new Error('boom'), 'Failed.')).toBe('Failed.');
    expect(errorMessage(new TRPCClientError('Failed to fetch'), 'Failed.')).toBe('Failed.');
  });
});
