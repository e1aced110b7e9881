/**
 * The fake's hosted checkout page (Stripe Checkout stands here): the plan and its total, a card form,
 * and Pay. Paying makes the subscription and sends the webhooks, then goes to the session's
 * success_url as Stripe does; card 4000 0000 0000 0341 is declined and the page says so.
 */
import type { FakeCheckoutSession, FakeStripeState } from './fake-stripe-state';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const money = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency.toUpperCase()}`;

export async function renderCheckoutPage(
  state: FakeStripeState,
  url: URL,
  method: string,
  body: string,
  pay: (session: FakeCheckoutSession, card: { number: string; expMonth: number; expYear: number; name: string | null }) => Promise<string | null>,
): Promise<Response> {
  const session = state.sessions.get(url.pathname.split('/')[2] ?? '');
  if (!session) return new Response('<!doctype html><title>Not found</title><p>This checkout session does not exist.</p>', { status: 404, headers: { 'content-type': 'text/html' } });
  let error: string | null = null;
  if (method === 'POST' && session.status === 'open') {
    const form = new URLSearchParams(body);
    const [mm, yy] = (form.get('expiry') ?? '12/30').split('/');
    error = await pay(session, { number: form.get('cardNumber') ?? '', expMonth: Number(mm), expYear: 2000 + Number(yy), name: form.get('name')?.trim() || null });
    if (!error && session.success_url) return new Response(null, { status: 303, headers: { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) } });
  }
  const price = state.prices.get(session.fake.priceId)!;
  const t = session.total_details;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Stripe Checkout</title>
<style>body{font-family:sans-serif;max-width:480px;margin:40px auto}label{display:block;margin:12px 0}input{display:block;width:100%;padding:8px}button{margin-top:16px;padding:10px 24px;background:#635bff;color:#fff;border:0;border-radius:4px}.err{color:#b00}</style></head>
<body><h1>Fake Stripe Checkout</h1>
<p>Subscribe: ${escape(price.recurring.interval === 'year' ? 'yearly' : 'monthly')} plan${session.fake.quantity > 1 ? ` × ${session.fake.quantity} accounts` : ''}, ${escape(money(session.amount_subtotal ?? 0, price.currency))}</p>
<p>Discount: ${escape(money(t.amount_discount, price.currency))} · Tax: ${escape(money(t.amount_tax, price.currency))}</p>
<p><strong>Total due today: ${escape(money(session.amount_total ?? 0, price.currency))}</strong></p>
${session.status === 'complete' ? '<p>This session is paid.</p>' : ''}
${error ? `<p class="err" role="alert">${escape(error)}</p>` : ''}
<form method="post"><label>Card number<input name="cardNumber" autocomplete="cc-number" value=""></label>
<label>Expiry (MM/YY)<input name="expiry" value="12/30"></label><label>Name on card<input name="name" value=""></label>
<button type="submit">Pay</button></form></body></html>`;
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
}
