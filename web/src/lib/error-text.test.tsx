import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { siteDisplay } from '@/features/site/display';
import { testI18n } from '@/testing/render';
import { ErrorAmountFormat, useErrorText } from './error-text';
import { formatMoney } from './format';

function MinStake() {
  const errorText = useErrorText();
  return <p data-testid="error">{errorText('minStake', [150])}</p>;
}

describe('amounts inside error texts (§8 key|param)', () => {
  it('take the product’s two decimals, or the site’s display where the app provides it (§3 tofixedNumber)', async () => {
    const i18n = await testI18n('en');
    const { unmount } = render(
      <I18nextProvider i18n={i18n}>
        <MinStake />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('error').textContent).toBe(`Minimum stake: ${formatMoney(150)}`);
    unmount();

    const threeDecimals = siteDisplay({ tofixedNumber: 3, currencyMode: 0 }).money;
    expect(threeDecimals(150)).not.toBe(formatMoney(150));
    render(
      <I18nextProvider i18n={i18n}>
        <ErrorAmountFormat.Provider value={threeDecimals}>
          <MinStake />
        </ErrorAmountFormat.Provider>
      </I18nextProvider>,
    );
    expect(screen.getByTestId('error').textContent).toBe(`Minimum stake: ${threeDecimals(150)}`);
  });
});
