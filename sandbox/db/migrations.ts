/**
 * Versioned, append-only schema migrations (docs/architecture.md, "sandbox/db").
 *
 * Rules: never edit or reorder a migration that has shipped; add a new one with the next version.
 * Each runs in its own transaction together with its `schema_migrations` row, so a failure leaves
 * the database at the previous version.
 *
 * Units in the schema: money is integer kobo (`*_kobo`); instants are ISO 8601 UTC strings from
 * `Date.toISOString()` (fixed width, so they compare as text); calendar dates are `YYYY-MM-DD`
 * (Africa/Lagos); `*_ms` columns are milliseconds since the epoch by the sandbox clock.
 */
import type Database from 'libsql';
import { z } from 'zod';

interface Migration {
  version: number;
  name: string;
  sql: string;
}

/**
 * `CREATE TABLE name (` with the columns every record of a merchant in one mode opens with: `id`,
 * `merchant_id` and `mode` (the reads confine a key to the last two: sandbox/db/paging.ts). The
 * text, indentation included, is part of shipped migrations: never change it.
 */
function recordTable(name: string): string {
  return `CREATE TABLE ${name} (
        id TEXT PRIMARY KEY,
        merchant_id TEXT NOT NULL REFERENCES merchants(id),
        mode TEXT NOT NULL CHECK (mode IN ('test', 'live')),`;
}

/**
 * The columns of a stored idempotent answer from `mode` on (service-api.md, "Idempotency";
 * docs/decisions/0023: a hosted write's answer keeps the same ones). Part of shipped migrations.
 */
const idempotentAnswerColumns = `mode TEXT NOT NULL CHECK (mode IN ('test', 'live')),
        idempotency_key TEXT NOT NULL,
        route_name TEXT NOT NULL,
        params_json TEXT NOT NULL,
        request_hash TEXT NOT NULL,
        response_status INTEGER NOT NULL,
        -- Capability tokens are replaced by placeholders before this is written.
        response_body TEXT NOT NULL,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,`;

/**
 * `CREATE TABLE` of the webhook delivery log, as version 4 made it and version 11 rebuilt it:
 * `errors` is the SQL list of the error kinds its CHECK allows. Part of shipped migrations.
 */
function webhookAttemptsTable(name: string, errors: string): string {
  return `CREATE TABLE ${name} (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        delivery_id TEXT NOT NULL REFERENCES webhook_deliveries(id),
        attempt_number INTEGER NOT NULL,
        url TEXT NOT NULL,
        attempted_at TEXT NOT NULL,
        http_status INTEGER,
        error TEXT CHECK (error IN (${errors})),
        duration_ms INTEGER NOT NULL,
        UNIQUE (delivery_id, attempt_number)
      );`;
}

/**
 * `CREATE TABLE` of one setting per merchant and mode (`column`: its SQL column definition) with
 * the time it last changed. Part of shipped migrations: never change the text.
 */
function modeSettingTable(name: string, column: string): string {
  return `CREATE TABLE ${name} (
        merchant_id TEXT NOT NULL REFERENCES merchants(id),
        mode TEXT NOT NULL CHECK (mode IN ('test', 'live')),
        ${column},
        updated_at TEXT NOT NULL,
        PRIMARY KEY (merchant_id, mode)
      );`;
}

export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'merchants, keys, idempotency, subscriptions, direct debit',
    sql: `
      CREATE TABLE sandbox_settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );

      CREATE TABLE merchants (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        brand_color TEXT,
        logo_url TEXT,
        support_email TEXT,
        test_public_key TEXT NOT NULL UNIQUE,
        live_public_key TEXT NOT NULL UNIQUE,
        -- The service signs webhooks with it (HMAC), so it is kept, unlike secret keys.
        webhook_secret TEXT NOT NULL,
        created_at TEXT NOT NULL
      );

      -- Secret keys: only their SHA-256 is stored (hex), with the mode and scopes they carry.
      ${recordTable('api_keys')}
        key_hash TEXT NOT NULL UNIQUE,
        key_hint TEXT NOT NULL,
        scopes TEXT NOT NULL,
        created_at TEXT NOT NULL,
        revoked_at TEXT
      );

      CREATE TABLE idempotency_keys (
        merchant_id TEXT NOT NULL REFERENCES merchants(id),
        ${idempotentAnswerColumns}
        PRIMARY KEY (merchant_id, mode, idempotency_key)
      );
      CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);

      ${recordTable('plans')}
        name TEXT NOT NULL,
        amount_kobo INTEGER NOT NULL CHECK (amount_kobo > 0),
        currency TEXT NOT NULL CHECK (currency = 'NGN'),
        interval TEXT NOT NULL CHECK (interval IN ('weekly', 'monthly', 'quarterly', 'yearly')),
        description TEXT,
        created_at TEXT NOT NULL
      );

      ${recordTable('subscriptions')}
        plan_id TEXT NOT NULL REFERENCES plans(id),
        status TEXT NOT NULL,
        payment_method TEXT NOT NULL,
        preferred_payment_method TEXT NOT NULL,
        customer_email TEXT NOT NULL,
        customer_first_name TEXT,
        customer_last_name TEXT,
        customer_phone TEXT,
        callback_url TEXT,
        start_date TEXT NOT NULL,
        current_period_start TEXT NOT NULL,
        current_period_end TEXT NOT NULL,
        next_billing_date TEXT NOT NULL,
        automatic_debit_enabled INTEGER NOT NULL DEFAULT 1,
        created_at TEXT NOT NULL
      );

      ${recordTable('invoices')}
        subscription_id TEXT NOT NULL REFERENCES subscriptions(id),
        status TEXT NOT NULL CHECK (status IN ('pending', 'paid')),
        kind TEXT NOT NULL CHECK (kind IN ('initial', 'renewal')),
        amount_kobo INTEGER NOT NULL CHECK (amount_kobo > 0),
        currency TEXT NOT NULL CHECK (currency = 'NGN'),
        period_start TEXT NOT NULL,
        period_end TEXT NOT NULL,
        due_date TEXT NOT NULL,
        callback_url TEXT,
        paid_at TEXT,
        created_at TEXT NOT NULL
      );

      -- Hosted checkout / invoice page links. Token = HMAC(link secret, id:version); only its
      -- SHA-256 is stored (docs/decisions/0003-capability-tokens.md).
      ${recordTable('checkout_links')}
        invoice_id TEXT REFERENCES invoices(id),
        version INTEGER NOT NULL,
        token_hash TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL
      );
      CREATE UNIQUE INDEX checkout_links_invoice ON checkout_links (invoice_id);

      ${modeSettingTable('direct_debit_configs', 'enabled INTEGER NOT NULL')}

      ${recordTable('setup_links')}
        subscription_id TEXT NOT NULL REFERENCES subscriptions(id),
        version INTEGER NOT NULL,
        token_hash TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        -- Set when an expired link was replaced by a new one; the old token then answers 410.
        replaced_at TEXT
      );
      CREATE UNIQUE INDEX setup_links_current ON setup_links (subscription_id)
        WHERE replaced_at IS NULL;

      -- Account-name lookups per setup link, for the rate limit: instants only, no account data.
      CREATE TABLE setup_lookups (
        link_id TEXT NOT NULL REFERENCES setup_links(id),
        at_ms INTEGER NOT NULL
      );
      CREATE INDEX setup_lookups_link ON setup_lookups (link_id, at_ms);

      ${recordTable('mandates')}
        subscription_id TEXT NOT NULL REFERENCES subscriptions(id),
        status TEXT NOT NULL,
        bank_id TEXT NOT NULL,
        bank_name TEXT NOT NULL,
        account_number_masked TEXT NOT NULL,
        account_name TEXT NOT NULL,
        rejection_reason TEXT,
        activation_json TEXT,
        -- Due work: the status the bank will report at settles_at (sandbox clock).
        planned_status TEXT,
        settles_at TEXT,
        -- Set when a rejected mandate was replaced by a new authorization (history is kept).
        superseded_at TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE UNIQUE INDEX mandates_current ON mandates (subscription_id)
        WHERE superseded_at IS NULL;
      CREATE INDEX mandates_due ON mandates (settles_at) WHERE planned_status IS NOT NULL;
    `,
  },
  {
    version: 2,
    name: 'webhook events',
    sql: `
      -- One row per event (contract/events.ts). body is the exact JSON every delivery sends.
      ${recordTable('events')}
        type TEXT NOT NULL,
        body TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX events_by_merchant ON events (merchant_id, mode, created_at);
    `,
  },
  {
    version: 3,
    name: 'payments, virtual accounts, transactions, invoice checkout, renewal debits',
    sql: `
      -- Virtual accounts (va_…). Dynamic ones carry the bound amount and the payment window's end.
      ${recordTable('virtual_accounts')}
        type TEXT NOT NULL CHECK (type IN ('RESERVED', 'DYNAMIC')),
        status TEXT NOT NULL CHECK (status IN ('ACTIVE', 'EXPIRED')),
        account_name TEXT NOT NULL,
        account_number TEXT NOT NULL UNIQUE,
        bank_name TEXT NOT NULL,
        provider_reference TEXT NOT NULL,
        amount_kobo INTEGER CHECK (amount_kobo > 0),
        customer_email TEXT,
        customer_first_name TEXT,
        customer_last_name TEXT,
        customer_phone TEXT,
        expires_at TEXT,
        created_at TEXT NOT NULL
      );
      CREATE INDEX virtual_accounts_due ON virtual_accounts (expires_at) WHERE status = 'ACTIVE';

      -- Checkout payments (osp_…). The checkout link's token hash lives here (version 1).
      ${recordTable('payments')}
        status TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'expired')),
        amount_kobo INTEGER NOT NULL CHECK (amount_kobo > 0),
        received_kobo INTEGER NOT NULL DEFAULT 0,
        customer_email TEXT,
        customer_first_name TEXT,
        customer_last_name TEXT,
        customer_phone TEXT,
        callback_url TEXT,
        metadata_json TEXT NOT NULL,
        virtual_account_id TEXT NOT NULL UNIQUE REFERENCES virtual_accounts(id),
        invoice_id TEXT REFERENCES invoices(id),
        link_id TEXT NOT NULL UNIQUE,
        token_hash TEXT NOT NULL UNIQUE,
        expires_at TEXT NOT NULL,
        paid_at TEXT,
        created_at TEXT NOT NULL
      );
      CREATE INDEX payments_invoice ON payments (invoice_id, created_at);

      -- Money movements (trn_…): inbound transfers to virtual accounts, mandate debits, payouts.
      ${recordTable('transactions')}
        kind TEXT NOT NULL CHECK (kind IN ('transfer', 'debit', 'payout')),
        amount_kobo INTEGER NOT NULL CHECK (amount_kobo > 0),
        reference TEXT NOT NULL,
        virtual_account_id TEXT REFERENCES virtual_accounts(id),
        payment_id TEXT REFERENCES payments(id),
        invoice_id TEXT REFERENCES invoices(id),
        mandate_id TEXT,
        payout_id TEXT,
        sender_name TEXT,
        created_at TEXT NOT NULL
      );

      -- At most one mandate debit per invoice (UNIQUE), with its outcome as due work.
      CREATE TABLE invoice_debits (
        id TEXT PRIMARY KEY,
        invoice_id TEXT NOT NULL UNIQUE REFERENCES invoices(id),
        mandate_id TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('submitted', 'succeeded', 'failed', 'unknown')),
        planned_status TEXT,
        settles_at TEXT,
        failure_reason TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX invoice_debits_due ON invoice_debits (settles_at) WHERE planned_status IS NOT NULL;
    `,
  },
  {
    version: 4,
    name: 'webhook delivery, payouts, settlements',
    sql: `
      -- The merchant's webhook endpoint per mode (set through the sandbox, like the dashboard).
      ${modeSettingTable('webhook_endpoints', 'url TEXT NOT NULL')}

      -- The delivery queue: one row per delivery of an event (the event itself, a replay or a
      -- test). Due when status = 'pending' and next_attempt_at <= now (sandbox clock); a claimed
      -- row gets lease_until, and a lease that expired (the process died mid-attempt) is due again.
      CREATE TABLE webhook_deliveries (
        id TEXT PRIMARY KEY,
        event_id TEXT NOT NULL REFERENCES events(id),
        merchant_id TEXT NOT NULL REFERENCES merchants(id),
        mode TEXT NOT NULL CHECK (mode IN ('test', 'live')),
        trigger TEXT NOT NULL CHECK (trigger IN ('event', 'replay', 'test')),
        status TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
        attempt_count INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT,
        lease_until TEXT,
        created_at TEXT NOT NULL,
        completed_at TEXT
      );
      CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at)
        WHERE status = 'pending';
      CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id, created_at);

      -- The delivery log: every attempt with its time (sandbox clock), the URL it went to, and
      -- the HTTP status or, when there was none, the error kind.
      ${webhookAttemptsTable('webhook_attempts', "'timeout', 'network_error', 'no_endpoint'")}

      -- Payout controls of a business (service-api.md, "Authentication", rule 5).
      CREATE TABLE payout_access (
        merchant_id TEXT PRIMARY KEY REFERENCES merchants(id),
        kyc_approved INTEGER NOT NULL,
        api_enabled INTEGER NOT NULL,
        ip_whitelist TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );

      -- Settled money available for payouts, per merchant and mode.
      CREATE TABLE payout_balances (
        merchant_id TEXT NOT NULL REFERENCES merchants(id),
        mode TEXT NOT NULL CHECK (mode IN ('test', 'live')),
        available_kobo INTEGER NOT NULL CHECK (available_kobo >= 0),
        PRIMARY KEY (merchant_id, mode)
      );

      ${recordTable('settlements')}
        amount_kobo INTEGER NOT NULL CHECK (amount_kobo > 0),
        created_at TEXT NOT NULL
      );

      ${recordTable('beneficiaries')}
        bank_id TEXT NOT NULL,
        bank_name TEXT NOT NULL,
        account_number TEXT NOT NULL,
        account_name TEXT,
        status TEXT NOT NULL CHECK (status IN ('verified', 'unverified')),
        created_at TEXT NOT NULL
      );

      ${recordTable('payouts')}
        beneficiary_id TEXT NOT NULL REFERENCES beneficiaries(id),
        amount_kobo INTEGER NOT NULL CHECK (amount_kobo > 0),
        narration TEXT,
        status TEXT NOT NULL CHECK (status IN ('successful', 'failed')),
        failure_reason TEXT,
        -- Africa/Lagos calendar day, for the daily limit.
        lagos_date TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX payouts_daily ON payouts (merchant_id, lagos_date);
    `,
  },
  {
    version: 5,
    name: 'request log',
    sql: `
      -- A merchant's API requests per mode (sandbox/core/request-log.ts): id is the request id.
      -- Bodies are stored with secret keys, webhook secrets and capability tokens redacted.
      ${recordTable('request_log')}
        method TEXT NOT NULL,
        path TEXT NOT NULL,
        status INTEGER NOT NULL,
        idempotency_key TEXT,
        duration_ms INTEGER NOT NULL,
        request_body TEXT,
        response_body TEXT,
        created_at TEXT NOT NULL
      );
      CREATE INDEX request_log_by_merchant ON request_log (merchant_id, mode, created_at);
      CREATE INDEX request_log_idempotency ON request_log (merchant_id, mode, idempotency_key);
    `,
  },
  {
    // Numbered after issue 11 so that migrations added beside it in parallel keep their numbers.
    version: 11,
    name: 'webhook attempts interrupted by a crash',
    sql: `
      -- SQLite cannot change a CHECK constraint: the table is rebuilt with 'interrupted' allowed.
      ${webhookAttemptsTable('webhook_attempts_next', "'timeout', 'network_error', 'no_endpoint', 'interrupted'")}
      INSERT INTO webhook_attempts_next SELECT * FROM webhook_attempts;
      DROP TABLE webhook_attempts;
      ALTER TABLE webhook_attempts_next RENAME TO webhook_attempts;
    `,
  },
  {
    // Numbered after issue 15 so that migrations added beside it in parallel keep their numbers.
    version: 15,
    name: 'payout use cases and scheduled settlement',
    sql: `
      -- Payout use cases a business submits and the service's review of each
      -- (service-api.md, "Authentication" rules 5 and 7; docs/decisions/0021). Live mode only.
      CREATE TABLE payout_use_cases (
        id TEXT PRIMARY KEY,
        merchant_id TEXT NOT NULL REFERENCES merchants(id),
        mode TEXT NOT NULL CHECK (mode = 'live'),
        use_case TEXT NOT NULL,
        expected_monthly_volume_kobo INTEGER,
        status TEXT NOT NULL CHECK (status IN ('in_review', 'approved', 'declined')),
        decline_reason TEXT,
        reviewed_at TEXT,
        created_at TEXT NOT NULL
      );
      -- At most one use case in review per business.
      CREATE UNIQUE INDEX payout_use_cases_one_in_review ON payout_use_cases (merchant_id)
        WHERE status = 'in_review';

      -- The settlement that moved a collection into the payout balance (null: not yet settled).
      ALTER TABLE transactions ADD COLUMN settlement_id TEXT REFERENCES settlements(id);
      CREATE INDEX transactions_unsettled ON transactions (mode, settlement_id, created_at);
    `,
  },
  {
    version: 16,
    name: 'webhook attempt response excerpt',
    sql: `
      -- The first 200 characters of the endpoint's answer body (null: no answer, or an attempt
      -- logged before this column existed), shown in the delivery log (issue 16).
      ALTER TABLE webhook_attempts ADD COLUMN response_excerpt TEXT;
    `,
  },
  {
    // Numbered after the parallel payout (15) and webhook-log (16) migrations.
    version: 17,
    name: 'demo keys made before sandbox:controls keep opening the sandbox controls',
    sql: `
      -- Issue 11 put the sandbox controls behind their own scope and gave it to new demo keys.
      -- The demo keys of an older data directory (made with the merchant, holding exactly the
      -- old default scopes) get it too, so its controls keep answering instead of 403. Keys a
      -- merchant issued later with chosen scopes are left as they are.
      UPDATE api_keys
         SET scopes = '["subscriptions:read","subscriptions:write","sandbox:controls"]'
       WHERE scopes = '["subscriptions:read","subscriptions:write"]'
         AND merchant_id = (SELECT value FROM sandbox_settings WHERE key = 'demo_merchant_id')
         AND created_at = (SELECT created_at FROM merchants WHERE id = api_keys.merchant_id);
    `,
  },
  {
    // Numbered after 17; a parallel migration 18 elsewhere would renumber one of the two.
    version: 18,
    name: 'dashboard withdrawals',
    sql: `
      -- Withdrawals to the business's settlement bank account, the dashboard flow of
      -- service-api.md, "Authentication" rule 6 (docs/decisions/0021). Live mode only.
      CREATE TABLE withdrawals (
        id TEXT PRIMARY KEY,
        merchant_id TEXT NOT NULL REFERENCES merchants(id),
        mode TEXT NOT NULL CHECK (mode = 'live'),
        amount_kobo INTEGER NOT NULL CHECK (amount_kobo > 0),
        bank_id TEXT NOT NULL,
        bank_name TEXT NOT NULL,
        account_number TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status = 'successful'),
        balance_after_kobo INTEGER NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX withdrawals_by_merchant ON withdrawals (merchant_id, mode, created_at);
    `,
  },
  {
    version: 19,
    name: 'idempotency keys of hosted writes, per link',
    sql: `
      -- The Idempotency-Key a hosted page sends with a write (docs/decisions/0023), scoped to
      -- the capability token's record rather than to a merchant: link_ref is 'setup_link:<id>',
      -- 'payment:<id>' or 'invoice:<id>'. Same columns and retention as idempotency_keys.
      CREATE TABLE link_idempotency_keys (
        link_ref TEXT NOT NULL,
        ${idempotentAnswerColumns}
        PRIMARY KEY (link_ref, idempotency_key)
      );
      CREATE INDEX link_idempotency_keys_expiry ON link_idempotency_keys (mode, expires_at);
    `,
  },
  {
    version: 20,
    name: 'uploaded merchant logos',
    sql: `
      -- A logo uploaded through the branding settings (docs/decisions/0022-merchant-branding.md):
      -- its checked bytes in base64, its type (told by the bytes) and SHA-256, the name it is
      -- served under. Set together or not at all, and never beside a logo_url.
      ALTER TABLE merchants ADD COLUMN logo_content_type TEXT
        CHECK (logo_content_type IN ('image/png', 'image/svg+xml'));
      ALTER TABLE merchants ADD COLUMN logo_base64 TEXT;
      ALTER TABLE merchants ADD COLUMN logo_sha256 TEXT;
      CREATE INDEX merchants_by_logo ON merchants (logo_sha256);
    `,
  },
  {
    version: 21,
    name: "the merchant's preferred language of subscriptions and payments",
    sql: `
      -- The language a subscription's or payment's hosted pages open in when the customer has
      -- not chosen one (docs/decisions/0024-languages.md); null: no preference (and every row
      -- made before). No CHECK on the list: the contract's languageSchema checks it on the way
      -- in and on every read, and SQLite could only widen a CHECK by rebuilding the table.
      ALTER TABLE subscriptions ADD COLUMN preferred_language TEXT;
      ALTER TABLE payments ADD COLUMN preferred_language TEXT;
    `,
  },
  {
    version: 22,
    name: 'list indexes by merchant, mode and creation',
    sql: `
      -- Every list reads one merchant's records of one mode newest first (sandbox/db/paging.ts):
      -- without these, a page of 100 scanned and sorted all of the table's rows
      -- (docs/decisions/0030-sandbox-serving-and-headers.md). The rowid tie-break is the index's
      -- own last column.
      CREATE INDEX payments_by_merchant ON payments (merchant_id, mode, created_at);
      CREATE INDEX virtual_accounts_by_merchant ON virtual_accounts (merchant_id, mode, created_at);
      CREATE INDEX transactions_by_merchant ON transactions (merchant_id, mode, created_at);
      CREATE INDEX subscriptions_by_merchant ON subscriptions (merchant_id, mode, created_at);
      CREATE INDEX invoices_by_merchant ON invoices (merchant_id, mode, created_at);
      CREATE INDEX plans_by_merchant ON plans (merchant_id, mode, created_at);
      CREATE INDEX payouts_by_merchant ON payouts (merchant_id, mode, created_at);
      CREATE INDEX beneficiaries_by_merchant ON beneficiaries (merchant_id, mode, created_at);
      CREATE INDEX payout_use_cases_by_merchant ON payout_use_cases (merchant_id, mode, created_at);
    `,
  },
  {
    version: 23,
    name: 'request log retention by real time',
    sql: `
      -- When each request arrived by the real (base) clock, which retention counts from
      -- (sandbox/core/request-log.ts): created_at is the mode's clock, and advancing the test
      -- clock must not age the log. Entries logged before have only created_at: it stands in.
      ALTER TABLE request_log ADD COLUMN received_at TEXT NOT NULL DEFAULT '';
      UPDATE request_log SET received_at = created_at;
      CREATE INDEX request_log_by_receipt ON request_log (merchant_id, mode, received_at);
    `,
  },
];

const appliedRowSchema = z.object({ version: z.number() });

/**
 * Applies every migration newer than the database's version, in order, each in a transaction.
 * @throws Error when the list is not strictly increasing or a migration fails.
 */
export function migrate(db: Database.Database): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const applied = new Set(
    db
      .prepare('SELECT version FROM schema_migrations')
      .all()
      .map((row) => appliedRowSchema.parse(row).version),
  );
  let previous = 0;
  for (const migration of migrations) {
    if (migration.version <= previous) {
      throw new Error(`Migrations must be in increasing order (at version ${migration.version})`);
    }
    previous = migration.version;
    if (applied.has(migration.version)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        migration.version,
        migration.name,
        // Wall-clock on purpose: when the schema changed is not sandbox-clock business.
        new Date().toISOString(),
      );
    })();
  }
}
