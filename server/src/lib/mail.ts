import { mkdirSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** 'smtp' when SMTP_URL is set, 'outbox' (files under MAIL_OUTBOX_DIR) otherwise, 'memory' in tests. */
  readonly kind: 'smtp' | 'outbox' | 'memory';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

interface MailLog {
  info(obj: object, msg: string): void;
}

/**
 * SMTP through nodemailer when configured; otherwise every message is written as an .eml file to the
 * outbox directory (persistent, readable with any mail client or `cat`) and the log says where.
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'mailOutboxDir'>, log?: MailLog): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from: config.mailFrom, ...message });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ from: config.mailFrom, ...message });
      mkdirSync(config.mailOutboxDir, { recursive: true });
      const file = path.join(
        config.mailOutboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`,
      );
      writeFileSync(file, info.message as Buffer);
      log?.info(
        { to: message.to, subject: message.subject, file },
        'SMTP is not configured: mail stored in the outbox',
      );
    },
    close: () => transport.close(),
  };
}

/** Keeps what it "sends": for tests that do not run an SMTP server. */
export function createMemoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    kind: 'memory',
    sent,
    async send(message) {
      sent.push(message);
    },
    close: () => undefined,
  };
}
