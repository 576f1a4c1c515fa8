import { outboxReader } from './password-reset';

/** The invitation mails of this server's outbox, read as the invitee would read their mailbox. */
export function invitationMails(origin: string) {
  const outbox = outboxReader(origin);
  return {
    /** The sign-up link of the newest invitation mail to `to` (the mail may follow the answer: polled a little). */
    async link(to: string): Promise<URL> {
      for (let tries = 0; tries < 50; tries += 1) {
        const link = (await outbox.mails(to)).map((mail) => /https?:\/\/\S+\/SignUp\/\S+/.exec(mail.text)?.[0]).at(-1);
        if (link !== undefined) return new URL(link);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no invitation mailed to ${to}`);
    },
    mails: outbox.mails,
  };
}
