import { dealerTree } from './dealer-tree';
import { ipLogs } from './ip-logs';
import { loginSessions } from './sessions';
import { sites } from './sites';
import { identityUsers } from './users';

export { dealerTree, type DealerTreeTables } from './dealer-tree';
export { ipLogs, type IpLogsTables } from './ip-logs';
export { loginSessions, type LoginSessionsTables } from './sessions';
export { sites, type SitesTables } from './sites';
export { identityUsers, type UsersTables } from './users';

/** The identity context's read models, in the order the registry lists them. */
export const identityProjections = [sites, identityUsers, dealerTree, ipLogs, loginSessions] as const;
