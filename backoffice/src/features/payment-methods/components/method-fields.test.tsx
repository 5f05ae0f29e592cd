import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import type { MethodSetting } from '../api/payment-methods';
import { MethodFieldsForm } from './method-fields';

const card: MethodSetting = {
  payCatId: 1,
  direction: 'deposit',
  catName: 'Card (demo)',
  catalogMinAmount: 1_000,
  catalogMaxAmount: 2_000_000,
  setting: null,
  provider: 'demo',
  added: false,
  fields: [{ name: 'amount', title: 'Amount', type: 'amount', placeHolder: '', minLength: 1, maxLength: 7, required: true, options: '' }],
};

function serve() {
  const asked: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://backoffice.example');
      asked.push({ method: init?.method ?? 'GET', path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(JSON.stringify({ methods: [] }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

describe("a method's form fields", () => {
  it('adds a required field and sends the whole form', async () => {
    const asked = serve();
    const closed = vi.fn();
    await renderWithProviders(<MethodFieldsForm method={card} onClose={closed} />, { language: 'en' });
    fireEvent.click(screen.getByTestId('method-field-add'));
    const row = screen.getByTestId('method-field-1');
    fireEvent.change(within(row).getByLabelText('Field'), { target: { value: 'holder' } });
    fireEvent.change(within(row).getByLabelText('Title'), { target: { value: 'Card holder' } });
    fireEvent.change(within(row).getByLabelText('Min length'), { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('method-fields-save'));
    await waitFor(() => expect(closed).toHaveBeenCalled());
    expect(asked).toEqual([
      {
        method: 'PUT',
        path: '/api/v1/payments/methods/settings/deposit/1/fields',
        body: {
          fields: [card.fields![0], { name: 'holder', title: 'Card holder', type: 'text', placeHolder: '', minLength: 3, maxLength: 0, required: true, options: '' }],
        },
      },
    ]);
  });

  it('refuses a select without options before sending, under its field', async () => {
    const asked = serve();
    await renderWithProviders(<MethodFieldsForm method={card} onClose={() => undefined} />, { language: 'en' });
    fireEvent.click(screen.getByTestId('method-field-add'));
    const row = screen.getByTestId('method-field-1');
    fireEvent.change(within(row).getByLabelText('Field'), { target: { value: 'bank' } });
    fireEvent.change(within(row).getByLabelText('Title'), { target: { value: 'Bank' } });
    fireEvent.change(within(row).getByLabelText('Type'), { target: { value: 'select' } });
    fireEvent.click(screen.getByTestId('method-fields-save'));
    await waitFor(() => expect(within(screen.getByTestId('method-field-1')).getByRole('alert')).toBeTruthy());
    expect(asked).toEqual([]);
  });
});
