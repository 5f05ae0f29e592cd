import type { DomainError } from '@kupon/domain';

/** What a use case answers: what it did, or the domain's refusal (never a throw for a broken rule). */
export type Result<Done extends object> = ({ readonly ok: true } & Done) | { readonly ok: false; readonly error: DomainError };

export const refused = (error: DomainError): { readonly ok: false; readonly error: DomainError } => ({ ok: false, error });
