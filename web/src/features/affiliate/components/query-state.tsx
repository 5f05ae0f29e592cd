import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError } from '@/lib/api-client';
import { useErrorText } from '@/lib/error-text';

/** Loading, the translated refusal, or the data. */
export function QueryState<T>({ query, testId, children }: { query: UseQueryResult<T>; testId: string; children: (data: T) => ReactNode }) {
  const errorText = useErrorText();
  if (query.isPending) return <div className="page-loading" aria-busy="true" data-testid={`${testId}-loading`} />;
  if (query.isError)
    return (
      <p className="notice notice--error" role="alert" data-testid={`${testId}-error`}>
        {isApiError(query.error) ? errorText(query.error.key, query.error.params) : errorText('tecnicalProblemContent')}
      </p>
    );
  return <>{children(query.data)}</>;
}
