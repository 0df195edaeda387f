import type { Db } from './db';

/**
 * Forward-only schema migrations. A migration's number is its position in the list and the database
 * remembers the last one applied in PRAGMA user_version; never edit or reorder an applied migration,
 * append a new one (search, accounts, the mail queue, form submissions and search stems came this way).
 *
 * Conventions: every localized entity has a `*_translations` table with one row per locale, its slug
 * unique per locale (the index the slug lookups use); `key` is the seed's stable identifier, so ids
 * survive re-imports. Fields that are only ever displayed (images, rich-text blocks, lists) are JSON
 * text; fields that are filtered, joined or sorted on are columns.
 */
/** A migration is its SQL, or that with foreign keys off while it runs (a table rebuilt under its children). */
type Migration = string | { sql: string; foreignKeysOff: true };

const MIGRATIONS: readonly Migration[] = [
  /* 1: content */ `
  CREATE TABLE content_state (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    hash TEXT NOT NULL,
    imported_at TEXT NOT NULL
  );

  CREATE TABLE settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL CHECK (json_valid(value)),
    position INTEGER NOT NULL
  );

  CREATE TABLE seo_entries (
    locale TEXT NOT NULL,
    entry TEXT NOT NULL,
    title TEXT NOT NULL,
    PRIMARY KEY (locale, entry)
  ) WITHOUT ROWID;

  CREATE TABLE menus (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    position INTEGER NOT NULL
  );
  CREATE TABLE menu_translations (
    menu_id INTEGER NOT NULL REFERENCES menus (id) ON DELETE CASCADE,
    locale TEXT NOT NULL,
    title TEXT NOT NULL,
    items TEXT NOT NULL CHECK (json_valid(items)),
    PRIMARY KEY (menu_id, locale)
  );

  CREATE TABLE notification (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    notice_id TEXT NOT NULL,
    level TEXT NOT NULL CHECK (level IN ('info', 'warning')),
    link TEXT CHECK (link IS NULL OR json_valid(link))
  );
  CREATE TABLE notification_translations (
    notification_id INTEGER NOT NULL REFERENCES notification (id) ON DELETE CASCADE,
    locale TEXT NOT NULL,
    message TEXT NOT NULL,
    PRIMARY KEY (notification_id, locale)
  );

  CREATE TABLE categories (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    offer_type TEXT NOT NULL,
    position INTEGER NOT NULL,
    image TEXT NOT NULL CHECK (json_valid(image))
  );
  CREATE TABLE category_translations (
    category_id INTEGER NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
    locale TEXT NOT NULL,
    slug TEXT NOT NULL,
    title TEXT NOT NULL,
    summary TEXT NOT NULL,
    image_alt TEXT NOT NULL,
    seo_title TEXT NOT NULL,
    seo_description TEXT NOT NULL,
    body TEXT NOT NULL CHECK (json_valid(body)),
    PRIMARY KEY (category_id, locale),
    UNIQUE (locale, slug)
  );

  CREATE TABLE products (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    category_id INTEGER NOT NULL REFERENCES categories (id),
    offer_type TEXT NOT NULL,
    position INTEGER NOT NULL,
    image TEXT NOT NULL CHECK (json_valid(image)),
    images TEXT NOT NULL CHECK (json_valid(images))
  );
  CREATE INDEX products_category ON products (category_id, position);
  CREATE TABLE product_translations (
    product_id INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    locale TEXT NOT NULL,
    slug TEXT NOT NULL,
    title TEXT NOT NULL,
    summary TEXT NOT NULL,
    image_alt TEXT NOT NULL,
    images_alt TEXT NOT NULL CHECK (json_valid(images_alt)),
    seo_title TEXT NOT NULL,
    seo_description TEXT NOT NULL,
    body TEXT NOT NULL CHECK (json_valid(body)),
    features TEXT NOT NULL CHECK (json_valid(features)),
    variants TEXT NOT NULL CHECK (json_valid(variants)),
    options TEXT NOT NULL CHECK (json_valid(options)),
    PRIMARY KEY (product_id, locale),
    UNIQUE (locale, slug)
  );

  CREATE TABLE article_categories (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    position INTEGER NOT NULL
  );
  CREATE TABLE article_category_translations (
    article_category_id INTEGER NOT NULL REFERENCES article_categories (id) ON DELETE CASCADE,
    locale TEXT NOT NULL,
    slug TEXT NOT NULL,
    title TEXT NOT NULL,
    description TEXT NOT NULL,
    PRIMARY KEY (article_category_id, locale),
    UNIQUE (locale, slug)
  );

  CREATE TABLE articles (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    category_id INTEGER NOT NULL REFERENCES article_categories (id),
    published_at TEXT NOT NULL,
    image TEXT NOT NULL CHECK (json_valid(image))
  );
  CREATE INDEX articles_published ON articles (published_at, id);
  CREATE INDEX articles_category_published ON articles (category_id, published_at, id);
  CREATE TABLE article_translations (
    article_id INTEGER NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
    locale TEXT NOT NULL,
    slug TEXT NOT NULL,
    title TEXT NOT NULL,
    excerpt TEXT NOT NULL,
    author TEXT NOT NULL,
    image_alt TEXT NOT NULL,
    seo_title TEXT NOT NULL,
    seo_description TEXT NOT NULL,
    body TEXT NOT NULL CHECK (json_valid(body)),
    PRIMARY KEY (article_id, locale),
    UNIQUE (locale, slug)
  );
  CREATE TABLE article_related (
    article_id INTEGER NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
    related_id INTEGER NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    PRIMARY KEY (article_id, related_id)
  );

  CREATE TABLE faq_categories (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    position INTEGER NOT NULL
  );
  CREATE TABLE faq_category_translations (
    faq_category_id INTEGER NOT NULL REFERENCES faq_categories (id) ON DELETE CASCADE,
    locale TEXT NOT NULL,
    slug TEXT NOT NULL,
    title TEXT NOT NULL,
    PRIMARY KEY (faq_category_id, locale),
    UNIQUE (locale, slug)
  );
  CREATE TABLE faq_items (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    category_id INTEGER NOT NULL REFERENCES faq_categories (id),
    position INTEGER NOT NULL
  );
  CREATE INDEX faq_items_category ON faq_items (category_id, position);
  CREATE TABLE faq_item_translations (
    faq_item_id INTEGER NOT NULL REFERENCES faq_items (id) ON DELETE CASCADE,
    locale TEXT NOT NULL,
    slug TEXT NOT NULL,
    question TEXT NOT NULL,
    answer TEXT NOT NULL CHECK (json_valid(answer)),
    PRIMARY KEY (faq_item_id, locale),
    UNIQUE (locale, slug)
  );

  CREATE TABLE pages (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    -- updated_at moves only when this page's seed entry changes, not on every import
    content_hash TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE page_translations (
    page_id INTEGER NOT NULL REFERENCES pages (id) ON DELETE CASCADE,
    locale TEXT NOT NULL,
    slug TEXT NOT NULL,
    title TEXT NOT NULL,
    seo_title TEXT NOT NULL,
    seo_description TEXT NOT NULL,
    body TEXT NOT NULL CHECK (json_valid(body)),
    PRIMARY KEY (page_id, locale),
    UNIQUE (locale, slug)
  );

  CREATE TABLE home (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    hero_image TEXT NOT NULL CHECK (json_valid(hero_image))
  );
  CREATE TABLE home_translations (
    home_id INTEGER NOT NULL REFERENCES home (id) ON DELETE CASCADE,
    locale TEXT NOT NULL,
    seo_title TEXT NOT NULL,
    seo_description TEXT NOT NULL,
    hero_title TEXT NOT NULL,
    hero_text TEXT NOT NULL,
    hero_image_alt TEXT NOT NULL,
    hero_cta TEXT NOT NULL CHECK (json_valid(hero_cta)),
    intro TEXT NOT NULL CHECK (json_valid(intro)),
    ctas TEXT NOT NULL CHECK (json_valid(ctas)),
    PRIMARY KEY (home_id, locale)
  );
  `,

  /* 2: site search, one row per entity and locale, rebuilt by every import */ `
  CREATE VIRTUAL TABLE search_index USING fts5 (
    kind UNINDEXED,
    entity_id UNINDEXED,
    locale UNINDEXED,
    title,
    body,
    -- folds diacritics, so that 'sencila' finds 'senčila' and 'rollladen' finds 'Rollläden'
    tokenize = 'unicode61 remove_diacritics 2'
  );
  `,

  /* 3: accounts and the outgoing mail queue */ `
  CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    -- stored trimmed and lowercased by the form schema; NOCASE makes the unique index case-blind as well
    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
    -- PHC-style string ($scrypt$ln=..,r=..,p=..$salt$hash): the parameters travel with the hash, so
    -- they can be raised later and old hashes still verify (and are rehashed at the next login)
    password_hash TEXT NOT NULL,
    name TEXT NOT NULL,
    phone TEXT NOT NULL DEFAULT '',
    street_address TEXT NOT NULL DEFAULT '',
    postal_code TEXT NOT NULL DEFAULT '',
    town TEXT NOT NULL DEFAULT '',
    -- the language the account was registered in
    locale TEXT NOT NULL,
    verified_at TEXT,
    created_at TEXT NOT NULL,
    -- login attempts in a row that did not succeed; counted before the password is checked, so
    -- parallel guesses cannot slip past the limit
    failed_logins INTEGER NOT NULL DEFAULT 0,
    locked_until TEXT
  );

  -- Only a SHA-256 of each token is stored: a copy of the database cannot verify an address or reset
  -- a password. Tokens are 32 random bytes, so an unsalted fast hash is enough.
  CREATE TABLE user_tokens (
    token_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('verify', 'reset')),
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at TEXT
  ) WITHOUT ROWID;
  CREATE INDEX user_tokens_user ON user_tokens (user_id, kind, created_at);
  CREATE INDEX user_tokens_expires ON user_tokens (expires_at);

  CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX sessions_user ON sessions (user_id);
  CREATE INDEX sessions_expires ON sessions (expires_at);

  -- Failed logins for addresses that have no account, counted exactly like a user's, so the lockout
  -- cannot tell which addresses exist. Keyed by a SHA-256 of the address; rows go after a day.
  CREATE TABLE login_throttle (
    email_hash TEXT PRIMARY KEY,
    failed_logins INTEGER NOT NULL,
    locked_until TEXT,
    updated_at TEXT NOT NULL
  ) WITHOUT ROWID;

  -- The mail queue: a mail is written in the same transaction as what caused it, so a crash loses
  -- nothing, and a worker delivers it. Once sent (or given up) the text is blanked: it may hold a token.
  CREATE TABLE outgoing_mail (
    id INTEGER PRIMARY KEY,
    recipient TEXT NOT NULL,
    -- which template wrote it (verify_email, password_reset, ...): for limits and for operators
    template TEXT NOT NULL,
    subject TEXT NOT NULL,
    text TEXT NOT NULL,
    created_at TEXT NOT NULL,
    -- when the worker may try next: after a failure (backoff) or while one attempt holds it (lease)
    next_attempt_at TEXT NOT NULL,
    sent_at TEXT,
    given_up_at TEXT,
    attempts INTEGER NOT NULL DEFAULT 0,
    -- an error code only (never a server's reply, which may quote the address)
    last_error TEXT
  );
  CREATE INDEX outgoing_mail_due ON outgoing_mail (next_attempt_at, id) WHERE sent_at IS NULL AND given_up_at IS NULL;
  CREATE INDEX outgoing_mail_recipient ON outgoing_mail (recipient, template, created_at);
  `,

  /* 4: form submissions, newsletter subscriptions, Reply-To on queued mail */ `
  -- Inquiries and service requests. The id is random (it reaches the BFF and the visitor's account,
  -- and must not tell how many came before); the idempotency key makes a retried delivery the same row.
  CREATE TABLE submissions (
    id TEXT PRIMARY KEY,
    idempotency_key TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL CHECK (kind IN ('inquiry', 'service')),
    -- the visitor's language: their confirmation was written in it, and the company answers in it
    locale TEXT NOT NULL,
    -- the output of the form's schema (shared/forms), as the company's notification listed it
    data TEXT NOT NULL CHECK (json_valid(data)),
    -- the visitor's address, lowercased by the schema (a service request may have none): an account
    -- with this verified address lists the submission
    email TEXT,
    status TEXT NOT NULL DEFAULT 'received' CHECK (status IN ('received', 'in_progress', 'done')),
    created_at TEXT NOT NULL
  );
  CREATE INDEX submissions_email ON submissions (email, created_at) WHERE email IS NOT NULL;

  -- One row per address, ever: subscribing again reactivates the row rather than adding one.
  CREATE TABLE newsletter_subscriptions (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
    locale TEXT NOT NULL,
    -- when the consent now in force was given (a new subscription after an unsubscription moves it)
    consent_at TEXT NOT NULL,
    created_at TEXT NOT NULL,
    unsubscribed_at TEXT
  );

  -- Every idempotency key a newsletter post came with, so a retried key answers the first id even
  -- when the address was already subscribed under another key.
  CREATE TABLE newsletter_requests (
    idempotency_key TEXT PRIMARY KEY,
    subscription_id TEXT NOT NULL REFERENCES newsletter_subscriptions (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL
  ) WITHOUT ROWID;

  -- Where a reply should go: the visitor for the company's notification, the company for the
  -- visitor's confirmation. Blanked with the text once the mail is sent.
  ALTER TABLE outgoing_mail ADD COLUMN reply_to TEXT;
  `,

  /* 5: site search finds other word forms: stem columns beside the words (docs/decisions/0007-search.md) */ `
  -- The index holds nothing but what an import writes, and the content version covers the schema
  -- version, so the next start re-imports and fills the new table.
  DROP TABLE search_index;
  CREATE VIRTUAL TABLE search_index USING fts5 (
    kind UNINDEXED,
    entity_id UNINDEXED,
    locale UNINDEXED,
    title,
    body,
    -- the stems of title and body (shared/search/analyzer.ts), so 'garažnih' finds 'garaža'
    title_stems,
    body_stems,
    tokenize = 'unicode61 remove_diacritics 2',
    -- prefix indexes: the header box asks for every keystroke, and a query's first letters are the
    -- slowest prefixes to expand (a one-letter query took twice as long without them)
    prefix = '1 2 3'
  );
  `,

  /* 6: newsletter double opt-in and one-click unsubscribe (docs/decisions/0023-newsletter-consent.md) */ `
  -- When the owner of the address confirmed the signup from the link in the confirmation mail (or from
  -- their verified account). Null: a signup nobody confirmed yet, which counts as no subscription and
  -- is erased 30 days after its last signup (consent_at). Rows from before double opt-in were
  -- subscribed by a signup on the site and are kept as they were, confirmed when they consented.
  ALTER TABLE newsletter_subscriptions ADD COLUMN confirmed_at TEXT;
  UPDATE newsletter_subscriptions SET confirmed_at = consent_at;
  CREATE INDEX newsletter_subscriptions_unconfirmed ON newsletter_subscriptions (consent_at) WHERE confirmed_at IS NULL;

  -- Links in newsletter mails: 'confirm' (single use, expires) and 'unsubscribe' (one per mail, works
  -- as long as the subscription row exists, and can do nothing but unsubscribe it). Only a SHA-256 of
  -- each token is stored, as for the account tokens.
  CREATE TABLE newsletter_tokens (
    token_hash TEXT PRIMARY KEY,
    subscription_id TEXT NOT NULL REFERENCES newsletter_subscriptions (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('confirm', 'unsubscribe')),
    created_at TEXT NOT NULL,
    expires_at TEXT,
    used_at TEXT
  ) WITHOUT ROWID;
  CREATE INDEX newsletter_tokens_subscription ON newsletter_tokens (subscription_id, kind, created_at);

  -- Extra headers of a queued mail (List-Unsubscribe), JSON; blanked with the text once sent, since
  -- they hold a token.
  ALTER TABLE outgoing_mail ADD COLUMN headers TEXT;
  `,

  /* 7: retention of submissions (docs/decisions/0024-data-rights.md) */ `
  -- When the submission last saw activity: its arrival, then every change of its status (whatever tool
  -- the company changes it with, hence the trigger). The retention period runs from the newest activity
  -- of all submissions from the same address. NULL in rows written before: their arrival counts.
  ALTER TABLE submissions ADD COLUMN last_activity_at TEXT;
  UPDATE submissions SET last_activity_at = created_at;
  CREATE TRIGGER submissions_status_activity AFTER UPDATE OF status ON submissions
  WHEN new.status IS NOT old.status
  BEGIN
    UPDATE submissions SET last_activity_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = new.id;
  END;
  -- Set when the account of its address was deleted: at the end of the retention period it is then
  -- anonymised (like an existing account's), not erased, though no account matches its address any more.
  ALTER TABLE submissions ADD COLUMN from_account INTEGER NOT NULL DEFAULT 0 CHECK (from_account IN (0, 1));
  -- When the retention period ended for a submission from an account: the address, every free-text field
  -- and the idempotency key are gone; what was asked for (offer type, sizes, options) and when remain.
  ALTER TABLE submissions ADD COLUMN anonymised_at TEXT;
  CREATE INDEX submissions_activity ON submissions (coalesce(last_activity_at, created_at)) WHERE anonymised_at IS NULL;
  CREATE INDEX users_unverified ON users (created_at) WHERE verified_at IS NULL;
  `,

  /* 8: photos sent with an inquiry or a service request (docs/decisions/0026-photos-with-forms.md), and the mail they go with */ `
  CREATE TABLE submission_photos (
    submission_id TEXT NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    name TEXT NOT NULL,
    type TEXT NOT NULL,
    bytes BLOB NOT NULL,
    -- a small JPEG for the visitor's own list of submissions
    thumbnail BLOB NOT NULL,
    PRIMARY KEY (submission_id, position)
  );
  -- the submission whose photos go with the mail as attachments (the company's notification)
  ALTER TABLE outgoing_mail ADD COLUMN photos_of TEXT;
  `,

  /* 9: login limits per address and per account and address, unlock links (docs/decisions/0025-account-hardening.md) */ `
  -- The lockout per address typed (which let anyone lock anyone out) goes, counters and all.
  DROP TABLE login_throttle;
  ALTER TABLE users DROP COLUMN failed_logins;
  ALTER TABLE users DROP COLUMN locked_until;

  -- The counters of server/cms/accounts/login-limits.ts, one row each: an account from one address,
  -- one address, one account. The key is a SHA-256 of what it counts (an address typed, a client's
  -- address), the same for addresses with and without an account. \`count\` is the failures in a row
  -- (a pair) or a leaky bucket's level; \`at\` when it last changed. Rows go a day after that.
  CREATE TABLE login_limits (
    key TEXT PRIMARY KEY,
    count REAL NOT NULL,
    at TEXT NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX login_limits_at ON login_limits (at);

  -- Links mailed to the owner of an account that is being guessed at: single-use, stored as a SHA-256
  -- like every other token, and good for one sign-in past the limits.
  CREATE TABLE unlock_tokens (
    token_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at TEXT
  ) WITHOUT ROWID;
  CREATE INDEX unlock_tokens_user ON unlock_tokens (user_id);
  CREATE INDEX unlock_tokens_expires ON unlock_tokens (expires_at);
  `,

  /* 10: an account lists only submissions whose address was confirmed for them (docs/decisions/0025-account-hardening.md) */ `
  -- A grant says "the visitor posting this form is signed in to this account": the BFF takes one when
  -- a signed-in visitor posts a form and sends it with the submission, which its outbox may deliver
  -- hours later. Single-use, stored as a SHA-256 like every token.
  CREATE TABLE submission_grants (
    token_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at TEXT
  ) WITHOUT ROWID;
  CREATE INDEX submission_grants_expires ON submission_grants (expires_at);

  -- When the address of the submission was shown to be the poster's: posted with a grant of a verified
  -- account with that address. Only such submissions are listed for the account. Those stored before
  -- carry no such proof (anyone could type any address) and stay unlisted.
  ALTER TABLE submissions ADD COLUMN email_confirmed_at TEXT;
  DROP INDEX submissions_email;
  CREATE INDEX submissions_email ON submissions (email, created_at) WHERE email IS NOT NULL AND email_confirmed_at IS NOT NULL;
  `,

  /* 11: search in the content API's memory (docs/decisions/0037-search-engine.md): the FTS5 index goes; the synonym files stay */ `
  DROP TABLE search_index;
  -- A locale's synonym file (content/synonyms/) as it was imported; the search engine reads it when it builds its index.
  CREATE TABLE search_synonyms (
    locale TEXT PRIMARY KEY,
    rules TEXT NOT NULL
  );
  `,

  /* 12: per-address mail limits count a mailbox, not a spelling (server/cms/mail/mailbox.ts) */ `
  -- The mailbox the recipient's address delivers to (lower case, without its +tag, Gmail's dots
  -- removed), written with each mail. Mails queued before have their address in lower case: the
  -- limits look back an hour, so that is what a deploy lets through once.
  ALTER TABLE outgoing_mail ADD COLUMN recipient_key TEXT;
  UPDATE outgoing_mail SET recipient_key = lower(recipient);
  DROP INDEX outgoing_mail_recipient;
  CREATE INDEX outgoing_mail_recipient_key ON outgoing_mail (recipient_key, template, created_at);
  `,

  /* 13: photos too large to attach, linked from the company's mail (docs/decisions/0034-uploads-under-attack.md) */ `
  -- The SHA-256 of the link's token, like every token; set only for the photos of a submission whose
  -- notification links them instead of attaching them. The token itself is only ever in that mail.
  ALTER TABLE submission_photos ADD COLUMN link_token_hash TEXT;
  CREATE UNIQUE INDEX submission_photos_link ON submission_photos (link_token_hash) WHERE link_token_hash IS NOT NULL;
  `,

  /* 14: staff accounts, the audit log, and leads worked on the site (docs/decisions/0040-staff-and-leads.md) */ {
    // The status column's allowed values change, which SQLite does only by rebuilding the table; the
    // photos' foreign key would cascade a DROP into them, so this one runs with foreign keys off and
    // checks them before it commits.
    foreignKeysOff: true,
    sql: `
  -- The company's people: never visitors' accounts (their own table, sessions and cookie), each with a
  -- role and a TOTP secret that every sign-in needs once enrolled.
  CREATE TABLE staff_members (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
    name TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('owner', 'sales', 'editor')),
    password_hash TEXT NOT NULL,
    -- base32; null until the member has proved their authenticator app with a code
    totp_secret TEXT,
    -- the highest TOTP time step accepted: a code seen once is refused ever after (a replay)
    totp_last_step INTEGER NOT NULL DEFAULT 0,
    -- the language of the staff screens and of mails to the member
    locale TEXT NOT NULL DEFAULT 'sl',
    created_at TEXT NOT NULL,
    disabled_at TEXT
  );

  -- Invitations by an owner (or the command line for the first owner): single-use, expiring links.
  CREATE TABLE staff_invitations (
    token_hash TEXT PRIMARY KEY,
    email TEXT NOT NULL COLLATE NOCASE,
    role TEXT NOT NULL CHECK (role IN ('owner', 'sales', 'editor')),
    invited_by INTEGER REFERENCES staff_members (id) ON DELETE SET NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at TEXT
  ) WITHOUT ROWID;

  -- Between the password and the second factor: a short-lived, single-use proof that the password was
  -- right, and (before enrolment) the secret the member's app is being set up with.
  CREATE TABLE staff_challenges (
    token_hash TEXT PRIMARY KEY,
    member_id INTEGER NOT NULL REFERENCES staff_members (id) ON DELETE CASCADE,
    pending_secret TEXT,
    wrong_codes INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
  ) WITHOUT ROWID;

  CREATE TABLE staff_recovery_codes (
    code_hash TEXT PRIMARY KEY,
    member_id INTEGER NOT NULL REFERENCES staff_members (id) ON DELETE CASCADE,
    used_at TEXT
  ) WITHOUT ROWID;
  CREATE INDEX staff_recovery_codes_member ON staff_recovery_codes (member_id);

  -- A session ends at expires_at, or earlier after its idle period since last_seen_at.
  CREATE TABLE staff_sessions (
    token_hash TEXT PRIMARY KEY,
    member_id INTEGER NOT NULL REFERENCES staff_members (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    last_seen_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX staff_sessions_member ON staff_sessions (member_id);

  -- Every staff action: who, what, when, which lead. Kept when a member goes (member_id set null, the
  -- name stays in member_name), never changed.
  CREATE TABLE staff_audit (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    member_id INTEGER REFERENCES staff_members (id) ON DELETE SET NULL,
    member_name TEXT NOT NULL,
    action TEXT NOT NULL,
    lead_id TEXT,
    detail TEXT CHECK (detail IS NULL OR json_valid(detail))
  );
  CREATE INDEX staff_audit_at ON staff_audit (at);
  CREATE INDEX staff_audit_lead ON staff_audit (lead_id, at) WHERE lead_id IS NOT NULL;

  -- Submissions become leads: the statuses the company works them through, who answers, the booked
  -- visit, why one was lost, and a folded text of who sent it for the inbox's search.
  CREATE TABLE submissions_new (
    id TEXT PRIMARY KEY,
    idempotency_key TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL CHECK (kind IN ('inquiry', 'service')),
    locale TEXT NOT NULL,
    data TEXT NOT NULL CHECK (json_valid(data)),
    email TEXT,
    status TEXT NOT NULL DEFAULT 'new'
      CHECK (status IN ('new', 'contacted', 'visit_booked', 'quote_sent', 'ordered', 'installed', 'closed', 'lost', 'spam')),
    created_at TEXT NOT NULL,
    last_activity_at TEXT,
    from_account INTEGER NOT NULL DEFAULT 0 CHECK (from_account IN (0, 1)),
    anonymised_at TEXT,
    email_confirmed_at TEXT,
    assignee_id INTEGER REFERENCES staff_members (id) ON DELETE SET NULL,
    -- the measuring visit's local date and time (the company's time zone), while one is booked
    visit_at TEXT,
    lost_reason TEXT,
    -- when a member first moved it on from new: the arrival-to-first-contact metric
    first_contact_at TEXT,
    -- stored, so the inbox's index holds it and a filter on it reads no row
    offer_type TEXT GENERATED ALWAYS AS (json_extract(data, '$.offerType')) STORED,
    -- name, address, phone, town and message, lowercased without diacritics (server/cms/leads/search-text.ts)
    search_text TEXT NOT NULL DEFAULT ''
  );
  INSERT INTO submissions_new (id, idempotency_key, kind, locale, data, email, status, created_at, last_activity_at, from_account, anonymised_at, email_confirmed_at)
    SELECT id, idempotency_key, kind, locale, data, email,
      CASE status WHEN 'received' THEN 'new' WHEN 'in_progress' THEN 'contacted' ELSE 'closed' END,
      created_at, last_activity_at, from_account, anonymised_at, email_confirmed_at
    FROM submissions;
  DROP TABLE submissions;
  ALTER TABLE submissions_new RENAME TO submissions;
  CREATE INDEX submissions_email ON submissions (email, created_at) WHERE email IS NOT NULL AND email_confirmed_at IS NOT NULL;
  CREATE INDEX submissions_activity ON submissions (coalesce(last_activity_at, created_at)) WHERE anonymised_at IS NULL;
  -- Every filter of the inbox reads this one index, newest first (created_at DESC, rowid DESC: the index
  -- backwards), and counts what it finds from the index alone: never the rows with their data, which
  -- are twenty times wider. An index per filter column had SQLite fetch each row to check the others.
  CREATE INDEX submissions_inbox ON submissions (created_at, status, kind, assignee_id, offer_type, search_text);
  CREATE TRIGGER submissions_status_activity AFTER UPDATE OF status ON submissions
  WHEN new.status IS NOT old.status
  BEGIN
    UPDATE submissions SET last_activity_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = new.id;
  END;

  -- A lead's history: status changes, assignments, internal notes and replies to the visitor. Texts of
  -- notes and replies are personal data: blanked when the lead is anonymised, gone when it is erased.
  CREATE TABLE lead_events (
    id INTEGER PRIMARY KEY,
    submission_id TEXT NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
    at TEXT NOT NULL,
    member_id INTEGER REFERENCES staff_members (id) ON DELETE SET NULL,
    member_name TEXT,
    kind TEXT NOT NULL CHECK (kind IN ('status', 'assign', 'note', 'reply')),
    data TEXT NOT NULL CHECK (json_valid(data))
  );
  CREATE INDEX lead_events_submission ON lead_events (submission_id, at);
  `,
  },
  /* 15: what a product fixes in its inquiry, chosen when the inquiry opens from its page (docs/decisions/0041-the-way-in.md) */ `
  -- The content version covers the schema version: the next start re-imports and fills it.
  ALTER TABLE products ADD COLUMN inquiry_preset TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(inquiry_preset));
  `,
  /* 16: editing content: drafts, revisions, previews, redirects (docs/decisions/0045-editing-content.md) */ `
  -- An entity's unpublished edit (its JSON in the seed's shape), and when it is to be published.
  CREATE TABLE content_drafts (
    kind TEXT NOT NULL,
    key TEXT NOT NULL,
    json TEXT NOT NULL CHECK (json_valid(json)),
    updated_at TEXT NOT NULL,
    member_id INTEGER REFERENCES staff_members (id) ON DELETE SET NULL,
    member_name TEXT NOT NULL,
    publish_at TEXT,
    PRIMARY KEY (kind, key)
  );
  CREATE INDEX content_drafts_due ON content_drafts (publish_at) WHERE publish_at IS NOT NULL;

  -- What each publish, unpublish or restore made live (json NULL: the entity was taken off the site).
  CREATE TABLE content_revisions (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    key TEXT NOT NULL,
    json TEXT CHECK (json IS NULL OR json_valid(json)),
    at TEXT NOT NULL,
    member_id INTEGER REFERENCES staff_members (id) ON DELETE SET NULL,
    member_name TEXT NOT NULL,
    action TEXT NOT NULL CHECK (action IN ('publish', 'unpublish', 'scheduled'))
  );
  CREATE INDEX content_revisions_entity ON content_revisions (kind, key, id DESC);

  -- Preview links: a random token (stored as its SHA-256) for one entity's draft, until it expires.
  CREATE TABLE content_previews (
    token_hash TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    key TEXT NOT NULL,
    expires_at TEXT NOT NULL
  ) WITHOUT ROWID;

  -- Old addresses of renamed pages, answered by the site with a 301 before its 404.
  CREATE TABLE content_redirects (
    id INTEGER PRIMARY KEY,
    from_path TEXT NOT NULL UNIQUE,
    to_path TEXT NOT NULL,
    created_at TEXT NOT NULL,
    CHECK (from_path <> to_path)
  );
  `,
  /* 17: what the seed fills once in content already stored (server/cms/seed.ts, fillPending) */ `
  -- Migration 15 expected a re-import to fill the inquiry presets; since the database is the truth
  -- (0047) none comes, so a database that has products with empty presets gets them from the seed once.
  CREATE TABLE seed_fills_pending (name TEXT PRIMARY KEY) WITHOUT ROWID;
  INSERT INTO seed_fills_pending (name) SELECT 'inquiry_preset' WHERE EXISTS (SELECT 1 FROM products WHERE inquiry_preset = '{}');
  `,
  /* 18: the editors' photos (docs/decisions/0046-editors-images.md) */ `
  -- A photo by its content's hash (its files in the media folder beside the database, written before
  -- the row), its alt text in each language and the variants made of it.
  CREATE TABLE content_media (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    width INTEGER NOT NULL,
    height INTEGER NOT NULL,
    alt TEXT NOT NULL CHECK (json_valid(alt)),
    variants TEXT NOT NULL CHECK (json_valid(variants)),
    created_at TEXT NOT NULL,
    member_id INTEGER REFERENCES staff_members (id) ON DELETE SET NULL,
    member_name TEXT NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX content_media_created ON content_media (created_at DESC);
  `,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/**
 * Applies the migrations this database has not seen yet, each in its own transaction. `target`: stop
 * at that version (a test that needs a database as an older build left it).
 */
export function migrate(db: Db, target = SCHEMA_VERSION): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > SCHEMA_VERSION) {
    // A newer build migrated this file; running older code against it could corrupt data.
    throw new Error(`cms database is at schema version ${current}, this build knows only ${SCHEMA_VERSION}`);
  }
  for (let version = current + 1; version <= Math.min(target, SCHEMA_VERSION); version++) {
    const migration = MIGRATIONS[version - 1]!;
    const sql = typeof migration === 'string' ? migration : migration.sql;
    const keysOff = typeof migration !== 'string' && migration.foreignKeysOff;
    // SQLite ignores the pragma inside a transaction: it is set around it (sqlite.org/lang_altertable.html, "Making Other Kinds Of Table Schema Changes").
    if (keysOff) db.pragma('foreign_keys = OFF');
    try {
      db.transaction(() => {
        db.exec(sql);
        if (keysOff) {
          const broken = db.pragma('foreign_key_check') as unknown[];
          if (broken.length > 0) throw new Error(`migration ${version} left ${broken.length} broken foreign keys`);
        }
        db.pragma(`user_version = ${version}`);
      }).immediate();
    } finally {
      if (keysOff) db.pragma('foreign_keys = ON');
    }
  }
}
