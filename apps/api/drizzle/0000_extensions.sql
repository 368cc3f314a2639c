-- Trigram matching for school search by name; ships with PostgreSQL contrib and PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
