-- The schema and seeded rows that V1-V34 make, in one script: Flyway runs it instead of them on an empty
-- database (a new installation), then the versioned migrations after it. Written by BaselineMigrationTest from
-- the versioned migrations, and checked by it on every run: never edited by hand; a change is a new migration.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE TABLE account (
    id uuid NOT NULL,
    user_id uuid NOT NULL,
    name character varying(100) NOT NULL,
    currency character(3) NOT NULL,
    institution character varying(100),
    reference_number character varying(64),
    archived boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    opening_balance_minor bigint DEFAULT 0 NOT NULL
);
CREATE TABLE budget (
    user_id uuid NOT NULL,
    target_id uuid NOT NULL,
    category_id uuid,
    amount_minor bigint NOT NULL,
    currency character(3) NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    CONSTRAINT budget_amount CHECK ((amount_minor > 0)),
    CONSTRAINT budget_target CHECK ((((category_id IS NULL) AND (target_id = '00000000-0000-0000-0000-000000000000'::uuid)) OR (category_id = target_id)))
);
CREATE TABLE category (
    id uuid NOT NULL,
    user_id uuid,
    parent_id uuid,
    builtin_key character varying(40),
    name character varying(100) NOT NULL,
    icon character varying(64) NOT NULL,
    archived boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone NOT NULL
);
CREATE TABLE day_totals (
    user_id uuid NOT NULL,
    grouped_by smallint NOT NULL,
    group_id uuid NOT NULL,
    occurred_on date NOT NULL,
    currency character(3) NOT NULL,
    direction character varying(10) NOT NULL,
    amount_minor bigint NOT NULL,
    item_count bigint NOT NULL,
    transaction_count bigint NOT NULL
);
CREATE TABLE draft (
    user_id uuid NOT NULL,
    id uuid NOT NULL,
    account_id uuid,
    direction character varying(10) NOT NULL,
    mode character varying(10) NOT NULL,
    occurred_on date,
    occurred_at time without time zone,
    seller_id uuid,
    seller_location_id uuid,
    note character varying(500),
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL
);
CREATE TABLE draft_document (
    id uuid NOT NULL,
    user_id uuid NOT NULL,
    file_id uuid NOT NULL,
    kind character varying(20) NOT NULL,
    filename character varying(255),
    created_at timestamp with time zone NOT NULL
);
CREATE TABLE draft_item (
    user_id uuid NOT NULL,
    id uuid NOT NULL,
    "position" integer NOT NULL,
    amount numeric(19,4) NOT NULL,
    quantity numeric(12,3) NOT NULL,
    description character varying(200),
    brand character varying(100),
    variation character varying(100),
    category_id uuid,
    is_reduction boolean NOT NULL,
    created_at timestamp with time zone NOT NULL
);
CREATE TABLE draft_item_image (
    id uuid NOT NULL,
    user_id uuid NOT NULL,
    item_id uuid NOT NULL,
    file_id uuid NOT NULL,
    filename character varying(255),
    created_at timestamp with time zone NOT NULL
);
CREATE TABLE exchange_rate (
    user_id uuid NOT NULL,
    rate_date date NOT NULL,
    base character(3) NOT NULL,
    quote character(3) NOT NULL,
    rate numeric(20,10) NOT NULL,
    updated_at timestamp with time zone NOT NULL
);
CREATE TABLE import_mapping (
    user_id uuid NOT NULL,
    account_id uuid NOT NULL,
    delimiter character varying(1) NOT NULL,
    has_header boolean NOT NULL,
    date_format character varying(40) NOT NULL,
    decimal_separator character varying(1) NOT NULL,
    date_column character varying(200),
    amount_column character varying(200),
    debit_column character varying(200),
    credit_column character varying(200),
    description_column character varying(200),
    seller_column character varying(200),
    category_column character varying(200),
    account_column character varying(200),
    currency_column character varying(200),
    note_column character varying(200),
    mode_column character varying(200),
    transaction_column character varying(200),
    updated_at timestamp with time zone NOT NULL
);
CREATE TABLE import_upload (
    id uuid NOT NULL,
    user_id uuid NOT NULL,
    filename character varying(255),
    size_bytes bigint NOT NULL,
    created_at timestamp with time zone NOT NULL,
    account_id uuid,
    confirmed_at timestamp with time zone,
    recorded_count integer,
    duplicate_count integer,
    skipped_count integer
);
CREATE TABLE imported_row (
    user_id uuid NOT NULL,
    account_id uuid NOT NULL,
    row_key character varying(220) NOT NULL,
    transaction_id uuid NOT NULL
);
CREATE TABLE item_image (
    id uuid NOT NULL,
    user_id uuid NOT NULL,
    item_id uuid NOT NULL,
    transaction_id uuid NOT NULL,
    file_id uuid NOT NULL,
    filename character varying(255),
    created_at timestamp with time zone NOT NULL
);
CREATE TABLE month_totals (
    user_id uuid NOT NULL,
    grouped_by smallint NOT NULL,
    month_start date NOT NULL,
    group_id uuid NOT NULL,
    currency character(3) NOT NULL,
    direction character varying(10) NOT NULL,
    amount_minor bigint NOT NULL,
    item_count bigint NOT NULL,
    transaction_count bigint NOT NULL
);
CREATE TABLE recurring_occurrence (
    user_id uuid NOT NULL,
    rule_id uuid NOT NULL,
    occurs_on date NOT NULL,
    transaction_id uuid NOT NULL,
    created_at timestamp with time zone NOT NULL,
    state character varying(10) DEFAULT 'recorded'::character varying NOT NULL,
    CONSTRAINT recurring_occurrence_state CHECK (((state)::text = ANY ((ARRAY['recorded'::character varying, 'pending'::character varying, 'skipped'::character varying])::text[])))
);
CREATE TABLE recurring_rule (
    id uuid NOT NULL,
    user_id uuid NOT NULL,
    name character varying(100) NOT NULL,
    template character varying(40000) NOT NULL,
    every_n integer NOT NULL,
    unit character varying(10) NOT NULL,
    day_of_month integer,
    last_day boolean DEFAULT false NOT NULL,
    start_on date NOT NULL,
    end_on date,
    max_count integer,
    action character varying(10) NOT NULL,
    produced_count integer DEFAULT 0 NOT NULL,
    next_on date,
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    account_id uuid,
    seller_id uuid,
    CONSTRAINT recurring_rule_count CHECK (((max_count IS NULL) OR (max_count > 0))),
    CONSTRAINT recurring_rule_day CHECK (((day_of_month IS NULL) OR ((day_of_month >= 1) AND (day_of_month <= 31)))),
    CONSTRAINT recurring_rule_every CHECK ((every_n > 0))
);
CREATE TABLE recurring_rule_category (
    user_id uuid NOT NULL,
    rule_id uuid NOT NULL,
    category_id uuid NOT NULL
);
CREATE TABLE reference_rate (
    rate_date date NOT NULL,
    base character(3) NOT NULL,
    quote character(3) NOT NULL,
    rate numeric(20,10) NOT NULL
);
CREATE TABLE refresh_token (
    id uuid NOT NULL,
    user_id uuid NOT NULL,
    family_id uuid NOT NULL,
    token_hash bytea NOT NULL,
    created_at timestamp with time zone NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    rotated_at timestamp with time zone,
    revoked_at timestamp with time zone
);
CREATE TABLE seller (
    id uuid NOT NULL,
    user_id uuid NOT NULL,
    name character varying(200) NOT NULL,
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    archived boolean DEFAULT false NOT NULL
);
CREATE TABLE seller_location (
    id uuid NOT NULL,
    user_id uuid NOT NULL,
    seller_id uuid NOT NULL,
    name character varying(200),
    address character varying(500),
    is_virtual boolean NOT NULL,
    latitude double precision,
    longitude double precision,
    created_at timestamp with time zone NOT NULL,
    cell integer,
    CONSTRAINT seller_location_coordinates CHECK ((is_virtual OR ((latitude IS NOT NULL) AND (longitude IS NOT NULL))))
);
CREATE TABLE signing_key (
    kid character varying(64) NOT NULL,
    algorithm character varying(16) NOT NULL,
    jwk text NOT NULL,
    created_at timestamp with time zone NOT NULL
);
CREATE TABLE spring_session (
    primary_id character(36) NOT NULL,
    session_id character(36) NOT NULL,
    creation_time bigint NOT NULL,
    last_access_time bigint NOT NULL,
    max_inactive_interval integer NOT NULL,
    expiry_time bigint NOT NULL,
    principal_name character varying(100)
);
CREATE TABLE spring_session_attributes (
    session_primary_id character(36) NOT NULL,
    attribute_name character varying(200) NOT NULL,
    attribute_bytes bytea NOT NULL
);
CREATE TABLE stored_file (
    id uuid NOT NULL,
    user_id uuid NOT NULL,
    sha256 character(64) NOT NULL,
    size_bytes bigint NOT NULL,
    media_type character varying(100) NOT NULL,
    created_at timestamp with time zone NOT NULL
);
CREATE TABLE transaction_document (
    id uuid NOT NULL,
    user_id uuid NOT NULL,
    transaction_id uuid NOT NULL,
    file_id uuid NOT NULL,
    kind character varying(20) NOT NULL,
    filename character varying(255),
    created_at timestamp with time zone NOT NULL
);
CREATE TABLE transaction_item (
    user_id uuid NOT NULL,
    id uuid NOT NULL,
    transaction_id uuid NOT NULL,
    "position" integer NOT NULL,
    amount_minor bigint NOT NULL,
    quantity numeric(12,3) NOT NULL,
    description character varying(200),
    brand character varying(100),
    variation character varying(100),
    category_id uuid NOT NULL,
    is_reduction boolean NOT NULL
);
CREATE TABLE transactions (
    id uuid NOT NULL,
    user_id uuid NOT NULL,
    account_id uuid NOT NULL,
    direction character varying(10) NOT NULL,
    mode character varying(10) NOT NULL,
    occurred_on date NOT NULL,
    occurred_at time without time zone,
    seller_id uuid,
    seller_location_id uuid,
    note character varying(500),
    currency character(3) NOT NULL,
    total_minor bigint NOT NULL,
    idempotency_key character varying(200),
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    item_count integer DEFAULT 0 NOT NULL,
    idempotency_hash character varying(64),
    CONSTRAINT transactions_direction CHECK (((direction)::text = ANY ((ARRAY['expense'::character varying, 'income'::character varying])::text[]))),
    CONSTRAINT transactions_mode CHECK (((mode)::text = ANY ((ARRAY['card'::character varying, 'transfer'::character varying, 'cash'::character varying, 'other'::character varying])::text[])))
);
CREATE TABLE transfer (
    id uuid NOT NULL,
    user_id uuid NOT NULL,
    from_account_id uuid NOT NULL,
    to_account_id uuid NOT NULL,
    occurred_on date NOT NULL,
    sent_minor bigint NOT NULL,
    sent_currency character(3) NOT NULL,
    received_minor bigint NOT NULL,
    received_currency character(3) NOT NULL,
    note character varying(500),
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    CONSTRAINT transfer_positive CHECK (((sent_minor > 0) AND (received_minor > 0))),
    CONSTRAINT transfer_two_accounts CHECK ((from_account_id <> to_account_id))
);
CREATE TABLE user_preferences (
    user_id uuid NOT NULL,
    home_currency character varying(3),
    time_zone character varying(64) NOT NULL,
    updated_at timestamp with time zone NOT NULL
);
CREATE TABLE users (
    id uuid NOT NULL,
    email character varying(320) NOT NULL,
    email_key character varying(320) NOT NULL,
    display_name character varying(100) NOT NULL,
    password_hash character varying(100) NOT NULL,
    created_at timestamp with time zone NOT NULL
);
INSERT INTO category VALUES ('00000000-0000-7000-8000-000000000001', NULL, NULL, 'food', 'Food', 'restaurant', false, '2026-01-01 00:00:00+00');
INSERT INTO category VALUES ('00000000-0000-7000-8000-000000000002', NULL, NULL, 'rent', 'Rent', 'home', false, '2026-01-01 00:00:00+00');
INSERT INTO category VALUES ('00000000-0000-7000-8000-000000000003', NULL, NULL, 'utilities', 'Utilities', 'construction', false, '2026-01-01 00:00:00+00');
INSERT INTO category VALUES ('00000000-0000-7000-8000-000000000004', NULL, NULL, 'transportation', 'Transportation', 'directions_car', false, '2026-01-01 00:00:00+00');
INSERT INTO category VALUES ('00000000-0000-7000-8000-000000000005', NULL, NULL, 'healthcare', 'Healthcare', 'medical_services', false, '2026-01-01 00:00:00+00');
INSERT INTO category VALUES ('00000000-0000-7000-8000-000000000006', NULL, NULL, 'debt', 'Debt', 'credit_card', false, '2026-01-01 00:00:00+00');
INSERT INTO category VALUES ('00000000-0000-7000-8000-000000000007', NULL, NULL, 'childcare', 'Childcare', 'child_care', false, '2026-01-01 00:00:00+00');
INSERT INTO category VALUES ('00000000-0000-7000-8000-000000000008', NULL, NULL, 'household', 'Household', 'household_supplies', false, '2026-01-01 00:00:00+00');
INSERT INTO category VALUES ('00000000-0000-7000-8000-000000000009', NULL, NULL, 'entertainment', 'Entertainment', 'tv', false, '2026-01-01 00:00:00+00');
INSERT INTO category VALUES ('00000000-0000-7000-8000-000000000010', NULL, NULL, 'self_care', 'Self care', 'self_care', false, '2026-01-01 00:00:00+00');
INSERT INTO category VALUES ('00000000-0000-7000-8000-000000000011', NULL, NULL, 'clothing', 'Clothing', 'checkroom', false, '2026-01-01 00:00:00+00');
INSERT INTO category VALUES ('00000000-0000-7000-8000-000000000012', NULL, NULL, 'education', 'Education', 'book', false, '2026-01-01 00:00:00+00');
INSERT INTO category VALUES ('00000000-0000-7000-8000-000000000013', NULL, NULL, 'gifts_and_donations', 'Gifts and donations', 'featured_seasonal_and_gifts', false, '2026-01-01 00:00:00+00');
INSERT INTO category VALUES ('00000000-0000-7000-8000-000000000014', NULL, NULL, 'emergency', 'Emergency', 'emergency', false, '2026-01-01 00:00:00+00');
INSERT INTO category VALUES ('00000000-0000-7000-8000-000000000015', NULL, NULL, 'savings', 'Savings', 'savings', false, '2026-01-01 00:00:00+00');
INSERT INTO category VALUES ('00000000-0000-7000-8000-000000000016', NULL, NULL, 'fitness', 'Fitness', 'fitness_center', false, '2026-01-01 00:00:00+00');
INSERT INTO category VALUES ('00000000-0000-7000-8000-000000000017', NULL, NULL, 'miscellaneous', 'Miscellaneous', 'category', false, '2026-01-01 00:00:00+00');
ALTER TABLE ONLY users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);
CREATE UNIQUE INDEX users_email_key_uq ON users USING btree (email_key);
ALTER TABLE ONLY refresh_token
    ADD CONSTRAINT refresh_token_pkey PRIMARY KEY (id);
CREATE UNIQUE INDEX refresh_token_hash_uq ON refresh_token USING btree (token_hash);
CREATE INDEX refresh_token_family_idx ON refresh_token USING btree (user_id, family_id);
CREATE INDEX refresh_token_expires_idx ON refresh_token USING btree (expires_at);
ALTER TABLE ONLY signing_key
    ADD CONSTRAINT signing_key_pkey PRIMARY KEY (kid);
ALTER TABLE ONLY account
    ADD CONSTRAINT account_pkey PRIMARY KEY (id);
CREATE INDEX account_user_idx ON account USING btree (user_id, created_at);
ALTER TABLE ONLY category
    ADD CONSTRAINT category_pkey PRIMARY KEY (id);
CREATE INDEX category_user_idx ON category USING btree (user_id, parent_id);
ALTER TABLE ONLY seller
    ADD CONSTRAINT seller_pkey PRIMARY KEY (id);
CREATE INDEX seller_user_idx ON seller USING btree (user_id, name);
ALTER TABLE ONLY seller_location
    ADD CONSTRAINT seller_location_pkey PRIMARY KEY (id);
CREATE INDEX seller_location_seller_idx ON seller_location USING btree (seller_id);
CREATE INDEX seller_location_geo_idx ON seller_location USING btree (user_id, latitude, longitude);
ALTER TABLE ONLY stored_file
    ADD CONSTRAINT stored_file_pkey PRIMARY KEY (id);
CREATE UNIQUE INDEX stored_file_user_sha_uq ON stored_file USING btree (user_id, sha256);
ALTER TABLE ONLY draft
    ADD CONSTRAINT draft_pkey PRIMARY KEY (user_id);
CREATE UNIQUE INDEX draft_id_uq ON draft USING btree (id);
ALTER TABLE ONLY draft_item
    ADD CONSTRAINT draft_item_pkey PRIMARY KEY (user_id, id);
ALTER TABLE ONLY draft_document
    ADD CONSTRAINT draft_document_pkey PRIMARY KEY (id);
CREATE UNIQUE INDEX draft_document_file_uq ON draft_document USING btree (user_id, file_id);
ALTER TABLE ONLY draft_item_image
    ADD CONSTRAINT draft_item_image_pkey PRIMARY KEY (id);
CREATE UNIQUE INDEX draft_item_image_file_uq ON draft_item_image USING btree (user_id, item_id, file_id);
CREATE INDEX transactions_user_date_idx ON transactions USING btree (user_id, occurred_on DESC, id DESC);
CREATE INDEX transactions_account_idx ON transactions USING btree (account_id, occurred_on DESC);
ALTER TABLE ONLY transaction_item
    ADD CONSTRAINT transaction_item_pkey PRIMARY KEY (user_id, id);
CREATE INDEX transaction_item_category_idx ON transaction_item USING btree (category_id);
ALTER TABLE ONLY transaction_document
    ADD CONSTRAINT transaction_document_pkey PRIMARY KEY (id);
CREATE INDEX transaction_document_transaction_idx ON transaction_document USING btree (transaction_id);
CREATE INDEX transaction_document_file_idx ON transaction_document USING btree (file_id);
ALTER TABLE ONLY item_image
    ADD CONSTRAINT item_image_pkey PRIMARY KEY (id);
CREATE INDEX item_image_transaction_idx ON item_image USING btree (transaction_id);
CREATE INDEX item_image_file_idx ON item_image USING btree (file_id);
CREATE INDEX draft_document_file_idx ON draft_document USING btree (file_id);
CREATE INDEX draft_item_image_file_idx ON draft_item_image USING btree (file_id);
ALTER TABLE ONLY month_totals
    ADD CONSTRAINT category_month_pkey PRIMARY KEY (user_id, grouped_by, month_start, group_id, currency, direction);
CREATE INDEX seller_location_cell_idx ON seller_location USING btree (user_id, cell);
ALTER TABLE ONLY import_mapping
    ADD CONSTRAINT import_mapping_pkey PRIMARY KEY (user_id, account_id);
ALTER TABLE ONLY import_upload
    ADD CONSTRAINT import_upload_pkey PRIMARY KEY (id);
CREATE INDEX import_upload_user_idx ON import_upload USING btree (user_id, created_at);
ALTER TABLE ONLY imported_row
    ADD CONSTRAINT imported_row_pkey PRIMARY KEY (user_id, account_id, row_key);
CREATE INDEX imported_row_transaction_idx ON imported_row USING btree (transaction_id);
ALTER TABLE ONLY spring_session
    ADD CONSTRAINT spring_session_pk PRIMARY KEY (primary_id);
CREATE UNIQUE INDEX spring_session_ix1 ON spring_session USING btree (session_id);
CREATE INDEX spring_session_ix2 ON spring_session USING btree (expiry_time);
CREATE INDEX spring_session_ix3 ON spring_session USING btree (principal_name);
ALTER TABLE ONLY spring_session_attributes
    ADD CONSTRAINT spring_session_attributes_pk PRIMARY KEY (session_primary_id, attribute_name);
ALTER TABLE ONLY transactions
    ADD CONSTRAINT transactions_pkey PRIMARY KEY (user_id, id);
ALTER TABLE ONLY transfer
    ADD CONSTRAINT transfer_pkey PRIMARY KEY (user_id, id);
CREATE INDEX transfer_user_date_idx ON transfer USING btree (user_id, occurred_on, id);
CREATE INDEX transfer_from_idx ON transfer USING btree (user_id, from_account_id, occurred_on, id);
CREATE INDEX transfer_to_idx ON transfer USING btree (user_id, to_account_id, occurred_on, id);
ALTER TABLE ONLY user_preferences
    ADD CONSTRAINT user_preferences_pkey PRIMARY KEY (user_id);
ALTER TABLE ONLY recurring_rule
    ADD CONSTRAINT recurring_rule_pkey PRIMARY KEY (user_id, id);
CREATE INDEX recurring_rule_next_idx ON recurring_rule USING btree (next_on);
ALTER TABLE ONLY recurring_occurrence
    ADD CONSTRAINT recurring_occurrence_pkey PRIMARY KEY (user_id, rule_id, occurs_on);
ALTER TABLE ONLY exchange_rate
    ADD CONSTRAINT exchange_rate_pkey PRIMARY KEY (user_id, base, quote, rate_date);
ALTER TABLE ONLY reference_rate
    ADD CONSTRAINT reference_rate_pkey PRIMARY KEY (base, quote, rate_date);
ALTER TABLE ONLY budget
    ADD CONSTRAINT budget_pkey PRIMARY KEY (user_id, target_id);
CREATE INDEX recurring_rule_account_idx ON recurring_rule USING btree (account_id);
CREATE INDEX recurring_rule_seller_idx ON recurring_rule USING btree (seller_id);
ALTER TABLE ONLY recurring_rule_category
    ADD CONSTRAINT recurring_rule_category_pkey PRIMARY KEY (user_id, rule_id, category_id);
CREATE INDEX recurring_rule_category_idx ON recurring_rule_category USING btree (category_id);
CREATE INDEX recurring_occurrence_state_idx ON recurring_occurrence USING btree (user_id, state, occurs_on);
CREATE INDEX transactions_note_trgm_idx ON transactions USING gin (lower((note)::text) gin_trgm_ops);
CREATE INDEX transaction_item_description_trgm_idx ON transaction_item USING gin (lower((description)::text) gin_trgm_ops);
CREATE INDEX transaction_item_brand_trgm_idx ON transaction_item USING gin (lower((brand)::text) gin_trgm_ops);
CREATE INDEX transactions_seller_idx ON transactions USING btree (seller_id, occurred_on DESC, id DESC);
CREATE UNIQUE INDEX transactions_idempotency_uq ON transactions USING btree (user_id, idempotency_key) WHERE (idempotency_key IS NOT NULL);
ALTER TABLE ONLY day_totals
    ADD CONSTRAINT day_totals_pkey PRIMARY KEY (user_id, grouped_by, group_id, occurred_on, currency, direction);
CREATE INDEX transaction_item_user_transaction_idx ON transaction_item USING btree (user_id, transaction_id, "position");
ALTER TABLE ONLY account
    ADD CONSTRAINT account_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY budget
    ADD CONSTRAINT budget_category_id_fkey FOREIGN KEY (category_id) REFERENCES category(id) ON DELETE CASCADE;
ALTER TABLE ONLY budget
    ADD CONSTRAINT budget_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY month_totals
    ADD CONSTRAINT category_month_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY category
    ADD CONSTRAINT category_parent_id_fkey FOREIGN KEY (parent_id) REFERENCES category(id);
ALTER TABLE ONLY category
    ADD CONSTRAINT category_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY day_totals
    ADD CONSTRAINT day_totals_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY draft
    ADD CONSTRAINT draft_account_id_fkey FOREIGN KEY (account_id) REFERENCES account(id);
ALTER TABLE ONLY draft_document
    ADD CONSTRAINT draft_document_file_id_fkey FOREIGN KEY (file_id) REFERENCES stored_file(id);
ALTER TABLE ONLY draft_document
    ADD CONSTRAINT draft_document_user_id_fkey FOREIGN KEY (user_id) REFERENCES draft(user_id) ON DELETE CASCADE;
ALTER TABLE ONLY draft_item
    ADD CONSTRAINT draft_item_category_id_fkey FOREIGN KEY (category_id) REFERENCES category(id);
ALTER TABLE ONLY draft_item_image
    ADD CONSTRAINT draft_item_image_file_id_fkey FOREIGN KEY (file_id) REFERENCES stored_file(id);
ALTER TABLE ONLY draft_item_image
    ADD CONSTRAINT draft_item_image_user_id_item_id_fkey FOREIGN KEY (user_id, item_id) REFERENCES draft_item(user_id, id) ON DELETE CASCADE;
ALTER TABLE ONLY draft_item
    ADD CONSTRAINT draft_item_user_id_fkey FOREIGN KEY (user_id) REFERENCES draft(user_id) ON DELETE CASCADE;
ALTER TABLE ONLY draft
    ADD CONSTRAINT draft_seller_id_fkey FOREIGN KEY (seller_id) REFERENCES seller(id);
ALTER TABLE ONLY draft
    ADD CONSTRAINT draft_seller_location_id_fkey FOREIGN KEY (seller_location_id) REFERENCES seller_location(id);
ALTER TABLE ONLY draft
    ADD CONSTRAINT draft_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY exchange_rate
    ADD CONSTRAINT exchange_rate_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY import_mapping
    ADD CONSTRAINT import_mapping_account_id_fkey FOREIGN KEY (account_id) REFERENCES account(id) ON DELETE CASCADE;
ALTER TABLE ONLY import_mapping
    ADD CONSTRAINT import_mapping_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY import_upload
    ADD CONSTRAINT import_upload_account_id_fkey FOREIGN KEY (account_id) REFERENCES account(id) ON DELETE CASCADE;
ALTER TABLE ONLY import_upload
    ADD CONSTRAINT import_upload_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY imported_row
    ADD CONSTRAINT imported_row_account_id_fkey FOREIGN KEY (account_id) REFERENCES account(id) ON DELETE CASCADE;
ALTER TABLE ONLY imported_row
    ADD CONSTRAINT imported_row_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY imported_row
    ADD CONSTRAINT imported_row_user_id_transaction_id_fkey FOREIGN KEY (user_id, transaction_id) REFERENCES transactions(user_id, id) ON DELETE CASCADE;
ALTER TABLE ONLY item_image
    ADD CONSTRAINT item_image_file_id_fkey FOREIGN KEY (file_id) REFERENCES stored_file(id);
ALTER TABLE ONLY item_image
    ADD CONSTRAINT item_image_user_id_item_id_fkey FOREIGN KEY (user_id, item_id) REFERENCES transaction_item(user_id, id) ON DELETE CASCADE;
ALTER TABLE ONLY item_image
    ADD CONSTRAINT item_image_user_id_transaction_id_fkey FOREIGN KEY (user_id, transaction_id) REFERENCES transactions(user_id, id) ON DELETE CASCADE;
ALTER TABLE ONLY recurring_occurrence
    ADD CONSTRAINT recurring_occurrence_user_id_rule_id_fkey FOREIGN KEY (user_id, rule_id) REFERENCES recurring_rule(user_id, id) ON DELETE CASCADE;
ALTER TABLE ONLY recurring_rule
    ADD CONSTRAINT recurring_rule_account_fk FOREIGN KEY (account_id) REFERENCES account(id);
ALTER TABLE ONLY recurring_rule_category
    ADD CONSTRAINT recurring_rule_category_category_id_fkey FOREIGN KEY (category_id) REFERENCES category(id);
ALTER TABLE ONLY recurring_rule_category
    ADD CONSTRAINT recurring_rule_category_user_id_rule_id_fkey FOREIGN KEY (user_id, rule_id) REFERENCES recurring_rule(user_id, id) ON DELETE CASCADE;
ALTER TABLE ONLY recurring_rule
    ADD CONSTRAINT recurring_rule_seller_fk FOREIGN KEY (seller_id) REFERENCES seller(id);
ALTER TABLE ONLY recurring_rule
    ADD CONSTRAINT recurring_rule_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY refresh_token
    ADD CONSTRAINT refresh_token_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY seller_location
    ADD CONSTRAINT seller_location_seller_id_fkey FOREIGN KEY (seller_id) REFERENCES seller(id) ON DELETE CASCADE;
ALTER TABLE ONLY seller_location
    ADD CONSTRAINT seller_location_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY seller
    ADD CONSTRAINT seller_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY spring_session_attributes
    ADD CONSTRAINT spring_session_attributes_fk FOREIGN KEY (session_primary_id) REFERENCES spring_session(primary_id) ON DELETE CASCADE;
ALTER TABLE ONLY stored_file
    ADD CONSTRAINT stored_file_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY transaction_document
    ADD CONSTRAINT transaction_document_file_id_fkey FOREIGN KEY (file_id) REFERENCES stored_file(id);
ALTER TABLE ONLY transaction_document
    ADD CONSTRAINT transaction_document_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY transaction_document
    ADD CONSTRAINT transaction_document_user_id_transaction_id_fkey FOREIGN KEY (user_id, transaction_id) REFERENCES transactions(user_id, id) ON DELETE CASCADE;
ALTER TABLE ONLY transaction_item
    ADD CONSTRAINT transaction_item_category_id_fkey FOREIGN KEY (category_id) REFERENCES category(id);
ALTER TABLE ONLY transaction_item
    ADD CONSTRAINT transaction_item_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY transaction_item
    ADD CONSTRAINT transaction_item_user_id_transaction_id_fkey FOREIGN KEY (user_id, transaction_id) REFERENCES transactions(user_id, id) ON DELETE CASCADE;
ALTER TABLE ONLY transactions
    ADD CONSTRAINT transactions_account_id_fkey FOREIGN KEY (account_id) REFERENCES account(id);
ALTER TABLE ONLY transactions
    ADD CONSTRAINT transactions_seller_id_fkey FOREIGN KEY (seller_id) REFERENCES seller(id);
ALTER TABLE ONLY transactions
    ADD CONSTRAINT transactions_seller_location_id_fkey FOREIGN KEY (seller_location_id) REFERENCES seller_location(id);
ALTER TABLE ONLY transactions
    ADD CONSTRAINT transactions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY transfer
    ADD CONSTRAINT transfer_from_account_id_fkey FOREIGN KEY (from_account_id) REFERENCES account(id);
ALTER TABLE ONLY transfer
    ADD CONSTRAINT transfer_to_account_id_fkey FOREIGN KEY (to_account_id) REFERENCES account(id);
ALTER TABLE ONLY transfer
    ADD CONSTRAINT transfer_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE ONLY user_preferences
    ADD CONSTRAINT user_preferences_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE;
