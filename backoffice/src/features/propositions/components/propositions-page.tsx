import { useMe } from '@/features/auth/api/session';
import { canWrite } from '@/features/auth/access';
import { PropositionsPanel } from './propositions-panel';

/** The back office's proposed-bets page: site staff change them, the regulator reads. */
export default function PropositionsPage() {
  return <PropositionsPanel editable={canWrite(useMe().data!)} />;
}
