import {
  type ActingUser,
  checkRegistration,
  DEFAULT_PERMISSIONS,
  type DomainError,
  normalizeEmail,
  normalizeMobile,
  type OpeningLimits,
  type RegistrationForm,
  type RegistrationRules,
  type Role,
  type UniqueKind,
  type UniqueValueCommand,
  uniqueValueDecider,
  uniqueStream,
  type UserCommand,
  userDecider,
  type UserEvent,
  type UserRecord,
  userStream,
} from '@kupon/domain';
import { type CommandMeta, type Outcome, StreamCommands } from '@kupon/commands';
import type { Actor, EventStore } from '@kupon/eventstore';
import type { PasswordHasher } from './passwords';
import { newId } from './secrets';

/** A registration that stopped after reserving (a crash) frees its values after this long. */
const ABANDONED_AFTER_MS = 5 * 60_000;

export type LiveUser = UserRecord & { readonly status: 'pending' | 'active' | 'passive' };

export interface OpenAccount {
  /** Given when the request carried an idempotency key (derived from it), so a retry opens the same account. */
  readonly userId?: string;
  readonly siteId: string;
  readonly role: Role;
  readonly form: RegistrationForm;
  readonly rules: RegistrationRules;
  /** The account it goes under, with who is asking: null for self-registration. */
  readonly parent: { readonly user: LiveUser; readonly actor: ActingUser } | null;
  readonly activation: { readonly codeHash: string; readonly expiresAt: string } | null;
  readonly openingLimits?: OpeningLimits;
  readonly actor: Actor;
  readonly correlationId: string;
}

/**
 * The user streams and the uniqueness streams behind them. Every write goes through a decider and the
 * command handler (read, decide, append with the revision read, retry on a race).
 */
export class UserAccounts {
  /** The command runner of these streams; its folded-state cache is this object's. */
  private readonly commands: StreamCommands;

  constructor(
    private readonly store: EventStore,
    private readonly passwords: PasswordHasher,
    private readonly clock: () => Date,
  ) {
    this.commands = new StreamCommands(store);
  }

  async load(userId: string): Promise<LiveUser | null> {
    if (!/^[0-9a-f-]{36}$/.test(userId)) return null;
    const { state } = await this.commands.load(userStream(userId), userDecider);
    return state.status === 'none' ? null : state;
  }

  /** The user holding `userName` on `siteId` (read from its uniqueness stream: no read-model lag). */
  async byUserName(siteId: string, userName: string): Promise<LiveUser | null> {
    if (!/^[A-Za-z0-9.-]{1,40}$/.test(userName)) return null;
    const { state } = await this.commands.load(uniqueStream(siteId, 'username', userName), uniqueValueDecider);
    return state.status === 'held' ? this.load(state.userId) : null;
  }

  /** Runs one command on a user's stream as `actor`. */
  async execute(userId: string, command: UserCommand, actor: Actor, correlationId: string): Promise<Outcome<UserEvent>> {
    const at = this.clock().toISOString();
    return this.commands.run(userStream(userId), userDecider, command, { actor, correlationId, causationId: correlationId, at, eventId: () => newId() }, undefined);
  }

  /**
   * Opens an account: §5 rules, then each unique value reserved (username, e-mail, phone, ID number —
   * the first taken one refuses and frees the rest), then the parent's opening slot (§6 limits), then
   * the user stream. Returns the new user id.
   */
  async open(request: OpenAccount): Promise<{ ok: true; userId: string } | { ok: false; error: DomainError }> {
    const now = this.clock().toISOString();
    const refused = checkRegistration(request.form, request.rules, now);
    if (refused) return { ok: false, error: refused };
    const userId = request.userId ?? newId();
    const passwordHash = await this.passwords.hash(request.form.password!);
    const meta = (): CommandMeta => ({
      actor: request.actor,
      correlationId: request.correlationId,
      causationId: request.correlationId,
      at: now,
      eventId: () => newId(),
    });
    const unique = (stream: string, command: UniqueValueCommand) => this.commands.run(stream, uniqueValueDecider, command, meta(), undefined);

    const values = uniqueValues(request.form);
    const held: [UniqueKind, string][] = [];
    const releaseAll = async () => {
      for (const [kind, value] of held.reverse()) {
        await unique(uniqueStream(request.siteId, kind, value), { type: 'ReleaseUniqueValue', kind, userId, now });
      }
    };
    for (const [kind, value] of values) {
      const stream = uniqueStream(request.siteId, kind, value);
      const abandonedHolder = await this.abandonedHolder(stream, now);
      const outcome = await unique(stream, { type: 'ReserveUniqueValue', kind, userId, abandonedHolder, now });
      if (!outcome.ok) {
        await releaseAll();
        return { ok: false, error: outcome.error };
      }
      held.push([kind, value]);
    }

    const parent = request.parent;
    if (parent) {
      const slot = await this.execute(parent.user.userId, { type: 'OpenSubAccount', childId: userId, childRole: request.role, actor: parent.actor, now }, request.actor, request.correlationId);
      if (!slot.ok) {
        await releaseAll();
        return { ok: false, error: slot.error };
      }
    }

    const permissions = DEFAULT_PERMISSIONS[request.role].filter((permission) => !parent || parent.actor.role === 'admin' || parent.actor.permissions.includes(permission));
    const registered = await this.execute(
      userId,
      {
        type: 'RegisterUser',
        userId,
        siteId: request.siteId,
        role: request.role,
        form: request.form,
        rules: request.rules,
        passwordHash,
        parent: parent ? { userId: parent.user.userId, ancestors: parent.user.ancestors } : null,
        activation: request.activation,
        permissions,
        openingLimits: request.openingLimits ?? { dealers: null, users: null },
        now,
      },
      request.actor,
      request.correlationId,
    );
    if (!registered.ok) {
      await releaseAll();
      return { ok: false, error: registered.error };
    }
    return { ok: true, userId };
  }

  /** A hold whose user never came to be, older than any registration takes. */
  private async abandonedHolder(stream: string, now: string): Promise<string | null> {
    const { state } = await this.commands.load(stream, uniqueValueDecider);
    if (state.status !== 'held') return null;
    if (Date.parse(now) - Date.parse(state.since) < ABANDONED_AFTER_MS) return null;
    return (await this.load(state.userId)) === null ? state.userId : null;
  }
}

function uniqueValues(form: RegistrationForm): [UniqueKind, string][] {
  const values: [UniqueKind, string][] = [['username', form.userName!]];
  if (form.email) values.push(['email', normalizeEmail(form.email)]);
  if (form.mobile) values.push(['mobile', normalizeMobile(form.phoneCode, form.mobile)]);
  if (form.idNumber) values.push(['idnumber', form.idNumber.trim().toUpperCase()]);
  return values;
}

export function actingUser(user: { userId: string; role: Role; siteId: string; permissions: readonly ActingUser['permissions'][number][] }): ActingUser {
  return { userId: user.userId, role: user.role, siteId: user.siteId, permissions: user.permissions };
}
