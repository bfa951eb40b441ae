import { describe, it } from 'vitest';
import type { ToolCall } from '../../../core/schemas/tool-call.ts';
import { sharedEngine } from './helpers.ts';
import { familyAssertions } from './rule-assertions.ts';

/**
 * The act: money moved or committed on any payment, banking, exchange or
 * billing platform, read by its shape rather than by a list of processors: a
 * payout, withdrawal, disbursement or transfer with an amount; a refund,
 * reversal or credit; a price set to zero or a 100% discount; a subscription
 * cancelled, an invoice voided, a spend limit changed; over HTTP, from the
 * shell, through MCP tools and browser automation. Look-alikes: sandboxes
 * and test keys, reads, a repository or file "transfer", a refunds tab.
 */
const engine = await sharedEngine();
const { each, quiet } = familyAssertions(engine);
const A = { Authorization: 'Bearer live_...' };
const http = (method: string, url: string, body?: string, headers: Record<string, string> = A): ToolCall => ({ type: 'HttpRequest', method, url, headers, ...(body ? { body } : {}) } as ToolCall);
const mcp = (server: string, tool: string, args: Record<string, unknown>): ToolCall => ({ type: 'McpToolCall', server, tool, arguments: args } as ToolCall);

describe('money out, any platform', () => {
  it('payouts, withdrawals and transfers over HTTP are denied; sandboxes, reads and other transfers are not', () => {
    each('money-out-any-api', 'deny', [
      http('POST', 'https://api.gocardless.com/payouts', '{"payouts":{"amount":900000}}'),
      http('POST', 'https://api.cashfree.com/payout/v1/payouts', '{"beneId":"b1","amount":"250000"}'),
      http('POST', 'https://api.bitso.com/v3/withdrawals', '{"currency":"btc","amount":"1.2","address":"bc1qxyz"}'),
      http('POST', 'https://api.lemonsqueezy.com/v1/payouts', '{}'),
    ]);
    each('money-transferred-any-api', 'deny', [
      http('POST', 'https://api.flutterwave.com/v3/transfers', '{"account_bank":"044","account_number":"0690000040","amount":500000,"currency":"NGN"}'),
      http('POST', 'https://api.paystack.co/transfer', '{"source":"balance","amount":5000000,"recipient":"RCP_x"}'),
    ]);
    quiet('money-out-any-api', [
      http('POST', 'https://api-sandbox.gocardless.com/payouts', '{}'),
      http('POST', 'http://localhost:12111/v1/payouts', 'amount=100', {}),
      http('GET', 'https://api.gocardless.com/payouts?limit=10'),
    ]);
    quiet('money-transferred-any-api', [
      http('POST', 'https://api.sandbox.dwolla.com/transfers', '{"amount":{"value":"10.00"}}'),
      http('POST', 'https://api.github.com/repos/acme/web/transfer', '{"new_owner":"acme-archive"}'),
      http('POST', 'https://api.example.com/v1/files/transfer', '{"file_id":"f1","to_folder":"archive"}'),
      http('POST', 'https://api.paystack.co/transferrecipient', '{"type":"nuban","name":"Test"}'),
    ]);
  });

  it('from the shell', () => {
    each('money-transferred-any-cli', 'deny', [
      `curl -X POST https://api.dwolla.com/transfers -H "Authorization: Bearer $DWOLLA_TOKEN" -d '{"amount":{"currency":"USD","value":"25000.00"}}'`,
      `curl -s -X POST https://api.paystack.co/transfer -H "Authorization: Bearer $PAYSTACK_SECRET_KEY" -d '{"source":"balance","amount":5000000,"recipient":"RCP_1"}'`,
    ]);
    each('money-out-any-cli', 'deny', [`curl -X POST https://api.gocardless.com/payouts -H "Authorization: Bearer $GC_LIVE_TOKEN" -d '{"payouts":{"amount":900000}}'`]);
    quiet('money-out-any-cli', [
      `curl -X POST https://api-sandbox.gocardless.com/payouts -H "Authorization: Bearer $GC_SANDBOX_TOKEN" -d '{}'`,
      'curl -s https://api.gocardless.com/payouts -H "Authorization: Bearer $GC_TOKEN"',
    ]);
  });
});

describe('refunds, prices, discounts and commitments, any platform', () => {
  it('over HTTP', () => {
    each('refund-any-api', 'stopped', [
      http('POST', 'https://api.paddle.com/transactions/txn_01/refunds', '{"reason":"x"}'),
      http('POST', 'https://acme.myshopify.com/admin/api/2024-07/orders/450789469/refunds.json', '{"refund":{"notify":false}}', { 'X-Shopify-Access-Token': '...' }),
      http('POST', 'https://api.payments.example-billing.com/v2/charges/ch_1/refund', '{"amount":99900}'),
      http('POST', 'https://api.recurly.com/accounts/code-x/credit_invoices', '{"amount":100000}'),
    ]);
    each('price-zeroed-any-api', 'stopped', [
      http('PATCH', 'https://api.paddle.com/prices/pri_01', '{"unit_price":{"amount":"0","currency_code":"USD"}}'),
      http('POST', 'https://api.lemonsqueezy.com/v1/discounts', '{"data":{"type":"discounts","attributes":{"name":"all","amount":100,"amount_type":"percent","duration":"forever"}}}'),
    ]);
    each('billing-commitment-changed-any-api', 'stopped', [
      http('POST', 'https://api.chargebee.com/api/v2/subscriptions/sub_1/cancel_for_items', 'end_of_term=false'),
      http('PATCH', 'https://api.vercel.com/v1/teams/team_1/spend-management', '{"budget":{"amount":1000000},"pauseProjects":false}'),
    ]);
    each('invoice-voided-any-api', 'stopped', [http('POST', 'https://api.xero.com/api.xro/2.0/Invoices/inv1', '{"Status":"VOIDED"}')]);
    quiet('refund-any-api', [
      http('POST', 'https://sandbox-api.paddle.com/transactions/txn_01/refunds', '{}', { Authorization: 'Bearer pdl_sdbx_...' }),
      http('POST', 'https://api.stripe.com/v1/refunds', 'charge=ch_1', { Authorization: 'Bearer sk_test_4eC39HqLyjWDarjtT1zdp7dc' }),
      http('GET', 'https://api.paddle.com/transactions/txn_01/refunds'),
    ]);
    quiet('price-zeroed-any-api', [http('PATCH', 'https://api.paddle.com/prices/pri_01', '{"unit_price":{"amount":"2900","currency_code":"USD"}}')]);
  });

  it('from the shell and a platform CLI', () => {
    each('refund-any-cli', 'stopped', [
      `curl -X POST "https://api.paddle.com/transactions/$TXN/refunds" -H "Authorization: Bearer $PADDLE_API_KEY" -d '{"reason":"requested"}'`,
      `for id in $(cat order_ids.txt); do curl -s -X POST "https://acme.myshopify.com/admin/api/2024-07/orders/$id/refunds.json" -H "X-Shopify-Access-Token: $SHOPIFY_TOKEN" -d @refund.json; done`,
    ]);
    each('price-zeroed-any-cli', 'stopped', ['paddle prices update pri_01 --unit-price 0']);
    quiet('refund-any-cli', [`curl -X POST https://sandbox-api.paddle.com/transactions/$TXN/refunds -H "Authorization: Bearer $PADDLE_SANDBOX_KEY" -d '{}'`]);
    quiet('price-zeroed-any-cli', ['paddle prices update pri_01 --unit-price 2900']);
  });

  it('through MCP tools and browser automation', () => {
    each('mcp-money-tool-any-vendor', 'stopped', [
      mcp('quickbooks', 'create_refund_receipt', { customer: 'c1', amount: 5000 }),
      mcp('mollie', 'issue_payout', { amount: 250000, iban: 'DE89370400440532013000' }),
    ]);
    each('mcp-discount-everything', 'stopped', [mcp('lemonsqueezy', 'create_discount', { name: 'all', amount: 100, amount_type: 'percent' })]);
    each('mcp-browser-money-issued', 'stopped', [
      mcp('playwright', 'browser_click', { element: 'Issue refund button', ref: 'e55' }),
      mcp('puppeteer', 'puppeteer_click', { selector: '#confirm-payout' }),
      mcp('playwright', 'browser_fill_form', { fields: [{ name: 'Refund amount', value: '4999.00' }] }),
    ]);
    quiet('mcp-money-tool-any-vendor', [
      mcp('paddle', 'list_refunds', {}),
      mcp('stripe', 'create_refund', { payment_intent: 'pi_1', livemode: false }),
      mcp('paypal', 'create_refund', { capture_id: 'c1', environment: 'SANDBOX' }),
    ]);
    quiet('mcp-discount-everything', [mcp('lemonsqueezy', 'create_discount', { name: 'launch', amount: 20, amount_type: 'percent' })]);
    quiet('mcp-browser-money-issued', [mcp('playwright', 'browser_click', { element: 'View refunds tab', ref: 'e5' })]);
  });
});
