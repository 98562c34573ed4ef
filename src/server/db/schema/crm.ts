import type { ColumnType, Generated } from 'kysely';

export interface MessageTemplatesTable {
  id: Generated<string>;
  merchant_id: string;
  name: string;
  type: 'email' | 'sms' | 'whatsapp';
  subject: string | null;
  content: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Table types for the salon's customers and messages; merged into Database in ../types.ts. */
export interface CrmTables {
  message_templates: MessageTemplatesTable;
}

declare module '../types.js' {
  interface OutboxMessagesTable {
    /** The salon that sent the message to its customer. */
    merchant_id: ColumnType<string | null, string | null | undefined, string | null>;
  }
}
