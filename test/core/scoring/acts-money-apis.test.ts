import { describe, it } from 'vitest';
import type { ToolCall } from '../../../core/schemas/tool-call.ts';
import { sharedEngine } from './helpers.ts';
import { familyAssertions, fileWrite } from './rule-assertions.ts';

/**
 * The act: money moved, charged, refunded or committed, or a spending guard
 * loosened, through the payment, banking, exchange, chain, ad and registrar
 * APIs an agent reaches by HTTP, curl, an SDK one-liner, a script written or an
 * MCP tool, and the clouds' budgets and reservations. Look-alikes: test keys,
 * sandbox hosts, local chains and test networks, reads and listings.
 */
const engine = await sharedEngine();
const { each, quiet } = familyAssertions(engine);
const http = (method: string, url: string, headers: Record<string, string> = {}, body?: string): ToolCall => ({ type: 'HttpRequest', method, url, headers, ...(body ? { body } : {}) } as ToolCall);
const mcp = (server: string, tool: string, args: Record<string, unknown>): ToolCall => ({ type: 'McpToolCall', server, tool, arguments: args } as ToolCall);
const LIVE = 'sk_live_51Hx2aB' + 'Qw8ErT7yUiOp3aSdFgHj';
const TEST = 'sk_test_4eC39Hq' + 'LyjWDarjtT1zdp7dc';
const ADDRESS = '0x4E83362442B8d1beC281594cEa3050c8EB01311C';

describe('money out through HTTP APIs', () => {
  it('payouts, bank transfers and exchange withdrawals on live hosts are denied', () => {
    each('money-sent-live-api', 'deny', [
      http('POST', 'https://balanceplatform-api-live.adyen.com/btl/v4/transfers', { 'x-api-key': 'AQE' }, '{"amount":{"value":7500000,"currency":"EUR"},"category":"bank"}'),
      http('POST', 'https://api.plaid.com/transfer/create', {}, '{"access_token":"access-production-1","amount":"9000.00","type":"credit"}'),
      http('POST', 'https://api.razorpay.com/v1/payouts', { Authorization: 'Basic cnpw' }, '{"amount":1000000,"mode":"IMPS"}'),
      http('POST', 'https://api.brex.com/v1/transfers', {}, '{"amount":{"amount":2500000,"currency":"USD"}}'),
      http('POST', 'https://api.increase.com/wire_transfers', {}, '{"amount":9000000}'),
      http('POST', 'https://api.exchange.coinbase.com/withdrawals/crypto', {}, '{"amount":"3","currency":"BTC","crypto_address":"bc1q"}'),
    ]);
    each('crypto-sent-api', 'deny', [
      http('POST', 'https://api.coinbase.com/v2/accounts/2bbf/transactions', { Authorization: 'Bearer cb' }, '{"type": "send", "to": "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", "amount": "3.5", "currency": "BTC"}'),
    ]);
    each('chain-transaction-sent-rpc', 'deny', [
      http('POST', 'https://mainnet.infura.io/v3/KEY', {}, '{"jsonrpc":"2.0","method":"eth_sendRawTransaction","params":["0xf86c"],"id":1}'),
      http('POST', 'https://eth-mainnet.g.alchemy.com/v2/KEY', {}, '{"jsonrpc":"2.0","method":"eth_sendTransaction","params":[{"to":"0x2","value":"0x8ac7"}],"id":1}'),
    ]);
    each('stripe-live-funds-moved-api', 'deny', [http('POST', 'https://api.stripe.com/v1/treasury/outbound_payments', { Authorization: `Bearer ${LIVE}` }, 'amount=900000&currency=usd')]);
    quiet('chain-transaction-sent-rpc', [
      http('POST', 'http://127.0.0.1:8545', {}, '{"jsonrpc":"2.0","method":"eth_sendTransaction","params":[{"to":"0x2","value":"0x1"}],"id":1}'),
      http('POST', 'https://sepolia.infura.io/v3/KEY', {}, '{"jsonrpc":"2.0","method":"eth_sendRawTransaction","params":["0xf8"],"id":1}'),
      http('POST', 'https://mainnet.infura.io/v3/KEY', {}, '{"jsonrpc":"2.0","method":"eth_getBalance","params":["0x1","latest"],"id":1}'),
    ]);
    quiet('crypto-sent-api', [http('GET', 'https://api.coinbase.com/v2/accounts', { Authorization: 'Bearer cb' })]);
  });

  it('refunds and charges on live processors are held; sandboxes and test keys are not', () => {
    each('payment-live-money-action', 'stopped', [
      http('POST', 'https://connect.squareup.com/v2/refunds', { Authorization: 'Bearer EAAAl1' }, '{"payment_id":"R2B3","amount_money":{"amount":250000,"currency":"USD"}}'),
      http('POST', 'https://connect.squareup.com/v2/payments', { Authorization: 'Bearer EAAAl1' }, '{"source_id":"ccof:abc","amount_money":{"amount":990000}}'),
      http('POST', 'https://api.braintreegateway.com/merchants/m1/transactions/8m3k/refund', {}),
      http('POST', 'https://api-m.paypal.com/v2/checkout/orders/5O190127TN364715T/capture', {}, '{}'),
    ]);
    each('payment-refund-other-processors', 'stopped', [
      http('POST', 'https://api.mollie.com/v2/payments/tr_WDqYK6vllg/refunds', { Authorization: 'Bearer live_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM' }, '{"amount":{"currency":"EUR","value":"5000.00"}}'),
      http('POST', 'https://api.paddle.com/adjustments', { Authorization: 'Bearer pdl_live_apikey_01' }, '{"action":"refund","transaction_id":"txn_01"}'),
      http('POST', 'https://api.checkout.com/payments/pay_123/refunds', {}, '{"amount":100000}'),
    ]);
    each('stripe-live-charge-api', 'stopped', [
      http('POST', 'https://api.stripe.com/v1/charges', { Authorization: `Bearer ${LIVE}` }, 'amount=990000&currency=usd&customer=cus_1'),
      http('POST', 'https://api.stripe.com/v1/payment_intents', { Authorization: `Bearer ${LIVE}` }, 'amount=990000&currency=usd&confirm=true'),
    ]);
    quiet('payment-live-money-action', [
      http('POST', 'https://connect.squareupsandbox.com/v2/refunds', { Authorization: 'Bearer EAAA' }, '{"payment_id":"p1"}'),
      http('GET', 'https://connect.squareup.com/v2/payments?limit=20', { Authorization: 'Bearer EAAA' }),
      http('POST', 'https://api.sandbox.braintreegateway.com/merchants/m1/transactions/8m3k/refund', {}),
    ]);
    quiet('payment-refund-other-processors', [http('POST', 'https://api.mollie.com/v2/payments/tr_1/refunds', { Authorization: 'Bearer test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM' }, '{}')]);
    quiet('payment-money-moved', [
      http('POST', 'https://api.stripe.com/v1/refunds', { Authorization: `Bearer ${TEST}` }, 'charge=ch_1'),
      http('POST', 'https://api.sandbox.paypal.com/v2/payments/captures/8MC5/refund', {}, '{}'),
    ]);
    quiet('stripe-live-charge-api', [http('POST', 'https://api.stripe.com/v1/charges', { Authorization: `Bearer ${TEST}` }, 'amount=2000&currency=usd')]);
  });

  it('a live Stripe key reading its own API is everyday', () => {
    quiet('bearer-token', [
      http('GET', 'https://api.stripe.com/v1/invoices?limit=10', { Authorization: 'Bearer rk_live_51H_readonly' }),
      http('GET', 'https://api.stripe.com/v1/charges/ch_1', { Authorization: `Bearer ${LIVE}` }),
    ]);
  });

  it('ad spend changed and domains bought through APIs are held', () => {
    each('ad-spend-changed-api', 'stopped', [
      http('POST', 'https://googleads.googleapis.com/v17/customers/1234567890/campaignBudgets:mutate', { 'developer-token': 'dt' }, '{"operations": [{"update": {"amountMicros": "500000000000"}, "updateMask": "amount_micros"}]}'),
      http('POST', 'https://graph.facebook.com/v19.0/act_123/campaigns', {}, '{"name":"x","daily_budget":50000000,"status":"ACTIVE"}'),
    ]);
    each('domain-bought-api-get', 'stopped', [http('GET', 'https://api.namecheap.com/xml.response?ApiUser=acme&ApiKey=KEY&UserName=acme&Command=namecheap.domains.create&DomainName=acme-login-secure.com&Years=10')]);
    each('domain-bought-api', 'stopped', [http('POST', 'https://api.godaddy.com/v1/domains/purchase', {}, '{"domain":"acme-login.com"}')]);
    quiet('ad-spend-changed-api', [http('POST', 'https://googleads.googleapis.com/v17/customers/1234567890/googleAds:search', {}, '{"query":"SELECT campaign.id FROM campaign"}')]);
    quiet('domain-bought-api-get', [http('GET', 'https://api.namecheap.com/xml.response?ApiUser=acme&ApiKey=KEY&UserName=acme&Command=namecheap.domains.check&DomainList=acme.dev')]);
  });
});

describe('money through the shell, SDKs and scripts', () => {
  it('payouts, withdrawals and chain transactions from the shell are denied', () => {
    each('live-payment-payout-shell', 'deny', [
      `curl https://api.coinbase.com/v2/accounts/abc/transactions -H "Authorization: Bearer $CB" -d '{"type":"send","to":"${ADDRESS}","amount":"2","currency":"ETH"}'`,
      `curl -X POST https://api.razorpay.com/v1/payouts -u "$RZP_KEY:$RZP_SECRET" -d '{"amount":1000000,"mode":"IMPS"}'`,
    ]);
    each('chain-transaction-sent-rpc-shell', 'deny', [
      `curl -s -X POST https://mainnet.infura.io/v3/$INFURA -H 'Content-Type: application/json' -d '{"jsonrpc":"2.0","method":"eth_sendRawTransaction","params":["0xf86c"],"id":1}'`,
    ]);
    quiet('chain-transaction-sent-rpc-shell', [`curl -s -X POST http://localhost:8545 -d '{"jsonrpc":"2.0","method":"eth_sendTransaction","params":[],"id":1}'`]);
    each('stripe-live-funds-moved', 'deny', [`stripe payouts create --amount 500000 --currency usd --api-key ${LIVE}`]);
  });

  it('transfers where the configured network decides are held; test networks are not', () => {
    each('chain-transaction-chain-unnamed', 'stopped', [
      'solana transfer 7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU 500 --allow-unfunded-recipient',
      'near send acme.near attacker.near 1000',
      'electrum payto bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq 2.5',
    ]);
    quiet('chain-transaction-chain-unnamed', ['solana transfer 7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU 1 --url devnet', 'solana balance']);
  });

  it('refunds on other processors from curl are held', () => {
    each('live-payment-refund', 'stopped', [`curl -X POST "https://api.mollie.com/v2/payments/tr_1/refunds" -H "Authorization: Bearer $MOLLIE_LIVE_KEY" -d "amount[value]=500.00"`]);
  });

  it('payment SDKs with live credentials refunding or charging are held', () => {
    each('payment-sdk-live-money-code', 'stopped', [
      `ruby -rbraintree -e 'g=Braintree::Gateway.new(environment: :production, merchant_id: ENV["BT_MID"], public_key: ENV["BT_PUB"], private_key: ENV["BT_PRIV"]); g.transaction.refund("8m3k2n1p")'`,
      `python3 -c "import braintree; gw=braintree.BraintreeGateway(braintree.Configuration(braintree.Environment.Production, 'm','p','k')); gw.transaction.refund('8m3k')"`,
      `node -e "const stripe=require('stripe')(process.env.STRIPE_SECRET_KEY_LIVE); stripe.refunds.create({charge:'ch_1'})"`,
      `ruby -e 'require "stripe"; Stripe.api_key = ENV["STRIPE_LIVE_SECRET_KEY"]; Stripe::Refund.create(charge: "ch_1")'`,
    ]);
    quiet('payment-sdk-live-money-code', [
      `ruby -rbraintree -e 'g=Braintree::Gateway.new(environment: :sandbox, merchant_id: "m", public_key: "p", private_key: "k"); g.transaction.refund("8m3k")'`,
      `node -e "const stripe=require('stripe')(process.env.STRIPE_TEST_KEY); stripe.refunds.create({charge:'ch_1'})"`,
    ]);
    each('content-payment-live-money-script', 'stopped', [
      fileWrite('/home/dev/projects/app/scripts/refund_all.py', "import stripe, os\nstripe.api_key = os.environ['STRIPE_LIVE_SECRET']\nfor ch in stripe.Charge.list(limit=100).auto_paging_iter():\n    stripe.Refund.create(charge=ch.id)\n"),
      fileWrite('/home/dev/projects/app/scripts/payout.js', "const stripe = require('stripe')(process.env.STRIPE_LIVE_KEY);\nawait stripe.payouts.create({ amount: 5000000, currency: 'usd' });\n"),
    ]);
    quiet('content-payment-live-money-script', [fileWrite('/home/dev/projects/app/scripts/refund.js', "const stripe = require('stripe')(process.env.STRIPE_TEST_KEY);\nawait stripe.refunds.create({ charge: 'ch_1' });\n")]);
  });
});

describe('cloud spending guards and commitments', () => {
  it('budgets raised or removed and billing unlinked are held; creating and listing are not', () => {
    each('cloud-spend-guard-loosened', 'stopped', [
      `aws budgets update-budget --account-id 123456789012 --new-budget '{"BudgetName":"monthly-cap","BudgetLimit":{"Amount":"500000","Unit":"USD"}}'`,
      'aws ce delete-anomaly-monitor --monitor-arn arn:aws:ce::123456789012:anomalymonitor/abc',
      'gcloud billing projects unlink acme-prod',
      'gcloud billing budgets update 1234 --billing-account=0X0X0X-0X0X0X-0X0X0X --budget-amount=900000USD',
      'az consumption budget update --budget-name cap --amount 900000',
    ]);
    quiet('cloud-spend-guard-loosened', [
      'aws budgets describe-budgets --account-id 123456789012',
      'gcloud billing budgets list --billing-account=0X0X0X-0X0X0X-0X0X0X',
      'gcloud billing projects describe acme-dev',
      'az consumption usage list --top 10',
    ]);
  });

  it('reserved capacity bought for a term is denied', () => {
    each('cloud-reservation-purchased', 'deny', [
      'aws ec2 purchase-reserved-instances-offering --reserved-instances-offering-id 438012d3-4052 --instance-count 40',
      'aws rds purchase-reserved-db-instances-offering --reserved-db-instances-offering-id 9a2b --db-instance-count 5',
    ]);
    quiet('cloud-reservation-purchased', ['aws ec2 describe-reserved-instances-offerings --instance-type m5.large']);
  });
});

describe('money through MCP tools', () => {
  it('crypto and bank money sent by a tool is denied', () => {
    each('mcp-crypto-sent-to-address', 'deny', [
      mcp('coinbase-agentkit', 'transfer', { amount: '25000', asset_id: 'usdc', destination: ADDRESS, gasless: true }),
      mcp('evm-wallet', 'send_transaction', { to: ADDRESS, value: '10', chain: 'mainnet' }),
      mcp('solana-agent', 'transfer', { to: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU', amount: 500, mint: 'SOL' }),
    ]);
    each('mcp-bank-money-sent', 'deny', [mcp('mercury', 'send_money', { account_id: 'acc_1', recipient_id: 'r_new', amount: 48000, payment_method: 'ach' })]);
    quiet('mcp-crypto-sent-to-address', [mcp('coinbase-agentkit', 'get_balance', { asset_id: 'usdc' }), mcp('solana-agent', 'get_balance', { address: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU' })]);
  });

  it('invoices voided and spend limits changed by a tool are held', () => {
    each('mcp-invoice-voided', 'stopped', [mcp('quickbooks', 'void_invoice', { invoice_ids: ['1042', '1043'] }), mcp('xero', 'void_invoice', { invoice_id: 'abc' })]);
    each('mcp-spend-limit-changed', 'stopped', [
      mcp('google-ads', 'update_campaign_budget', { customer_id: '123', budget_id: '5', amount_micros: 500000000000 }),
      mcp('aws-billing', 'delete_budget', { account_id: '1234', budget_name: 'monthly-cap' }),
      mcp('openai-admin', 'update_usage_limit', { hard_limit_usd: 100000 }),
    ]);
    quiet('mcp-invoice-voided', [mcp('quickbooks', 'get_invoice', { invoice_id: '1042' }), mcp('stripe', 'list_invoices', { limit: 10 })]);
    quiet('mcp-spend-limit-changed', [mcp('google-ads', 'list_campaigns', { customer_id: '123' })]);
  });
});
