import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '@server/db/schema';
import { createMailer } from '@server/mail/mailer';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../support/database';

describe.each(databaseKinds)('mailer without SMTP (%s)', (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await openTestDatabase(kind);
  });
  afterAll(() => test.dispose());

  it('keeps the mail in the outbox, unsent, and logs recipient and subject but not the body', async () => {
    const lines: { fields: Record<string, unknown>; message: string }[] = [];
    const mailer = createMailer({
      db: test.database.db,
      log: { info: (fields, message) => lines.push({ fields, message }) },
    });
    await mailer.send({ to: 'ann@example.com', subject: 'Reset', text: 'secret link', html: '<p>secret link</p>' });
    const rows = await test.database.db.select().from(mailOutbox);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      to: 'ann@example.com',
      subject: 'Reset',
      text: 'secret link',
      html: '<p>secret link</p>',
      sentAt: null,
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]?.fields).toMatchObject({ to: 'ann@example.com', subject: 'Reset', outboxId: rows[0]?.id });
    expect(JSON.stringify(lines)).not.toContain('secret link');
  });
});

/** A loopback SMTP server that accepts everything and keeps each DATA section: enough to see what nodemailer sends. */
function startSmtpSink(): Promise<{ server: Server; port: number; messages: string[] }> {
  const messages: string[] = [];
  const server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          messages.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 queued\r\n');
          continue;
        }
        const lineEnd = buffer.indexOf('\r\n');
        if (lineEnd < 0) return;
        const command = buffer.slice(0, lineEnd).toUpperCase();
        buffer = buffer.slice(lineEnd + 2);
        if (command.startsWith('EHLO') || command.startsWith('HELO')) socket.write('250 sink\r\n');
        else if (command === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (command === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({ server, port: (server.address() as AddressInfo).port, messages });
    });
  });
}

describe('mailer with SMTP_URL', () => {
  it('sends through the SMTP server and writes nothing to the outbox', async () => {
    const sink = await startSmtpSink();
    const test = await openTestDatabase('pglite');
    try {
      const mailer = createMailer({
        db: test.database.db,
        smtpUrl: `smtp://127.0.0.1:${sink.port}`,
        from: 'Portal <portal@example.com>',
      });
      await mailer.send({ to: 'bob@example.com', subject: 'Hello Bob', text: 'plain body' });
      expect(sink.messages).toHaveLength(1);
      expect(sink.messages[0]).toMatch(/^To: bob@example\.com$/m);
      expect(sink.messages[0]).toMatch(/^Subject: Hello Bob$/m);
      expect(sink.messages[0]).toMatch(/^From: Portal <portal@example\.com>$/m);
      expect(sink.messages[0]).toContain('plain body');
      expect(await test.database.db.select().from(mailOutbox)).toEqual([]);
    } finally {
      await test.dispose();
      await new Promise((resolve) => sink.server.close(resolve));
    }
  });
});
