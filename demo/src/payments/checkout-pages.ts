import { derivedId } from '@kupon/commands';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEMO_PATHS, DEMO_SIGNATURE_HEADER, DemoPaymentProvider } from './demo-provider';

/** The demo provider as the api runs it: its checkout pages served from this process (mounted under `/api/v1/payments/demo`). */
export function hostedDemoPayments(secret: string): DemoPaymentProvider {
  const provider = new DemoPaymentProvider(secret);
  return Object.assign(provider, { pages: () => demoCheckoutPages(provider) });
}

/**
 * The demo provider's own pages (what a real PSP hosts): a checkout page for the redirect and iframe
 * flows, whose buttons make the provider call our callback server-to-server with its signature.
 */
export function demoCheckoutPages(demo: DemoPaymentProvider): FastifyPluginAsyncZod {
  return async (pages) => {
    pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))));
    const Checkout = z.object({ token: z.string().max(128), amount: z.coerce.number().int().positive(), currency: z.string().max(3).default('TRY') });

    pages.get('/checkout/:transferId', { schema: { hide: true, params: z.object({ transferId: z.string().max(80) }), querystring: Checkout } }, async (request, reply) => {
      const { transferId } = request.params;
      const { token, amount, currency } = request.query;
      if (!demo.pageTokenHolds(transferId, amount, token)) return page(reply, 403, 'Demo payment', '<p>This payment link is not valid.</p>');
      const form = (outcome: string, label: string) =>
        `<form method="post" action="${DEMO_PATHS.checkout(transferId)}"><input type="hidden" name="token" value="${escapeHtml(token)}"><input type="hidden" name="amount" value="${amount}"><input type="hidden" name="outcome" value="${outcome}"><button type="submit">${label}</button></form>`;
      return page(reply, 200, 'Demo payment', `<h1>Kupon demo payment</h1><p>Amount: <strong>${(amount / 100).toFixed(2)} ${escapeHtml(currency)}</strong></p>${form('confirmed', 'Pay')}${form('failed', 'Decline')}`);
    });

    pages.post(
      '/checkout/:transferId',
      { schema: { hide: true, params: z.object({ transferId: z.string().max(80) }), body: z.object({ token: z.string().max(128), amount: z.coerce.number().int().positive(), outcome: z.enum(['confirmed', 'failed']) }) } },
      async (request, reply) => {
        const { transferId } = request.params;
        const { token, amount, outcome } = request.body;
        if (!demo.pageTokenHolds(transferId, amount, token)) return page(reply, 403, 'Demo payment', '<p>This payment link is not valid.</p>');
        const providerReference = derivedId('demo-payment', transferId);
        const callback = demo.callback(transferId, outcome, amount, providerReference);
        // Server to server, to the address this api is bound to: never one built from the request's
        // Host or forwarded headers, which would let a client aim a validly signed callback anywhere.
        const response = await fetch(`${boundOrigin(request.server)}${DEMO_PATHS.callback}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [DEMO_SIGNATURE_HEADER]: callback.signature },
          body: callback.body,
        });
        if (!response.ok) return page(reply, 502, 'Demo payment', '<p>The shop did not accept the payment notice.</p>');
        return page(reply, 200, 'Demo payment', outcome === 'confirmed' ? '<h1>Payment received</h1><p>You can close this window.</p>' : '<h1>Payment declined</h1><p>You can close this window.</p>');
      },
    );
  };
}

/** `http://host:port` of the socket `app` listens on (a wildcard bind is reached on loopback). */
function boundOrigin(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the demo checkout needs the api listening on a TCP port');
  if (address.family === 'IPv6') return `http://[${address.address === '::' ? '::1' : address.address}]:${address.port}`;
  return `http://${address.address === '0.0.0.0' ? '127.0.0.1' : address.address}:${address.port}`;
}

function page(reply: FastifyReply, status: number, title: string, body: string) {
  // The checkout is framed by the player site in the iframe 2 flow: allow it to be embedded.
  reply.removeHeader('x-frame-options');
  reply.header('content-security-policy', "default-src 'self'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors *");
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(`<!doctype html><html><head><meta charset="utf-8"><title>${title}</title><style>body{font-family:sans-serif;margin:2rem}button{margin:.5rem 0;padding:.5rem 1rem}</style></head><body>${body}</body></html>`);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
