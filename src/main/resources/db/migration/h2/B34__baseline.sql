-- The schema and seeded rows that V1-V34 make, in one script: Flyway runs it instead of them on an empty
-- database (a new installation), then the versioned migrations after it. Written by BaselineMigrationTest from
-- the versioned migrations, and checked by it on every run: never edited by hand; a change is a new migration.
CREATE TABLE "users"(
    "id" UUID NOT NULL,
    "email" CHARACTER VARYING(320) NOT NULL,
    "email_key" CHARACTER VARYING(320) NOT NULL,
    "display_name" CHARACTER VARYING(200) NOT NULL,
    "password_hash" CHARACTER VARYING(100) NOT NULL,
    "created_at" TIMESTAMP WITH TIME ZONE NOT NULL
);
ALTER TABLE "users" ADD CONSTRAINT "CONSTRAINT_6" PRIMARY KEY("id");
CREATE UNIQUE NULLS DISTINCT INDEX "users_email_key_uq" ON "users"("email_key" NULLS LAST);
CREATE TABLE "refresh_token"(
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "family_id" UUID NOT NULL,
    "token_hash" BINARY VARYING NOT NULL,
    "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
    "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
    "rotated_at" TIMESTAMP WITH TIME ZONE,
    "revoked_at" TIMESTAMP WITH TIME ZONE
);
ALTER TABLE "refresh_token" ADD CONSTRAINT "CONSTRAINT_A" PRIMARY KEY("id");
CREATE UNIQUE NULLS DISTINCT INDEX "refresh_token_hash_uq" ON "refresh_token"("token_hash" NULLS LAST);
CREATE INDEX "refresh_token_family_idx" ON "refresh_token"("user_id" NULLS LAST, "family_id" NULLS LAST);
CREATE INDEX "refresh_token_expires_idx" ON "refresh_token"("expires_at" NULLS LAST);
CREATE TABLE "signing_key"(
    "kid" CHARACTER VARYING(64) NOT NULL,
    "algorithm" CHARACTER VARYING(16) NOT NULL,
    "jwk" CHARACTER VARYING NOT NULL,
    "created_at" TIMESTAMP WITH TIME ZONE NOT NULL
);
ALTER TABLE "signing_key" ADD CONSTRAINT "CONSTRAINT_D" PRIMARY KEY("kid");
CREATE TABLE "user_preferences"(
    "user_id" UUID NOT NULL,
    "home_currency" CHARACTER VARYING(3),
    "time_zone" CHARACTER VARYING(64) NOT NULL,
    "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL
);
ALTER TABLE "user_preferences" ADD CONSTRAINT "CONSTRAINT_19" PRIMARY KEY("user_id");
CREATE TABLE "recurring_rule"(
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "name" CHARACTER VARYING(200) NOT NULL,
    "template" CHARACTER VARYING(40000) NOT NULL,
    "every_n" INTEGER NOT NULL,
    "unit" CHARACTER VARYING(10) NOT NULL,
    "day_of_month" INTEGER,
    "last_day" BOOLEAN DEFAULT FALSE NOT NULL,
    "start_on" DATE NOT NULL,
    "end_on" DATE,
    "max_count" INTEGER,
    "action" CHARACTER VARYING(10) NOT NULL,
    "produced_count" INTEGER DEFAULT 0 NOT NULL,
    "next_on" DATE,
    "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
    "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL,
    "account_id" UUID,
    "seller_id" UUID
);
ALTER TABLE "recurring_rule" ADD CONSTRAINT "CONSTRAINT_8F5" PRIMARY KEY("user_id", "id");
CREATE INDEX "recurring_rule_next_idx" ON "recurring_rule"("next_on" NULLS LAST);
CREATE INDEX "recurring_rule_account_idx" ON "recurring_rule"("account_id" NULLS LAST);
CREATE INDEX "recurring_rule_seller_idx" ON "recurring_rule"("seller_id" NULLS LAST);
CREATE TABLE "category"(
    "id" UUID NOT NULL,
    "user_id" UUID,
    "parent_id" UUID,
    "builtin_key" CHARACTER VARYING(40),
    "name" CHARACTER VARYING(200) NOT NULL,
    "icon" CHARACTER VARYING(64) NOT NULL,
    "archived" BOOLEAN DEFAULT FALSE NOT NULL,
    "created_at" TIMESTAMP WITH TIME ZONE NOT NULL
);
ALTER TABLE "category" ADD CONSTRAINT "CONSTRAINT_3" PRIMARY KEY("id");
INSERT INTO "category" VALUES
(UUID '00000000-0000-7000-8000-000000000001', NULL, NULL, 'food', 'Food', 'restaurant', FALSE, TIMESTAMP WITH TIME ZONE '2026-01-01 00:00:00+00'),
(UUID '00000000-0000-7000-8000-000000000002', NULL, NULL, 'rent', 'Rent', 'home', FALSE, TIMESTAMP WITH TIME ZONE '2026-01-01 00:00:00+00'),
(UUID '00000000-0000-7000-8000-000000000003', NULL, NULL, 'utilities', 'Utilities', 'construction', FALSE, TIMESTAMP WITH TIME ZONE '2026-01-01 00:00:00+00'),
(UUID '00000000-0000-7000-8000-000000000004', NULL, NULL, 'transportation', 'Transportation', 'directions_car', FALSE, TIMESTAMP WITH TIME ZONE '2026-01-01 00:00:00+00'),
(UUID '00000000-0000-7000-8000-000000000005', NULL, NULL, 'healthcare', 'Healthcare', 'medical_services', FALSE, TIMESTAMP WITH TIME ZONE '2026-01-01 00:00:00+00'),
(UUID '00000000-0000-7000-8000-000000000006', NULL, NULL, 'debt', 'Debt', 'credit_card', FALSE, TIMESTAMP WITH TIME ZONE '2026-01-01 00:00:00+00'),
(UUID '00000000-0000-7000-8000-000000000007', NULL, NULL, 'childcare', 'Childcare', 'child_care', FALSE, TIMESTAMP WITH TIME ZONE '2026-01-01 00:00:00+00'),
(UUID '00000000-0000-7000-8000-000000000008', NULL, NULL, 'household', 'Household', 'household_supplies', FALSE, TIMESTAMP WITH TIME ZONE '2026-01-01 00:00:00+00'),
(UUID '00000000-0000-7000-8000-000000000009', NULL, NULL, 'entertainment', 'Entertainment', 'tv', FALSE, TIMESTAMP WITH TIME ZONE '2026-01-01 00:00:00+00'),
(UUID '00000000-0000-7000-8000-000000000010', NULL, NULL, 'self_care', 'Self care', 'self_care', FALSE, TIMESTAMP WITH TIME ZONE '2026-01-01 00:00:00+00'),
(UUID '00000000-0000-7000-8000-000000000011', NULL, NULL, 'clothing', 'Clothing', 'checkroom', FALSE, TIMESTAMP WITH TIME ZONE '2026-01-01 00:00:00+00'),
(UUID '00000000-0000-7000-8000-000000000012', NULL, NULL, 'education', 'Education', 'book', FALSE, TIMESTAMP WITH TIME ZONE '2026-01-01 00:00:00+00'),
(UUID '00000000-0000-7000-8000-000000000013', NULL, NULL, 'gifts_and_donations', 'Gifts and donations', 'featured_seasonal_and_gifts', FALSE, TIMESTAMP WITH TIME ZONE '2026-01-01 00:00:00+00'),
(UUID '00000000-0000-7000-8000-000000000014', NULL, NULL, 'emergency', 'Emergency', 'emergency', FALSE, TIMESTAMP WITH TIME ZONE '2026-01-01 00:00:00+00'),
(UUID '00000000-0000-7000-8000-000000000015', NULL, NULL, 'savings', 'Savings', 'savings', FALSE, TIMESTAMP WITH TIME ZONE '2026-01-01 00:00:00+00'),
(UUID '00000000-0000-7000-8000-000000000016', NULL, NULL, 'fitness', 'Fitness', 'fitness_center', FALSE, TIMESTAMP WITH TIME ZONE '2026-01-01 00:00:00+00'),
(UUID '00000000-0000-7000-8000-000000000017', NULL, NULL, 'miscellaneous', 'Miscellaneous', 'category', FALSE, TIMESTAMP WITH TIME ZONE '2026-01-01 00:00:00+00');
CREATE INDEX "category_user_idx" ON "category"("user_id" NULLS LAST, "parent_id" NULLS LAST);
CREATE TABLE "exchange_rate"(
    "user_id" UUID NOT NULL,
    "rate_date" DATE NOT NULL,
    "base" CHARACTER(3) NOT NULL,
    "quote" CHARACTER(3) NOT NULL,
    "rate" NUMERIC(20, 10) NOT NULL,
    "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL
);
ALTER TABLE "exchange_rate" ADD CONSTRAINT "CONSTRAINT_525" PRIMARY KEY("user_id", "base", "quote", "rate_date");
CREATE TABLE "reference_rate"(
    "rate_date" DATE NOT NULL,
    "base" CHARACTER(3) NOT NULL,
    "quote" CHARACTER(3) NOT NULL,
    "rate" NUMERIC(20, 10) NOT NULL
);
ALTER TABLE "reference_rate" ADD CONSTRAINT "CONSTRAINT_8E" PRIMARY KEY("base", "quote", "rate_date");
CREATE TABLE "import_mapping"(
    "user_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "delimiter" CHARACTER VARYING(1) NOT NULL,
    "has_header" BOOLEAN NOT NULL,
    "date_format" CHARACTER VARYING(40) NOT NULL,
    "decimal_separator" CHARACTER VARYING(1) NOT NULL,
    "date_column" CHARACTER VARYING(400),
    "amount_column" CHARACTER VARYING(400),
    "debit_column" CHARACTER VARYING(400),
    "credit_column" CHARACTER VARYING(400),
    "description_column" CHARACTER VARYING(400),
    "seller_column" CHARACTER VARYING(400),
    "category_column" CHARACTER VARYING(400),
    "account_column" CHARACTER VARYING(400),
    "currency_column" CHARACTER VARYING(400),
    "note_column" CHARACTER VARYING(400),
    "mode_column" CHARACTER VARYING(400),
    "transaction_column" CHARACTER VARYING(400),
    "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL
);
ALTER TABLE "import_mapping" ADD CONSTRAINT "CONSTRAINT_D4D5" PRIMARY KEY("user_id", "account_id");
CREATE TABLE "import_upload"(
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "filename" CHARACTER VARYING(510),
    "size_bytes" BIGINT NOT NULL,
    "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
    "account_id" UUID,
    "confirmed_at" TIMESTAMP WITH TIME ZONE,
    "recorded_count" INTEGER,
    "duplicate_count" INTEGER,
    "skipped_count" INTEGER
);
ALTER TABLE "import_upload" ADD CONSTRAINT "CONSTRAINT_B2" PRIMARY KEY("id");
CREATE INDEX "import_upload_user_idx" ON "import_upload"("user_id" NULLS LAST, "created_at" NULLS LAST);
CREATE TABLE "stored_file"(
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "sha256" CHARACTER(64) NOT NULL,
    "size_bytes" BIGINT NOT NULL,
    "media_type" CHARACTER VARYING(100) NOT NULL,
    "created_at" TIMESTAMP WITH TIME ZONE NOT NULL
);
ALTER TABLE "stored_file" ADD CONSTRAINT "CONSTRAINT_AE" PRIMARY KEY("id");
CREATE UNIQUE NULLS DISTINCT INDEX "stored_file_user_sha_uq" ON "stored_file"("user_id" NULLS LAST, "sha256" NULLS LAST);
CREATE TABLE "draft"(
    "user_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "account_id" UUID,
    "direction" CHARACTER VARYING(10) NOT NULL,
    "mode" CHARACTER VARYING(10) NOT NULL,
    "occurred_on" DATE,
    "occurred_at" TIME,
    "seller_id" UUID,
    "seller_location_id" UUID,
    "note" CHARACTER VARYING(1000),
    "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
    "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL
);
ALTER TABLE "draft" ADD CONSTRAINT "CONSTRAINT_5B" PRIMARY KEY("user_id");
CREATE UNIQUE NULLS DISTINCT INDEX "draft_id_uq" ON "draft"("id" NULLS LAST);
CREATE TABLE "draft_item"(
    "user_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "amount" NUMERIC(19, 4) NOT NULL,
    "quantity" NUMERIC(12, 3) NOT NULL,
    "description" CHARACTER VARYING(400),
    "brand" CHARACTER VARYING(200),
    "variation" CHARACTER VARYING(200),
    "category_id" UUID,
    "is_reduction" BOOLEAN NOT NULL,
    "created_at" TIMESTAMP WITH TIME ZONE NOT NULL
);
ALTER TABLE "draft_item" ADD CONSTRAINT "CONSTRAINT_AE959" PRIMARY KEY("user_id", "id");
CREATE TABLE "draft_document"(
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "file_id" UUID NOT NULL,
    "kind" CHARACTER VARYING(20) NOT NULL,
    "filename" CHARACTER VARYING(510),
    "created_at" TIMESTAMP WITH TIME ZONE NOT NULL
);
ALTER TABLE "draft_document" ADD CONSTRAINT "CONSTRAINT_9" PRIMARY KEY("id");
CREATE UNIQUE NULLS DISTINCT INDEX "draft_document_file_uq" ON "draft_document"("user_id" NULLS LAST, "file_id" NULLS LAST);
CREATE INDEX "draft_document_file_idx" ON "draft_document"("file_id" NULLS LAST);
CREATE TABLE "draft_item_image"(
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "item_id" UUID NOT NULL,
    "file_id" UUID NOT NULL,
    "filename" CHARACTER VARYING(510),
    "created_at" TIMESTAMP WITH TIME ZONE NOT NULL
);
ALTER TABLE "draft_item_image" ADD CONSTRAINT "CONSTRAINT_66" PRIMARY KEY("id");
CREATE UNIQUE NULLS DISTINCT INDEX "draft_item_image_file_uq" ON "draft_item_image"("user_id" NULLS LAST, "item_id" NULLS LAST, "file_id" NULLS LAST);
CREATE INDEX "draft_item_image_file_idx" ON "draft_item_image"("file_id" NULLS LAST);
CREATE TABLE "month_totals"(
    "user_id" UUID NOT NULL,
    "grouped_by" SMALLINT NOT NULL,
    "month_start" DATE NOT NULL,
    "group_id" UUID NOT NULL,
    "currency" CHARACTER(3) NOT NULL,
    "direction" CHARACTER VARYING(10) NOT NULL,
    "amount_minor" BIGINT NOT NULL,
    "item_count" BIGINT NOT NULL,
    "transaction_count" BIGINT NOT NULL
);
ALTER TABLE "month_totals" ADD CONSTRAINT "CONSTRAINT_71C" PRIMARY KEY("user_id", "grouped_by", "month_start", "group_id", "currency", "direction");
CREATE TABLE "seller_location"(
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "seller_id" UUID NOT NULL,
    "name" CHARACTER VARYING(400),
    "address" CHARACTER VARYING(1000),
    "is_virtual" BOOLEAN NOT NULL,
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,
    "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
    "cell" INTEGER
);
ALTER TABLE "seller_location" ADD CONSTRAINT "CONSTRAINT_5" PRIMARY KEY("id");
CREATE INDEX "seller_location_seller_idx" ON "seller_location"("seller_id" NULLS LAST);
CREATE INDEX "seller_location_geo_idx" ON "seller_location"("user_id" NULLS LAST, "latitude" NULLS LAST, "longitude" NULLS LAST);
CREATE INDEX "seller_location_cell_idx" ON "seller_location"("user_id" NULLS LAST, "cell" NULLS LAST);
CREATE TABLE "transaction_item"(
    "user_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "transaction_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "amount_minor" BIGINT NOT NULL,
    "quantity" NUMERIC(12, 3) NOT NULL,
    "description" CHARACTER VARYING(400),
    "brand" CHARACTER VARYING(200),
    "variation" CHARACTER VARYING(200),
    "category_id" UUID NOT NULL,
    "is_reduction" BOOLEAN NOT NULL
);
ALTER TABLE "transaction_item" ADD CONSTRAINT "CONSTRAINT_1E52" PRIMARY KEY("user_id", "id");
CREATE INDEX "transaction_item_category_idx" ON "transaction_item"("category_id" NULLS LAST);
CREATE INDEX "transaction_item_user_transaction_idx" ON "transaction_item"("user_id" NULLS LAST, "transaction_id" NULLS LAST, "position" NULLS LAST);
CREATE TABLE "transaction_document"(
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "transaction_id" UUID NOT NULL,
    "file_id" UUID NOT NULL,
    "kind" CHARACTER VARYING(20) NOT NULL,
    "filename" CHARACTER VARYING(510),
    "created_at" TIMESTAMP WITH TIME ZONE NOT NULL
);
ALTER TABLE "transaction_document" ADD CONSTRAINT "CONSTRAINT_63" PRIMARY KEY("id");
CREATE INDEX "transaction_document_transaction_idx" ON "transaction_document"("transaction_id" NULLS LAST);
CREATE INDEX "transaction_document_file_idx" ON "transaction_document"("file_id" NULLS LAST);
CREATE TABLE "item_image"(
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "item_id" UUID NOT NULL,
    "transaction_id" UUID NOT NULL,
    "file_id" UUID NOT NULL,
    "filename" CHARACTER VARYING(510),
    "created_at" TIMESTAMP WITH TIME ZONE NOT NULL
);
ALTER TABLE "item_image" ADD CONSTRAINT "CONSTRAINT_8" PRIMARY KEY("id");
CREATE INDEX "item_image_transaction_idx" ON "item_image"("transaction_id" NULLS LAST);
CREATE INDEX "item_image_file_idx" ON "item_image"("file_id" NULLS LAST);
CREATE TABLE "transfer"(
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "from_account_id" UUID NOT NULL,
    "to_account_id" UUID NOT NULL,
    "occurred_on" DATE NOT NULL,
    "sent_minor" BIGINT NOT NULL,
    "sent_currency" CHARACTER(3) NOT NULL,
    "received_minor" BIGINT NOT NULL,
    "received_currency" CHARACTER(3) NOT NULL,
    "note" CHARACTER VARYING(1000),
    "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
    "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL
);
ALTER TABLE "transfer" ADD CONSTRAINT "CONSTRAINT_4C58" PRIMARY KEY("user_id", "id");
CREATE INDEX "transfer_user_date_idx" ON "transfer"("user_id" NULLS LAST, "occurred_on" NULLS LAST, "id" NULLS LAST);
CREATE INDEX "transfer_from_idx" ON "transfer"("user_id" NULLS LAST, "from_account_id" NULLS LAST, "occurred_on" NULLS LAST, "id" NULLS LAST);
CREATE INDEX "transfer_to_idx" ON "transfer"("user_id" NULLS LAST, "to_account_id" NULLS LAST, "occurred_on" NULLS LAST, "id" NULLS LAST);
CREATE TABLE "imported_row"(
    "user_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "row_key" CHARACTER VARYING(220) NOT NULL,
    "transaction_id" UUID NOT NULL
);
ALTER TABLE "imported_row" ADD CONSTRAINT "CONSTRAINT_A3AAF" PRIMARY KEY("user_id", "account_id", "row_key");
CREATE INDEX "imported_row_transaction_idx" ON "imported_row"("transaction_id" NULLS LAST);
CREATE TABLE "spring_session"(
    "primary_id" CHARACTER(36) NOT NULL,
    "session_id" CHARACTER(36) NOT NULL,
    "creation_time" BIGINT NOT NULL,
    "last_access_time" BIGINT NOT NULL,
    "max_inactive_interval" INTEGER NOT NULL,
    "expiry_time" BIGINT NOT NULL,
    "principal_name" CHARACTER VARYING(100)
);
ALTER TABLE "spring_session" ADD CONSTRAINT "spring_session_pk" PRIMARY KEY("primary_id");
CREATE UNIQUE NULLS DISTINCT INDEX "spring_session_ix1" ON "spring_session"("session_id" NULLS LAST);
CREATE INDEX "spring_session_ix2" ON "spring_session"("expiry_time" NULLS LAST);
CREATE INDEX "spring_session_ix3" ON "spring_session"("principal_name" NULLS LAST);
CREATE TABLE "spring_session_attributes"(
    "session_primary_id" CHARACTER(36) NOT NULL,
    "attribute_name" CHARACTER VARYING(200) NOT NULL,
    "attribute_bytes" BINARY VARYING NOT NULL
);
ALTER TABLE "spring_session_attributes" ADD CONSTRAINT "spring_session_attributes_pk" PRIMARY KEY("session_primary_id", "attribute_name");
CREATE TABLE "transactions"(
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "direction" CHARACTER VARYING(10) NOT NULL,
    "mode" CHARACTER VARYING(10) NOT NULL,
    "occurred_on" DATE NOT NULL,
    "occurred_at" TIME,
    "seller_id" UUID,
    "seller_location_id" UUID,
    "note" CHARACTER VARYING(1000),
    "currency" CHARACTER(3) NOT NULL,
    "total_minor" BIGINT NOT NULL,
    "idempotency_key" CHARACTER VARYING(200),
    "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
    "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL,
    "item_count" INTEGER DEFAULT 0 NOT NULL,
    "idempotency_hash" CHARACTER VARYING(64)
);
ALTER TABLE "transactions" ADD CONSTRAINT "CONSTRAINT_7" PRIMARY KEY("user_id", "id");
CREATE INDEX "transactions_user_date_idx" ON "transactions"("user_id" NULLS LAST, "occurred_on" DESC NULLS FIRST, "id" DESC NULLS FIRST);
CREATE INDEX "transactions_account_idx" ON "transactions"("account_id" NULLS LAST, "occurred_on" DESC NULLS FIRST);
CREATE UNIQUE NULLS DISTINCT INDEX "transactions_idempotency_uq" ON "transactions"("user_id" NULLS LAST, "idempotency_key" NULLS LAST);
CREATE TABLE "account"(
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "name" CHARACTER VARYING(200) NOT NULL,
    "currency" CHARACTER(3) NOT NULL,
    "institution" CHARACTER VARYING(200),
    "reference_number" CHARACTER VARYING(128),
    "archived" BOOLEAN DEFAULT FALSE NOT NULL,
    "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
    "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL,
    "opening_balance_minor" BIGINT DEFAULT 0 NOT NULL
);
ALTER TABLE "account" ADD CONSTRAINT "CONSTRAINT_B" PRIMARY KEY("id");
CREATE INDEX "account_user_idx" ON "account"("user_id" NULLS LAST, "created_at" NULLS LAST);
CREATE TABLE "budget"(
    "user_id" UUID NOT NULL,
    "target_id" UUID NOT NULL,
    "category_id" UUID,
    "amount_minor" BIGINT NOT NULL,
    "currency" CHARACTER(3) NOT NULL,
    "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL
);
ALTER TABLE "budget" ADD CONSTRAINT "CONSTRAINT_ADDA" PRIMARY KEY("user_id", "target_id");
CREATE TABLE "day_totals"(
    "user_id" UUID NOT NULL,
    "grouped_by" SMALLINT NOT NULL,
    "group_id" UUID NOT NULL,
    "occurred_on" DATE NOT NULL,
    "currency" CHARACTER(3) NOT NULL,
    "direction" CHARACTER VARYING(10) NOT NULL,
    "amount_minor" BIGINT NOT NULL,
    "item_count" BIGINT NOT NULL,
    "transaction_count" BIGINT NOT NULL
);
ALTER TABLE "day_totals" ADD CONSTRAINT "CONSTRAINT_21" PRIMARY KEY("user_id", "grouped_by", "group_id", "occurred_on", "currency", "direction");
CREATE TABLE "seller"(
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "name" CHARACTER VARYING(400) NOT NULL,
    "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
    "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL,
    "archived" BOOLEAN DEFAULT FALSE NOT NULL
);
ALTER TABLE "seller" ADD CONSTRAINT "CONSTRAINT_C" PRIMARY KEY("id");
CREATE INDEX "seller_user_idx" ON "seller"("user_id" NULLS LAST, "name" NULLS LAST);
CREATE TABLE "recurring_rule_category"(
    "user_id" UUID NOT NULL,
    "rule_id" UUID NOT NULL,
    "category_id" UUID NOT NULL
);
ALTER TABLE "recurring_rule_category" ADD CONSTRAINT "CONSTRAINT_E7" PRIMARY KEY("user_id", "rule_id", "category_id");
CREATE INDEX "recurring_rule_category_idx" ON "recurring_rule_category"("category_id" NULLS LAST);
CREATE TABLE "recurring_occurrence"(
    "user_id" UUID NOT NULL,
    "rule_id" UUID NOT NULL,
    "occurs_on" DATE NOT NULL,
    "transaction_id" UUID NOT NULL,
    "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
    "state" CHARACTER VARYING(10) DEFAULT 'recorded' NOT NULL
);
ALTER TABLE "recurring_occurrence" ADD CONSTRAINT "CONSTRAINT_81" PRIMARY KEY("user_id", "rule_id", "occurs_on");
CREATE INDEX "recurring_occurrence_state_idx" ON "recurring_occurrence"("user_id" NULLS LAST, "state" NULLS LAST, "occurs_on" NULLS LAST);
ALTER TABLE "transfer" ADD CONSTRAINT "transfer_positive" CHECK(("sent_minor" > CAST(0 AS BIGINT))
    AND ("received_minor" > CAST(0 AS BIGINT))) NOCHECK;
ALTER TABLE "seller_location" ADD CONSTRAINT "seller_location_coordinates" CHECK("is_virtual"
    OR (("latitude" IS NOT NULL)
    AND ("longitude" IS NOT NULL))) NOCHECK;
ALTER TABLE "recurring_occurrence" ADD CONSTRAINT "recurring_occurrence_state" CHECK("state" IN('recorded', 'pending', 'skipped')) NOCHECK;
ALTER TABLE "recurring_rule" ADD CONSTRAINT "recurring_rule_day" CHECK(("day_of_month" IS NULL)
    OR ("day_of_month" BETWEEN 1 AND 31)) NOCHECK;
ALTER TABLE "recurring_rule" ADD CONSTRAINT "recurring_rule_count" CHECK(("max_count" IS NULL)
    OR ("max_count" > 0)) NOCHECK;
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_direction" CHECK("direction" IN('expense', 'income')) NOCHECK;
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_mode" CHECK("mode" IN('card', 'transfer', 'cash', 'other')) NOCHECK;
ALTER TABLE "transfer" ADD CONSTRAINT "transfer_two_accounts" CHECK("from_account_id" <> "to_account_id") NOCHECK;
ALTER TABLE "recurring_rule" ADD CONSTRAINT "recurring_rule_every" CHECK("every_n" > 0) NOCHECK;
ALTER TABLE "budget" ADD CONSTRAINT "budget_target" CHECK(("category_id" = "target_id")
    OR (("category_id" IS NULL)
    AND ("target_id" = UUID '00000000-0000-0000-0000-000000000000'))) NOCHECK;
ALTER TABLE "budget" ADD CONSTRAINT "budget_amount" CHECK("amount_minor" > CAST(0 AS BIGINT)) NOCHECK;
ALTER TABLE "recurring_rule_category" ADD CONSTRAINT "CONSTRAINT_E72" FOREIGN KEY("user_id", "rule_id") REFERENCES "recurring_rule"("user_id", "id") ON DELETE CASCADE NOCHECK;
ALTER TABLE "draft" ADD CONSTRAINT "CONSTRAINT_5B679A" FOREIGN KEY("seller_location_id") REFERENCES "seller_location"("id") NOCHECK;
ALTER TABLE "item_image" ADD CONSTRAINT "CONSTRAINT_8B" FOREIGN KEY("user_id", "transaction_id") REFERENCES "transactions"("user_id", "id") ON DELETE CASCADE NOCHECK;
ALTER TABLE "day_totals" ADD CONSTRAINT "CONSTRAINT_2" FOREIGN KEY("user_id") REFERENCES "users"("id") ON DELETE CASCADE NOCHECK;
ALTER TABLE "transfer" ADD CONSTRAINT "CONSTRAINT_4" FOREIGN KEY("user_id") REFERENCES "users"("id") ON DELETE CASCADE NOCHECK;
ALTER TABLE "draft" ADD CONSTRAINT "CONSTRAINT_5B67" FOREIGN KEY("account_id") REFERENCES "account"("id") NOCHECK;
ALTER TABLE "import_mapping" ADD CONSTRAINT "CONSTRAINT_D4D" FOREIGN KEY("account_id") REFERENCES "account"("id") ON DELETE CASCADE NOCHECK;
ALTER TABLE "spring_session_attributes" ADD CONSTRAINT "spring_session_attributes_fk" FOREIGN KEY("session_primary_id") REFERENCES "spring_session"("primary_id") ON DELETE CASCADE NOCHECK;
ALTER TABLE "transaction_item" ADD CONSTRAINT "CONSTRAINT_1" FOREIGN KEY("user_id") REFERENCES "users"("id") ON DELETE CASCADE NOCHECK;
ALTER TABLE "recurring_rule" ADD CONSTRAINT "CONSTRAINT_8F" FOREIGN KEY("user_id") REFERENCES "users"("id") ON DELETE CASCADE NOCHECK;
ALTER TABLE "draft" ADD CONSTRAINT "CONSTRAINT_5B679" FOREIGN KEY("seller_id") REFERENCES "seller"("id") NOCHECK;
ALTER TABLE "imported_row" ADD CONSTRAINT "CONSTRAINT_A3" FOREIGN KEY("user_id") REFERENCES "users"("id") ON DELETE CASCADE NOCHECK;
ALTER TABLE "recurring_rule_category" ADD CONSTRAINT "CONSTRAINT_E" FOREIGN KEY("category_id") REFERENCES "category"("id") NOCHECK;
ALTER TABLE "draft_item" ADD CONSTRAINT "CONSTRAINT_AE95" FOREIGN KEY("category_id") REFERENCES "category"("id") NOCHECK;
ALTER TABLE "seller_location" ADD CONSTRAINT "CONSTRAINT_55E" FOREIGN KEY("seller_id") REFERENCES "seller"("id") ON DELETE CASCADE NOCHECK;
ALTER TABLE "recurring_rule" ADD CONSTRAINT "recurring_rule_seller_fk" FOREIGN KEY("seller_id") REFERENCES "seller"("id") NOCHECK;
ALTER TABLE "stored_file" ADD CONSTRAINT "CONSTRAINT_AED" FOREIGN KEY("user_id") REFERENCES "users"("id") ON DELETE CASCADE NOCHECK;
ALTER TABLE "draft_item_image" ADD CONSTRAINT "CONSTRAINT_661E" FOREIGN KEY("user_id", "item_id") REFERENCES "draft_item"("user_id", "id") ON DELETE CASCADE NOCHECK;
ALTER TABLE "draft_item" ADD CONSTRAINT "CONSTRAINT_AE9" FOREIGN KEY("user_id") REFERENCES "draft"("user_id") ON DELETE CASCADE NOCHECK;
ALTER TABLE "seller" ADD CONSTRAINT "CONSTRAINT_C9" FOREIGN KEY("user_id") REFERENCES "users"("id") ON DELETE CASCADE NOCHECK;
ALTER TABLE "transaction_document" ADD CONSTRAINT "CONSTRAINT_639D8" FOREIGN KEY("file_id") REFERENCES "stored_file"("id") NOCHECK;
ALTER TABLE "category" ADD CONSTRAINT "CONSTRAINT_30" FOREIGN KEY("user_id") REFERENCES "users"("id") ON DELETE CASCADE NOCHECK;
ALTER TABLE "transfer" ADD CONSTRAINT "CONSTRAINT_4C5" FOREIGN KEY("to_account_id") REFERENCES "account"("id") NOCHECK;
ALTER TABLE "transaction_item" ADD CONSTRAINT "CONSTRAINT_1E5" FOREIGN KEY("category_id") REFERENCES "category"("id") NOCHECK;
ALTER TABLE "budget" ADD CONSTRAINT "CONSTRAINT_ADD" FOREIGN KEY("category_id") REFERENCES "category"("id") ON DELETE CASCADE NOCHECK;
ALTER TABLE "draft_document" ADD CONSTRAINT "CONSTRAINT_98" FOREIGN KEY("user_id") REFERENCES "draft"("user_id") ON DELETE CASCADE NOCHECK;
ALTER TABLE "refresh_token" ADD CONSTRAINT "CONSTRAINT_AA" FOREIGN KEY("user_id") REFERENCES "users"("id") ON DELETE CASCADE NOCHECK;
ALTER TABLE "budget" ADD CONSTRAINT "CONSTRAINT_AD" FOREIGN KEY("user_id") REFERENCES "users"("id") ON DELETE CASCADE NOCHECK;
ALTER TABLE "category" ADD CONSTRAINT "CONSTRAINT_302" FOREIGN KEY("parent_id") REFERENCES "category"("id") NOCHECK;
ALTER TABLE "account" ADD CONSTRAINT "CONSTRAINT_B9" FOREIGN KEY("user_id") REFERENCES "users"("id") ON DELETE CASCADE NOCHECK;
ALTER TABLE "draft_item_image" ADD CONSTRAINT "CONSTRAINT_661" FOREIGN KEY("file_id") REFERENCES "stored_file"("id") NOCHECK;
ALTER TABLE "imported_row" ADD CONSTRAINT "CONSTRAINT_A3A" FOREIGN KEY("account_id") REFERENCES "account"("id") ON DELETE CASCADE NOCHECK;
ALTER TABLE "item_image" ADD CONSTRAINT "CONSTRAINT_8B1" FOREIGN KEY("file_id") REFERENCES "stored_file"("id") NOCHECK;
ALTER TABLE "transaction_item" ADD CONSTRAINT "CONSTRAINT_1E" FOREIGN KEY("user_id", "transaction_id") REFERENCES "transactions"("user_id", "id") ON DELETE CASCADE NOCHECK;
ALTER TABLE "recurring_occurrence" ADD CONSTRAINT "CONSTRAINT_813" FOREIGN KEY("user_id", "rule_id") REFERENCES "recurring_rule"("user_id", "id") ON DELETE CASCADE NOCHECK;
ALTER TABLE "item_image" ADD CONSTRAINT "CONSTRAINT_8B16" FOREIGN KEY("user_id", "item_id") REFERENCES "transaction_item"("user_id", "id") ON DELETE CASCADE NOCHECK;
ALTER TABLE "imported_row" ADD CONSTRAINT "CONSTRAINT_A3AA" FOREIGN KEY("user_id", "transaction_id") REFERENCES "transactions"("user_id", "id") ON DELETE CASCADE NOCHECK;
ALTER TABLE "transaction_document" ADD CONSTRAINT "CONSTRAINT_639D" FOREIGN KEY("user_id", "transaction_id") REFERENCES "transactions"("user_id", "id") ON DELETE CASCADE NOCHECK;
ALTER TABLE "exchange_rate" ADD CONSTRAINT "CONSTRAINT_52" FOREIGN KEY("user_id") REFERENCES "users"("id") ON DELETE CASCADE NOCHECK;
ALTER TABLE "transfer" ADD CONSTRAINT "CONSTRAINT_4C" FOREIGN KEY("from_account_id") REFERENCES "account"("id") NOCHECK;
ALTER TABLE "import_upload" ADD CONSTRAINT "CONSTRAINT_B23D" FOREIGN KEY("account_id") REFERENCES "account"("id") ON DELETE CASCADE NOCHECK;
ALTER TABLE "draft" ADD CONSTRAINT "CONSTRAINT_5B6" FOREIGN KEY("user_id") REFERENCES "users"("id") ON DELETE CASCADE NOCHECK;
ALTER TABLE "import_mapping" ADD CONSTRAINT "CONSTRAINT_D4" FOREIGN KEY("user_id") REFERENCES "users"("id") ON DELETE CASCADE NOCHECK;
ALTER TABLE "transactions" ADD CONSTRAINT "CONSTRAINT_74798" FOREIGN KEY("seller_location_id") REFERENCES "seller_location"("id") NOCHECK;
ALTER TABLE "transaction_document" ADD CONSTRAINT "CONSTRAINT_639" FOREIGN KEY("user_id") REFERENCES "users"("id") ON DELETE CASCADE NOCHECK;
ALTER TABLE "recurring_rule" ADD CONSTRAINT "recurring_rule_account_fk" FOREIGN KEY("account_id") REFERENCES "account"("id") NOCHECK;
ALTER TABLE "user_preferences" ADD CONSTRAINT "CONSTRAINT_199" FOREIGN KEY("user_id") REFERENCES "users"("id") ON DELETE CASCADE NOCHECK;
ALTER TABLE "month_totals" ADD CONSTRAINT "CONSTRAINT_71" FOREIGN KEY("user_id") REFERENCES "users"("id") ON DELETE CASCADE NOCHECK;
ALTER TABLE "transactions" ADD CONSTRAINT "CONSTRAINT_74" FOREIGN KEY("user_id") REFERENCES "users"("id") ON DELETE CASCADE NOCHECK;
ALTER TABLE "import_upload" ADD CONSTRAINT "CONSTRAINT_B23" FOREIGN KEY("user_id") REFERENCES "users"("id") ON DELETE CASCADE NOCHECK;
ALTER TABLE "transactions" ADD CONSTRAINT "CONSTRAINT_747" FOREIGN KEY("account_id") REFERENCES "account"("id") NOCHECK;
ALTER TABLE "draft_document" ADD CONSTRAINT "CONSTRAINT_987" FOREIGN KEY("file_id") REFERENCES "stored_file"("id") NOCHECK;
ALTER TABLE "seller_location" ADD CONSTRAINT "CONSTRAINT_55" FOREIGN KEY("user_id") REFERENCES "users"("id") ON DELETE CASCADE NOCHECK;
ALTER TABLE "transactions" ADD CONSTRAINT "CONSTRAINT_7479" FOREIGN KEY("seller_id") REFERENCES "seller"("id") NOCHECK;
