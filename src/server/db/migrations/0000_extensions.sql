-- Extensions the schema needs (the trigram indexes of list search).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
