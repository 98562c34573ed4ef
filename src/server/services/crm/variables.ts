import type { MessageRecipient } from '../../../shared/messageTemplates.js';
import type { CustomerRow } from '../../db/repositories/crm.js';

export { fillMessage } from '../../../shared/messageTemplates.js';

/**
 * The facts that fill a message's variables for one customer of a salon: the same for a one-off
 * message and for every recipient of a campaign.
 */
export function recipientOf(
  c: Pick<CustomerRow, 'name' | 'next_appointment' | 'last_visit'>,
  salon: { shop_name: string; time_zone?: string } | undefined,
): MessageRecipient {
  return {
    customerName: c.name,
    appointment: c.next_appointment ?? c.last_visit,
    merchantName: salon?.shop_name ?? '',
    timeZone: salon?.time_zone,
  };
}
