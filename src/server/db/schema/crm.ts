import type { ColumnType, Generated } from 'kysely';
import type { CampaignChannel, MessageChannel } from '../../../shared/constants.js';

export interface MessageTemplatesTable {
  id: Generated<string>;
  merchant_id: string;
  name: string;
  type: MessageChannel;
  subject: string | null;
  content: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface CampaignsTable {
  id: Generated<string>;
  merchant_id: string;
  channel: CampaignChannel;
  name: string;
  subject: string | null;
  body: string;
  segment: 'all' | 'active' | 'inactive';
  status: Generated<'sending' | 'sent' | 'failed'>;
  recipients: Generated<number>;
  created_at: Generated<Date>;
  /** When the latest round (the first send or a resend) began. */
  started_at: Generated<Date>;
  finished_at: Date | null;
}

export interface SocialConnectionsTable {
  merchant_id: string;
  network: 'facebook' | 'instagram' | 'twitter';
  /** The salon's own https page on the network. */
  url: string;
  updated_at: Generated<Date>;
}

/** Table types for the salon's customers, messages and marketing; merged into Database in ../types.ts. */
export interface CrmTables {
  message_templates: MessageTemplatesTable;
  campaigns: CampaignsTable;
  social_connections: SocialConnectionsTable;
}

declare module '../types.js' {
  interface OutboxMessagesTable {
    /** The salon that sent the message to its customer. */
    merchant_id: ColumnType<string | null, string | null | undefined, string | null>;
    /** First time the e-mail's tracking pixel was loaded. */
    opened_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    campaign_id: ColumnType<string | null, string | null | undefined, string | null>;
  }
}
