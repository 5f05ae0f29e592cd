/**
 * `name` and `email` as the route resolved them (a logged-in sender's username and account e-mail
 * where the form left them out; '' when there is none); the decider trims and checks every field.
 */
export type SendContactMessage = {
  readonly type: 'SendContactMessage';
  readonly siteId: string;
  readonly messageId: string;
  readonly userId: string | null;
  readonly userName: string | null;
  readonly name: string;
  readonly email: string;
  readonly topic: string;
  readonly subject: string;
  readonly message: string;
  readonly lang: string;
  readonly ip: string;
  readonly now: string;
};

interface Staff {
  /** The staff member's site: a message of another site is not found from there. */
  readonly siteId: string;
  readonly messageId: string;
  readonly byUserId: string;
  readonly byUserName: string;
  readonly now: string;
}

/** `replyId`: drawn by the back office once per reply, so a retried reply is recorded once. */
export type ReplyToContactMessage = Staff & { readonly type: 'ReplyToContactMessage'; readonly replyId: string; readonly text: string };
export type CloseContactMessage = Staff & { readonly type: 'CloseContactMessage' };

export type ContactCommand = SendContactMessage | ReplyToContactMessage | CloseContactMessage;
