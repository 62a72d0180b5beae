-- Custom migration: trigram matching for the contact search index (drizzle-kit emits no CREATE EXTENSION).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
