export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the message is about, kept with the outbox record (e.g. {purpose: 'password_reset'}). */
  meta?: Record<string, unknown>;
}

export interface EmailAdapter {
  send(message: EmailMessage): Promise<void>;
}
