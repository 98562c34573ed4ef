import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { errorField, errorMessage, failureMessage, readableMessage } from '../../src/client/trpc';

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
    const refusal = new TRPCClientError('name: name the campaign', {
      result: { error: { message: 'name: name the campaign', code: -32600, data: { httpStatus: 400, code: 'BAD_REQUEST' } } } as never,
    });
    expect(errorMessage(refusal, 'Failed.')).toBe('Name the campaign');
    expect(failureMessage(refusal, 'Failed.')).toBe('Name the campaign');
    expect(errorMessage(new Error('boom'), 'Failed.')).toBe('Failed.');
    expect(errorMessage(new TRPCClientError('Failed to fetch'), 'Failed.')).toBe('Failed.');
  });

  it('the field a refusal is about comes from the error, not from the text', () => {
    const refusal = (field: string | null) =>
      new TRPCClientError('cardNumber: Your card was declined (test mode).', {
        result: { error: { message: 'x', code: -32600, data: { httpStatus: 400, code: 'BAD_REQUEST', field } } } as never,
      });
    expect(errorField(refusal('cardNumber'))).toBe('cardNumber');
    expect(errorField(refusal('services.0.price'))).toBe('services');
    expect(errorField(refusal(null))).toBeUndefined();
    expect(errorField(new Error('cardNumber: no'))).toBeUndefined();
    expect(errorMessage(refusal('cardNumber'), 'Failed.')).toBe('Your card was declined (test mode).');
  });
});
