import { type BonusRequestConfirmed, bonusCreditReference } from '@kupon/domain';
import { walletCommand } from './money';
import type { Reactor } from './reactor-runner';

export const BONUS_CREDIT = 'bonus-credit';

/**
 * A confirmed bonus request (`BonusRequestConfirmed` on `bonusclaim-…`) → `BonusCredited` on the
 * player's wallet. The confirming request credits at once under the same reference
 * (`bonusCreditReference`); this reactor makes sure it happens after a crash in between, and finds
 * the reference taken otherwise, so a bonus is credited once however often it is confirmed.
 */
export const bonusCredit: Reactor = {
  name: BONUS_CREDIT,
  handles: ['BonusRequestConfirmed'],
  async react(event, commands) {
    const { claimId, requestNo, userId, bonusId, amount } = event.data as unknown as BonusRequestConfirmed['data'];
    return walletCommand(BONUS_CREDIT, commands, userId, event, { type: 'CreditBonus', reference: bonusCreditReference(claimId, requestNo), now: event.metadata.at, bonusId, amount });
  },
};
